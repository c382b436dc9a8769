import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { DatabaseHandle } from '#db/connection'
import { seedDatabase } from '#db/seed'
import { demoLogins, masterAdminEmail, standardPages } from '#db/seed-data'
import { asSystem } from '#db/tenant-scope'
import { hashPassword, verifyPassword } from '#server/auth/password'
import { prepareDatabase } from '#server/boot/prepare-database'
import { loadEnv } from '#server/env.server'
import { createLogger } from '#server/logger'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const logger = createLogger('silent')

async function snapshot(database: DatabaseHandle) {
  return asSystem(database, 'test: read the seed', async (trx) => ({
    tenants: await trx.selectFrom('tenants').select(['id', 'org_id', 'name', 'parent_tenant_id', 'is_master_franchise']).orderBy('org_id').execute(),
    contacts: await trx
      .selectFrom('contacts')
      .innerJoin('tenants', 'tenants.id', 'contacts.tenant_id')
      .select(['tenants.org_id', 'contacts.email', 'contacts.role', 'contacts.password_hash'])
      .orderBy('contacts.email')
      .execute(),
    pages: await trx
      .selectFrom('web_pages')
      .innerJoin('tenants', 'tenants.id', 'web_pages.tenant_id')
      .select(['tenants.org_id', 'web_pages.name', 'web_pages.sequence', 'web_pages.is_legal', 'web_pages.is_show_navigation'])
      .orderBy('tenants.org_id')
      .orderBy('web_pages.sequence')
      .execute(),
  }))
}

function envFor(values: Record<string, string>) {
  return loadEnv({ APP_SECRET: 'test-secret-test-secret-test-secret-0123', DATA_DIR: mkdtempSync(join(tmpdir(), 'seed-test-')), ...values })
}

