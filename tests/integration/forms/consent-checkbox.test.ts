import { createElement } from 'react'
import { renderToString } from 'react-dom/server'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { asSystem } from '#db/tenant-scope'
import { PublicFormPage } from '#app/components/forms/public-form-page'
import { issueFormStamp } from '#server/forms/fill-time'
import { customFieldKey } from '#server/forms/form-inputs'
import { requiredMessage } from '#server/forms/form-messages'
import type { FormDefinition } from '#server/forms/form-definition'
import type { PublicFormView } from '#server/forms/public-form'
import type { Tenant } from '#server/tenancy/tenant'
import { action as pformAction, loader as pformLoader } from '#app/routes/_forms+/pforms.$guId'
import { createTenant } from '#tests/support/fixtures'
import { contextFor, createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { callRoute, formPostRequest, getRequest, rjsfFormBody } from '#tests/support/route-call'
import { createTrialForm, validPost } from './form-fixtures'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** The page body as the server renders it for a visitor, inside a router like Remix's. */
async function renderFormPage(view: PublicFormView): Promise<string> {
  const routes = [{ path: '*', element: createElement(PublicFormPage, { view, refused: null, action: `/pforms/${view.form.guId}` }) }]
  const handler = createStaticHandler(routes)
  const context = await handler.query(new Request(`http://studio.localhost/pforms/${view.form.guId}`))
  if (context instanceof Response) throw new Error('unexpected redirect')
  return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }))
}

describe(`a mandatory acknowledgement checkbox on a public form (${engine})`, () => {
  let platform: TestPlatform
  let tenant: Tenant
  let form: FormDefinition
  let host: string

  beforeAll(async () => {
    platform = await createTestPlatform()
    tenant = await createTenant(platform, { name: 'Consent Studio' })
    form = await createTrialForm(platform, tenant)
    host = `${tenant.orgId}.localhost`
  })
  afterAll(() => platform.close())

  const stored = () =>
    asSystem(platform.database, 'test count', async (trx) =>
      Number((await trx.selectFrom('form_submissions').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n),
    )

  it('arrives unticked: consent is given by the visitor', async () => {
    const shown = await callRoute(pformLoader, getRequest(`http://${host}/pforms/${form.guId}`), contextFor(platform, tenant), { guId: form.guId })
    expect(shown.status).toBe(200)
    const { view } = shown.body as { view: PublicFormView }
    const html = await renderFormPage(view)
    const rules = form.fields.find((field) => field.type === 'checkbox')!
    const input = html.match(new RegExp(`<input[^>]*name="root\\[${customFieldKey(rules.guId)}\\]"[^>]*>`))?.[0]
    expect(input, 'the studio rules checkbox is rendered').toBeDefined()
    expect(input).toContain('type="checkbox"')
    expect(input).not.toMatch(/\bchecked\b/)
    expect(html).toContain('I agree to the studio rules')
  })

  it('refuses a post without it, with the field’s message, and writes nothing', async () => {
    const rules = form.fields.find((field) => field.type === 'checkbox')!
    const key = customFieldKey(rules.guId)
    const values = validPost(form, { email: 'no-consent@example.com', formStartedAt: issueFormStamp(platform.env, form.id, Date.now() - 30_000) })
    delete values[key]
    const before = await stored()
    const refused = await callRoute(pformAction, formPostRequest(`http://${host}/pforms/${form.guId}`, rjsfFormBody(values)), contextFor(platform, tenant), {
      guId: form.guId,
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ refused: { fieldErrors: { [key]: [requiredMessage(rules.name)] } } })
    expect(await stored()).toBe(before)
  })
})
