import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asSystem } from '#db/tenant-scope'
import { submitForm } from '#server/forms/submit-form'
import { PLAN_MESSAGES } from '#server/plans/plan-catalogue'
import type { Tenant } from '#server/tenancy/tenant'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createTrialForm, solvedAltchaToken, validPost } from '#tests/integration/forms/form-fixtures'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`the plan's contact limit on a public registration form (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant

  beforeAll(async () => {
    platform = await createTestPlatform()
    tenant = await createTenant(platform, { name: 'Studio at its limit' })
  })
  afterAll(() => platform.close())

  const counts = () =>
    asSystem(platform.database, 'test counts', async (trx) => {
      const count = async (table: 'form_submissions' | 'contacts') =>
        Number((await trx.selectFrom(table).select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', tenant.id).executeTakeFirstOrThrow()).n)
      return { submissions: await count('form_submissions'), contacts: await count('contacts') }
    })

  it('refuses a new person with the plan words and keeps nothing; someone already on file may still submit', async () => {
    const form = await createTrialForm(platform, tenant)
    await createContact(platform, tenant, { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' })
    const before = await counts()
    await asSystem(platform.database, 'test: a full plan', (trx) =>
      trx.insertInto('tenant_plans').values({ tenant_id: tenant.id, plan_id: 'free_plan', period: 'monthly', contact_limit: before.contacts }).execute(),
    )
    const post = async (email: string) =>
      submitForm(platform, tenant, { form, posted: { ...validPost(form), email, rToken: await solvedAltchaToken(platform) }, ip: '203.0.113.9', userAgent: 'test', student: null })

    const refused = await post('new.person@example.com')
    expect(refused).toMatchObject({ ok: false, error: 'forbidden', message: PLAN_MESSAGES.contactLimit(before.contacts) })
    expect(await counts()).toEqual(before)

    const known = await post('ada@example.com')
    expect(known.ok).toBe(true)
    expect(await counts()).toEqual({ submissions: before.submissions + 1, contacts: before.contacts })
  })
})
