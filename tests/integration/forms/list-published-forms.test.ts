import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asSystem } from '#db/tenant-scope'
import { listPublishedForms } from '#server/forms/list-published-forms'
import type { Tenant } from '#server/tenancy/tenant'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

let platform: TestPlatform
let tenant: Tenant
let other: Tenant

async function insertForm(owner: Tenant, name: string, isPublished: boolean): Promise<string> {
  const row = await asSystem(platform.database, 'test fixture', (trx) =>
    trx
      .insertInto('custom_forms')
      .values({ tenant_id: owner.id, name, form_type: 'GENERAL', is_published: isPublished })
      .returning('guid')
      .executeTakeFirstOrThrow(),
  )
  return row.guid
}

beforeAll(async () => {
  platform = await createTestPlatform()
  tenant = await createTenant(platform)
  other = await createTenant(platform)
})
afterAll(() => platform.close())

describe('listPublishedForms', () => {
  it('lists only this tenant’s published forms, by name', async () => {
    const waiver = await insertForm(tenant, 'waiver', true)
    const trial = await insertForm(tenant, 'Trial Class Registration', true)
    await insertForm(tenant, 'Draft form', false)
    await insertForm(other, 'Other tenant form', true)

    expect(await listPublishedForms(platform.database, tenant)).toEqual([
      { name: 'Trial Class Registration', guId: trial },
      { name: 'waiver', guId: waiver },
    ])
  })

  it('is empty for a tenant without forms', async () => {
    const empty = await createTenant(platform)
    expect(await listPublishedForms(platform.database, empty)).toEqual([])
  })
})
