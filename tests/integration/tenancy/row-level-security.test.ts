import { sql } from 'kysely'
import { asSystem, withTenant } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`tenant isolation enforced by row-level security (${engine})`, () => {
  let platform: TestPlatform
  let tenantA: Tenant
  let tenantB: Tenant
  let contactOfB: { id: string }

  beforeAll(async () => {
    platform = await createTestPlatform()
    tenantA = await createTenant(platform, { orgId: 'alpha' })
    tenantB = await createTenant(platform, { orgId: 'beta' })
    await createContact(platform, tenantA, { email: 'a@alpha.test' })
    contactOfB = await createContact(platform, tenantB, { email: 'b@beta.test' })
  })
  afterAll(() => platform.close())

  it('forces RLS on every table that has a tenant_id column', async () => {
    const rows = await sql<{ table_name: string; enabled: boolean; forced: boolean }>`
      select c.relname as table_name, c.relrowsecurity as enabled, c.relforcerowsecurity as forced
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
        and c.relname <> 'tenants'
    `.execute(platform.database.db)
    expect(rows.rows.length).toBeGreaterThanOrEqual(5)
    const unprotected = rows.rows.filter((row) => !row.enabled || !row.forced).map((row) => row.table_name)
    expect(unprotected).toEqual([])
  })

  it('gives every tenant table a policy keyed on app.tenant_id', async () => {
    const rows = await sql<{ table_name: string }>`
      select c.relname as table_name
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = 'public' and c.relkind = 'r'
        and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'tenant_id' and not a.attisdropped)
        and not exists (
          select 1 from pg_policy p where p.polrelid = c.oid and pg_get_expr(p.polqual, p.polrelid) like '%app.tenant_id%'
        )
    `.execute(platform.database.db)
    expect(rows.rows.map((row) => row.table_name)).toEqual([])
  })

  it('hides rows of another tenant from select, even with a hand-written where tenant_id', async () => {
    const rows = await withTenant(platform.database, tenantA.id, (trx) =>
      trx.selectFrom('contacts').selectAll().where('tenant_id', '=', tenantB.id).execute(),
    )
    expect(rows).toEqual([])
    const own = await withTenant(platform.database, tenantA.id, (trx) => trx.selectFrom('contacts').select('email').execute())
    expect(own.map((row) => row.email)).toEqual(['a@alpha.test'])
  })

  it('updates and deletes nothing of another tenant', async () => {
    const updated = await withTenant(platform.database, tenantA.id, (trx) =>
      trx.updateTable('contacts').set({ first_name: 'Changed' }).where('id', '=', contactOfB.id).executeTakeFirst(),
    )
    expect(updated.numUpdatedRows).toBe(0n)
    const deleted = await withTenant(platform.database, tenantA.id, (trx) =>
      trx.deleteFrom('contacts').where('tenant_id', '=', tenantB.id).executeTakeFirst(),
    )
    expect(deleted.numDeletedRows).toBe(0n)
    const still = await asSystem(platform.database, 'test check', (trx) =>
      trx.selectFrom('contacts').select('first_name').where('id', '=', contactOfB.id).executeTakeFirstOrThrow(),
    )
    expect(still.first_name).toBe('Test')
  })

  it('refuses inserts into another tenant', async () => {
    await expect(
      withTenant(platform.database, tenantA.id, (trx) =>
        trx.insertInto('contacts').values({ tenant_id: tenantB.id, email: 'intruder@beta.test' }).execute(),
      ),
    ).rejects.toThrow(/row-level security/)
    await expect(
      withTenant(platform.database, tenantA.id, (trx) =>
        trx.updateTable('contacts').set({ tenant_id: tenantB.id }).where('email', '=', 'a@alpha.test').execute(),
      ),
    ).rejects.toThrow(/row-level security/)
  })

  it('runs request code as a role that is neither superuser nor able to bypass RLS', async () => {
    const role = await withTenant(platform.database, tenantA.id, (trx) =>
      sql<{ rolname: string; rolsuper: boolean; rolbypassrls: boolean }>`
        select rolname, rolsuper, rolbypassrls from pg_roles where rolname = current_user`.execute(trx),
    )
    expect(role.rows[0]).toEqual({ rolname: 'app_tenant', rolsuper: false, rolbypassrls: false })
  })

  it('lets a tenant see its own tenant row and its franchise children, nothing else', async () => {
    const child = await createTenant(platform, { orgId: 'alpha-north', parentTenantId: tenantA.id })
    const seen = await withTenant(platform.database, tenantA.id, (trx) => trx.selectFrom('tenants').select('org_id').orderBy('org_id').execute())
    expect(seen.map((row) => row.org_id)).toEqual(['alpha', child.orgId])
    const renamed = await withTenant(platform.database, tenantA.id, (trx) =>
      trx.updateTable('tenants').set({ name: 'Taken over' }).where('id', '=', tenantB.id).executeTakeFirst(),
    )
    expect(renamed.numUpdatedRows).toBe(0n)
  })

  it('hides rows that belong to no tenant (platform email) and refuses to write one', async () => {
    await asSystem(platform.database, 'test: platform email', (trx) =>
      trx
        .insertInto('outbound_emails')
        .values({ tenant_id: null, to_address: 'ops@platform.test', from_address: 'no-reply@platform.test', subject: 'Platform', text_body: 'x' })
        .execute(),
    )
    const seen = await withTenant(platform.database, tenantA.id, (trx) =>
      trx.selectFrom('outbound_emails').select('subject').where('tenant_id', 'is', null).execute(),
    )
    expect(seen).toEqual([])
    await expect(
      withTenant(platform.database, tenantA.id, (trx) =>
        trx
          .insertInto('outbound_emails')
          .values({ tenant_id: null, to_address: 'x@y.test', from_address: 'a@b.test', subject: 'Sneaky', text_body: 'x' })
          .execute(),
      ),
    ).rejects.toThrow(/row-level security/)
  })

  it('refuses a malformed tenant id before reaching the database', async () => {
    await expect(withTenant(platform.database, "' or 1=1 --", async () => undefined)).rejects.toThrow('withTenant needs a tenant uuid')
  })

  it('does not leak the tenant setting past the transaction', async () => {
    await withTenant(platform.database, tenantA.id, async () => undefined)
    const setting = await sql<{ value: string | null }>`select current_setting('app.tenant_id', true) as value`.execute(platform.database.db)
    expect(setting.rows[0]?.value ?? '').toBe('')
  })
})
