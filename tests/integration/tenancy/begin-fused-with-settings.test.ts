import pg from 'pg'
import { sql } from 'kysely'
import { asSystem, withTenant } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

/**
 * The Postgres driver sends a transaction's `begin` with its settings statement
 * (db/begin-fusing-dialect.ts): what reaches the server, and that the transaction is still one.
 */
describe.skipIf(!process.env.DATABASE_URL)('a transaction begun together with its settings (Postgres)', () => {
  let platform: TestPlatform
  let tenant: Tenant
  let other: Tenant
  const sent: string[] = []
  const originalQuery = pg.Client.prototype.query

  beforeAll(async () => {
    platform = await createTestPlatform()
    tenant = await createTenant(platform, { orgId: 'fused' })
    other = await createTenant(platform, { orgId: 'fused-other' })
    await createContact(platform, other, { email: 'other@fused.test' })
    // Every statement the pool's clients send, as text: node-postgres has no hook of its own.
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const [config] = args
      const text = typeof config === 'string' ? config : (config as { text?: string } | null)?.text
      if (typeof text === 'string') sent.push(text.replace(/\s+/g, ' ').trim())
      // Forwarded as called: query's overloads cannot be named one by one here.
      return (originalQuery as (...params: unknown[]) => unknown).apply(this, args)
    } as typeof pg.Client.prototype.query
  })
  afterAll(async () => {
    pg.Client.prototype.query = originalQuery
    await platform.close()
  })
  beforeEach(() => {
    sent.length = 0
  })

  it('sends begin and the tenant settings as one statement, then the work, then commit', async () => {
    const rows = await withTenant(platform.database, tenant.id, (trx) => trx.selectFrom('contacts').select('email').execute())
    expect(rows).toEqual([])
    expect(sent).toHaveLength(3)
    expect(sent[0]).toBe(`begin; select set_config('role', 'app_tenant', true), set_config('app.tenant_id', '${tenant.id}', true)`)
    expect(sent[1]).toMatch(/^select "email" from "contacts"/)
    expect(sent[2]).toBe('commit')
  })

  it('still isolates the tenant and keeps the settings to the transaction', async () => {
    const seen = await withTenant(platform.database, tenant.id, async (trx) => {
      const setting = await sql<{ tenant: string; role: string }>`select current_setting('app.tenant_id') as tenant, current_user as role`.execute(trx)
      const contacts = await trx.selectFrom('contacts').select('email').where('tenant_id', '=', other.id).execute()
      return { ...setting.rows[0], contacts }
    })
    expect(seen).toEqual({ tenant: tenant.id, role: 'app_tenant', contacts: [] })
    // The same pooled connections afterwards: neither the role nor the tenant outlived the commit.
    const after = await Promise.all(
      Array.from({ length: 5 }, () => sql<{ tenant: string | null; role: string }>`select current_setting('app.tenant_id', true) as tenant, current_user as role`.execute(platform.database.db)),
    )
    for (const answer of after) {
      expect(answer.rows[0]?.role).not.toBe('app_tenant')
      expect(answer.rows[0]?.tenant ?? '').toBe('')
    }
  })

  it('rolls back every write of a transaction that fails, the first one included', async () => {
    const failing = withTenant(platform.database, tenant.id, async (trx) => {
      await trx.insertInto('contacts').values({ tenant_id: tenant.id, first_name: 'Rolled', last_name: 'Back', email: 'rolled.back@fused.test' }).execute()
      throw new Error('the work failed after its first write')
    })
    await expect(failing).rejects.toThrow('the work failed after its first write')
    expect(sent.at(-1)).toBe('rollback')
    const rows = await withTenant(platform.database, tenant.id, (trx) => trx.selectFrom('contacts').select('email').where('email', '=', 'rolled.back@fused.test').execute())
    expect(rows).toEqual([])
  })

  it('sends nothing for a transaction that ran no statement, and a bare begin before other first statements', async () => {
    await platform.database.db.transaction().execute(async () => 'nothing asked')
    expect(sent).toEqual([])
    await platform.database.db.transaction().execute((trx) => sql`select 1`.execute(trx))
    expect(sent).toEqual(['begin', 'select 1', 'commit'])
  })

  it('turns system access on with its begin, and only for that transaction', async () => {
    const count = await asSystem(platform.database, 'test: count every contact', async (trx) => {
      const rows = await trx.selectFrom('contacts').select('id').execute()
      return rows.length
    })
    expect(count).toBeGreaterThanOrEqual(1)
    expect(sent[0]).toBe(`begin; select set_config('app.system_access', 'on', true)`)
    const outside = await sql<{ access: string | null }>`select current_setting('app.system_access', true) as access`.execute(platform.database.db)
    expect(outside.rows[0]?.access ?? '').not.toBe('on')
  })

  it('refuses a tenant id that is not a uuid before anything is sent', async () => {
    await expect(withTenant(platform.database, "x', true); drop table contacts; --", async () => 1)).rejects.toThrow('withTenant needs a tenant uuid')
    expect(sent).toEqual([])
  })
})
