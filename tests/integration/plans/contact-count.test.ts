import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asSystem, withTenant } from '#db/tenant-scope'
import { contactLimitMessage } from '#server/plans/plan-limits'
import { PLAN_MESSAGES } from '#server/plans/plan-catalogue'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`the kept contact count behind the plan's limit (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let other: Tenant

  beforeAll(async () => {
    platform = await createTestPlatform()
    tenant = await createTenant(platform, { name: 'Counted studio' })
    other = await createTenant(platform, { name: 'Other counted studio' })
  })
  afterAll(() => platform.close())

  const kept = async (of: Tenant) =>
    Number((await asSystem(platform.database, 'test: kept count', (trx) => trx.selectFrom('tenant_contact_counts').select('contacts').where('tenant_id', '=', of.id).executeTakeFirst()))?.contacts ?? 0)
  const real = async (of: Tenant) =>
    Number((await asSystem(platform.database, 'test: real count', (trx) => trx.selectFrom('contacts').select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', of.id).executeTakeFirstOrThrow())).n)
  const insertMany = (of: Tenant, prefix: string, n: number) =>
    withTenant(platform.database, of.id, (trx) =>
      trx
        .insertInto('contacts')
        .values(Array.from({ length: n }, (_, i) => ({ tenant_id: of.id, email: `${prefix}${i}@count.test`, first_name: 'Counted', last_name: String(i) })))
        .execute(),
    )

  it('follows inserts of many rows at once and deletes, per studio', async () => {
    await createContact(platform, tenant, { email: 'first@count.test', firstName: 'First', lastName: 'One' })
    await insertMany(tenant, 'bulk', 300)
    await insertMany(other, 'elsewhere', 7)
    expect(await kept(tenant)).toBe(await real(tenant))
    expect(await kept(other)).toBe(await real(other))
    await withTenant(platform.database, tenant.id, (trx) => trx.deleteFrom('contacts').where('tenant_id', '=', tenant.id).where('email', 'like', 'bulk1%').execute())
    expect(await kept(tenant)).toBe(await real(tenant))
    expect(await kept(other)).toBe(await real(other))
  })

  it('at the limit refuses a statement that adds anyone, whole, and lets a person already on file come back', async () => {
    const atLimit = await real(tenant)
    await asSystem(platform.database, 'test: a full plan', (trx) =>
      trx.insertInto('tenant_plans').values({ tenant_id: tenant.id, plan_id: 'free_plan', period: 'monthly', contact_limit: atLimit + 2 }).execute(),
    )
    // Three in one statement would leave one past the limit: none of them stays.
    const crossing = await insertMany(tenant, 'crossing', 3).catch((error: unknown) => error)
    expect(contactLimitMessage(crossing)).toBe(PLAN_MESSAGES.contactLimit(atLimit + 2))
    expect(await real(tenant)).toBe(atLimit)
    expect(await kept(tenant)).toBe(atLimit)

    await insertMany(tenant, 'fits', 2)
    const past = await insertMany(tenant, 'past', 1).catch((error: unknown) => error)
    expect(contactLimitMessage(past)).toBe(PLAN_MESSAGES.contactLimit(atLimit + 2))

    // An upsert that meets an existing email inserts nothing, so it is not refused.
    await withTenant(platform.database, tenant.id, (trx) =>
      sql`insert into contacts (tenant_id, email, first_name, last_name) values (${tenant.id}, 'FIRST@count.test', 'First', 'Again')
          on conflict (tenant_id, lower(email)) where email is not null do update set first_name = excluded.first_name`.execute(trx),
    )
    expect(await real(tenant)).toBe(atLimit + 2)
    expect(await kept(tenant)).toBe(atLimit + 2)
    // The other studio has no plan and is not held by this one's.
    await insertMany(other, 'free', 5)
    expect(await kept(other)).toBe(await real(other))
  })
})