describe(`seeding an empty database (${engine})`, () => {
  let test: TestDatabase
  beforeAll(async () => {
    test = await createTestDatabase()
  })
  afterAll(() => test?.drop())

  it('creates the master tenant, the demo tenants, their people and their standard pages', async () => {
    const result = await seedDatabase(test.handle, {
      masterOrgId: 'master',
      includeDemo: true,
      demoPassword: 'demo-password-1',
      hashPassword,
    })
    expect(result).toEqual({ seeded: true })
    const { tenants, contacts, pages } = await snapshot(test.handle)

    expect(tenants.map((t) => [t.org_id, t.name, t.is_master_franchise])).toEqual([
      ['demo', 'Demo Yoga Studio', true],
      ['demo-east', 'Demo Yoga Studio East', false],
      ['master', 'Studio Platform', false],
    ])
    const demo = tenants.find((t) => t.org_id === 'demo')
    expect(tenants.find((t) => t.org_id === 'demo-east')?.parent_tenant_id).toBe(demo?.id)

    const users = contacts.filter((c) => c.role !== null)
    const byEmail = new Map(users.map((c) => [c.email, c]))
    for (const [email, role] of [
      ['admin@demo.test', 'ROLE_ADMIN'],
      ['staff@demo.test', 'ROLE_STAFF'],
      ['frontdesk@demo.test', 'ROLE_FRONTDESK'],
      ['student@demo.test', 'ROLE_STUDENT'],
    ] as const) {
      expect(byEmail.get(email)).toMatchObject({ org_id: 'demo', role })
    }
    expect(byEmail.get(masterAdminEmail)).toMatchObject({ org_id: 'master', role: 'ROLE_ADMIN' })
    for (const email of [...demoLogins, masterAdminEmail]) {
      expect(await verifyPassword('demo-password-1', byEmail.get(email)?.password_hash ?? null)).toBe(true)
      expect(await verifyPassword('wrong-password', byEmail.get(email)?.password_hash ?? null)).toBe(false)
    }
    // Contacts without a role are people on the books, not users: they cannot sign in.
    for (const person of contacts.filter((c) => c.role === null)) expect(person.password_hash).toBeNull()

    for (const orgId of ['master', 'demo', 'demo-east']) {
      const own = pages.filter((page) => page.org_id === orgId)
      expect(own.map((page) => page.sequence)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
      expect(own.map((page) => page.name)).toEqual(standardPages.map((page) => page.name))
      expect(own.filter((page) => page.is_legal).map((page) => page.name)).toEqual(['privacypolicy', 'termsofservice'])
      expect(own.filter((page) => page.is_legal).every((page) => !page.is_show_navigation)).toBe(true)
    }
  })

  it('does nothing on a second run', async () => {
    const before = await snapshot(test.handle)
    const result = await seedDatabase(test.handle, { masterOrgId: 'master', includeDemo: true, demoPassword: 'another-password', hashPassword })
    expect(result).toEqual({ seeded: false })
    expect(await snapshot(test.handle)).toEqual(before)
  })
})

describe(`preparing the database at start-up (${engine})`, () => {
  const databases: TestDatabase[] = []
  async function emptyDatabase(migrate: boolean) {
    const test = await createTestDatabase({ migrate })
    databases.push(test)
    return test.handle
  }
  afterAll(async () => {
    for (const test of databases) await test.drop()
  })

  it('migrates a blank database, seeds it, and keeps a generated demo password in the data folder', async () => {
    const database = await emptyDatabase(false)
    const env = envFor({ NODE_ENV: 'development' })
    const first = await prepareDatabase(database, env, logger)
    expect(first.seeded).toBe(true)
    expect(first.demoPassword).toMatch(/^[A-Za-z0-9_-]{12}$/)
    const file = join(env.DATA_DIR, 'demo-password')
    expect(readFileSync(file, 'utf8').trim()).toBe(first.demoPassword)

    const admin = (await snapshot(database)).contacts.find((c) => c.email === 'admin@demo.test')
    expect(await verifyPassword(first.demoPassword ?? '', admin?.password_hash ?? null)).toBe(true)

    // Every later start reuses the kept password (to print it again) and seeds nothing.
    const second = await prepareDatabase(database, env, logger)
    expect(second).toEqual({ seeded: false, demoPassword: first.demoPassword })
  })

  it('uses SEED_DEMO_PASSWORD when it is set, keeps no file, and names the master tenant after MASTER_ORG_ID', async () => {
    const database = await emptyDatabase(true)
    const env = envFor({ NODE_ENV: 'development', SEED_DEMO_PASSWORD: 'chosen-by-ops', MASTER_ORG_ID: 'hq' })
    const prepared = await prepareDatabase(database, env, logger)
    expect(prepared).toEqual({ seeded: true, demoPassword: 'chosen-by-ops' })
    expect(existsSync(join(env.DATA_DIR, 'demo-password'))).toBe(false)
    const { tenants, contacts } = await snapshot(database)
    const student = contacts.find((c) => c.email === 'student@demo.test')
    expect(await verifyPassword('chosen-by-ops', student?.password_hash ?? null)).toBe(true)
    expect(tenants.map((t) => t.org_id)).toEqual(['demo', 'demo-east', 'hq'])
    expect(contacts.find((c) => c.email === masterAdminEmail)?.org_id).toBe('hq')
  })

  it('in production seeds only the master tenant, with no users and no password', async () => {
    const database = await emptyDatabase(true)
    const env = envFor({ NODE_ENV: 'production' })
    const prepared = await prepareDatabase(database, env, logger)
    expect(prepared).toEqual({ seeded: true, demoPassword: null })
    const { tenants, contacts, pages } = await snapshot(database)
    expect(tenants.map((t) => t.org_id)).toEqual(['master'])
    expect(contacts).toEqual([])
    expect(pages).toHaveLength(12)
    expect(existsSync(join(env.DATA_DIR, 'demo-password'))).toBe(false)
  })

  it('in production seeds the demo when asked with SEED_DEMO=true', async () => {
    const database = await emptyDatabase(true)
    const env = envFor({ NODE_ENV: 'production', SEED_DEMO: 'true', SEED_DEMO_PASSWORD: 'show-the-demo' })
    const prepared = await prepareDatabase(database, env, logger)
    expect(prepared).toEqual({ seeded: true, demoPassword: 'show-the-demo' })
    const { tenants, contacts } = await snapshot(database)
    expect(tenants.map((t) => t.org_id)).toEqual(['demo', 'demo-east', 'master'])
    expect(contacts.filter((c) => c.role !== null).map((c) => c.email)).toEqual(
      expect.arrayContaining([...demoLogins, masterAdminEmail]),
    )
  })
})
