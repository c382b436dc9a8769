import { describe, expect, it, beforeAll, afterAll } from 'vitest'
import { action as uploadAction } from '#app/routes/_admin+/contacts+/import._index'
import { asSystem, withTenant } from '#db/tenant-scope'
import { PLAN_MESSAGES } from '#server/plans/plan-catalogue'
import { runContactImport } from '#server/contacts/import/run-contact-import'
import { callRoute, formPostRequest } from '#tests/support/route-call'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createUsersWorld, type UsersWorld } from '#tests/integration/users/users-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const context = { attempt: 1, maxAttempts: 1, isLastAttempt: true }

describe(`the plan's contact limit on an import (${engine})`, () => {
  let platform: TestPlatform
  let world: UsersWorld

  beforeAll(async () => {
    platform = await createTestPlatform()
    world = await createUsersWorld(platform, 'planimport')
  })
  afterAll(() => platform.close())

  const contactCount = async () => Number((await asSystem(platform.database, 'test: count', (trx) => trx.selectFrom('contacts').select((eb) => eb.fn.countAll().as('n')).where('tenant_id', '=', world.tenant.id).executeTakeFirstOrThrow())).n)

  it('stops with the plan words at the batch that would cross the limit; earlier batches and existing contacts stay', async () => {
    const before = await contactCount()
    // Room for seven more: the first batch of five goes in, the second would cross the limit.
    await asSystem(platform.database, 'test: a plan', (trx) =>
      trx.insertInto('tenant_plans').values({ tenant_id: world.tenant.id, plan_id: 'free_plan', period: 'monthly', contact_limit: before + 7 }).execute(),
    )
    const rows = Array.from({ length: 12 }, (_, n) => `Over,Limit${n + 1},over${n + 1}@planimport.test`)
    const form = new FormData()
    form.set('file', new File([['First Name,Last name,E-mail', ...rows].join('\r\n') + '\r\n'], 'people.csv', { type: 'text/csv' }))
    const uploaded = await callRoute(uploadAction, formPostRequest(`http://${world.host}/contacts/import`, form, world.cookies.admin), world.context())
    const guId = (uploaded.location ?? '').split('/').pop() ?? ''
    const importRow = await withTenant(platform.database, world.tenant.id, (trx) => trx.selectFrom('contact_imports').select('id').where('guid', '=', guId).executeTakeFirstOrThrow())
    await withTenant(platform.database, world.tenant.id, (trx) =>
      trx.updateTable('contact_imports').set({ status: 'queued', mapping: JSON.stringify({ '0': 'firstName', '1': 'lastName', '2': 'email' }) }).where('id', '=', importRow.id).execute(),
    )
    await expect(runContactImport(platform, { tenantId: world.tenant.id, importId: importRow.id }, context, { batchSize: 5 })).rejects.toThrow(PLAN_MESSAGES.contactLimit(before + 7))
    const after = await withTenant(platform.database, world.tenant.id, (trx) => trx.selectFrom('contact_imports').select(['status', 'failure', 'created_count']).where('id', '=', importRow.id).executeTakeFirstOrThrow())
    expect(after).toEqual({ status: 'failed', failure: PLAN_MESSAGES.contactLimit(before + 7), created_count: 5 })
    expect(await contactCount()).toBe(before + 5)
  })
})
