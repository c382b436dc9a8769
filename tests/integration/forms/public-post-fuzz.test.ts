import fc from 'fast-check'
import { asSystem } from '#db/tenant-scope'
import { issueFormStamp } from '#server/forms/fill-time'
import type { FormDefinition } from '#server/forms/form-definition'
import type { Tenant } from '#server/tenancy/tenant'
import { action as pformAction } from '#app/routes/_forms+/pforms.$guId'
import { createTenant } from '#tests/support/fixtures'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { createTrialForm, validPost } from './form-fixtures'
import { tinyPngDataUrl } from '#tests/unit/forms/png-fixture'
import { callRoute, formPostRequest } from '#tests/support/route-call'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const RUNS = 1000

describe(`random posts to a public form (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let form: FormDefinition

  beforeAll(async () => {
    platform = await createTestPlatform()
    tenant = await createTenant(platform)
    form = await createTrialForm(platform, tenant)
  })
  afterAll(() => platform.close())

  const count = () =>
    asSystem(platform.database, 'test count', async (trx) => ({
      submissions: Number((await trx.selectFrom('form_submissions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
      activities: Number((await trx.selectFrom('activities').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
    }))

  it(`never answers 500 and stores only what it accepts (${RUNS} bodies)`, async () => {
    const keys = () => [
      'fullName', 'email', 'phone', 'phoneCountry', 'dob', 'emergencyContactName', 'motherEmail',
      ...form.fields.map((field) => `cf_${field.guId.replace(/-/g, '')}`),
      'sign', 'signTypedName', 'signConsent', 'rToken', 'website', 'formStartedAt', '__proto__', 'constructor', 'tenant_id', 'root[', 'root[]',
    ]
    const name = fc.oneof(
      fc.constantFrom(...keys()).map((key) => (['sign', 'signTypedName', 'signConsent', 'rToken', 'website', 'formStartedAt'].includes(key) ? key : `root[${key}]`)),
      fc.constantFrom(...keys()),
      fc.string({ maxLength: 20 }),
    )
    const value = fc.oneof(
      fc.constantFrom('', ' ', 'on', 'true', 'false', 'Beginner', 'Ada Lovelace', 'ada@example.com', 'ADA@EXAMPLE.COM', '555-010-0100', '5550100', '2010-02-30', '-1e309', 'NaN'),
      fc.constant(null).map(() => issueFormStamp(platform.env, form.id, Date.now() - 30_000)),
      fc.constant(tinyPngDataUrl),
      fc.constant('data:image/png;base64,AAAA'),
      fc.string({ maxLength: 60, unit: 'binary' }),
      fc.string({ maxLength: 10 }).map((s) => s.repeat(700)),
      fc.string({ maxLength: 20 }).map((s) => `${s}\u0000\uD800${s}`),
    )
    const junk = fc.array(fc.tuple(name, value), { maxLength: 12 })
    const body = fc.oneof(
      junk,
      // A valid post, perhaps missing a field, with junk added: reaches the storing path too.
      fc.tuple(fc.integer({ min: 0, max: 12 }), junk, fc.integer({ min: 1, max: 1_000_000 })).map(([drop, extra, n]) => {
        const valid = Object.entries(validPost(form, { email: `fuzz${n}@example.com`, formStartedAt: issueFormStamp(platform.env, form.id, Date.now() - 30_000) }))
        const kept = valid.filter((_, index) => index !== drop).map(([key, v]): [string, string] => [['signTypedName', 'signConsent', 'formStartedAt'].includes(key) ? key : `root[${key}]`, v])
        return [...kept, ...extra]
      }),
    )
    const encoding = fc.constantFrom('urlencoded', 'multipart', 'garbage')

    let accepted = 0
    await fc.assert(
      fc.asyncProperty(body, encoding, fc.ipV4(), async (entries, how, ip) => {
        const before = await count()
        let request: Request
        if (how === 'multipart') {
          const data = new FormData()
          for (const [key, v] of entries) data.append(key, v)
          request = new Request(`http://${tenant.orgId}.localhost/pforms/${form.guId}`, { method: 'POST', body: data, headers: { 'User-Agent': 'fuzz' } })
        } else if (how === 'garbage') {
          request = formPostRequest(`http://${tenant.orgId}.localhost/pforms/${form.guId}`, entries.map(([k, v]) => `${k}=${v}`).join('&%%'), null, { 'Content-Type': 'multipart/form-data; boundary=nope' })
        } else {
          request = formPostRequest(`http://${tenant.orgId}.localhost/pforms/${form.guId}`, new URLSearchParams(entries))
        }
        const context = { ...contextFor(platform, tenant), ip }
        const outcome = await callRoute(pformAction, request, context, { guId: form.guId })
        expect([303, 400, 413]).toContain(outcome.status)
        const after = await count()
        const delta = outcome.status === 303 ? 1 : 0
        accepted += delta
        expect(after).toEqual({ submissions: before.submissions + delta, activities: before.activities + delta })
      }),
      { numRuns: RUNS },
    )
    // The property reached the storing path, not only refusals.
    expect(accepted).toBeGreaterThan(0)
    await platform.jobs.drain()
  }, 600_000)
})
