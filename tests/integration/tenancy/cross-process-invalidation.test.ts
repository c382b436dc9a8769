import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asSystem } from '#db/tenant-scope'
import { createPlatform, type RunningPlatform } from '#server/boot/create-platform'
import { loadEnv } from '#server/env.server'
import { createLogger } from '#server/logger'
import { createTestDatabase, type TestDatabase } from '#tests/support/test-database'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const redisUrl = process.env.REDIS_URL ?? ''

describe.skipIf(!redisUrl)(`tenant cache invalidation across server processes (${engine}) — skipped: needs REDIS_URL`, () => {
  let database: TestDatabase
  let first: RunningPlatform
  let second: RunningPlatform

  beforeAll(async () => {
    database = await createTestDatabase()
    // A long TTL, so only an invalidation can explain a fresh answer.
    const env = loadEnv({
      NODE_ENV: 'test',
      APP_SECRET: 'test-secret-test-secret-test-secret-0123',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'invalidation-')),
      REDIS_URL: redisUrl,
      TENANT_CACHE_TTL_SECONDS: '3600',
    })
    const logger = createLogger('silent')
    const queuePrefix = `test-${randomBytes(6).toString('hex')}`
    first = await createPlatform(env, logger, { database: database.handle, queuePrefix })
    second = await createPlatform(env, logger, { database: database.handle, queuePrefix })
  })
  afterAll(async () => {
    await first?.close()
    await second?.close()
    await database?.drop()
  })

  it('drops a tenant in every process when one process writes it', async () => {
    const orgId = `shared-${randomBytes(3).toString('hex')}`
    const row = await asSystem(database.handle, 'test: tenant', (trx) =>
      trx.insertInto('tenants').values({ org_id: orgId, name: 'Before', settings: '{}' }).returning('id').executeTakeFirstOrThrow(),
    )
    expect((await first.tenants.findByOrgId(orgId))?.name).toBe('Before')
    expect((await second.tenants.findByOrgId(orgId))?.name).toBe('Before')

    await asSystem(database.handle, 'test: rename', (trx) => trx.updateTable('tenants').set({ name: 'After' }).where('id', '=', row.id).execute())
    expect((await second.tenants.findByOrgId(orgId))?.name).toBe('Before')

    // The subscription is made in the background at start-up; keep telling until it is heard.
    const deadline = Date.now() + 10_000
    let seen = 'Before'
    while (seen !== 'After' && Date.now() < deadline) {
      first.tenants.invalidate(row.id)
      await new Promise((resolve) => setTimeout(resolve, 100))
      seen = (await second.tenants.findByOrgId(orgId))?.name ?? ''
    }
    expect(seen).toBe('After')
    expect((await first.tenants.findByOrgId(orgId))?.name).toBe('After')
  })

  it('tells every process which tags changed, so each drops only what shares one', async () => {
    const tenantId = '00000000-0000-4000-8000-0000000000aa'
    const heard: string[] = []
    second.caches.onChange((id, tags) => {
      if (id === tenantId) heard.push([...tags].join(','))
    })
    const deadline = Date.now() + 10_000
    while (heard.length === 0 && Date.now() < deadline) {
      first.caches.changed(tenantId, ['site', 'forms'])
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    expect(heard[0]).toBe('site,forms')
  })

  it('answers /readyz-style pings to Redis', async () => {
    await expect(first.pingRedis?.()).resolves.toBeUndefined()
  })
})
