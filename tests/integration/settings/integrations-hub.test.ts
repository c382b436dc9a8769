import { asSystem } from '#db/tenant-scope'
import { createSessionCookie } from '#tests/support/sessions'
import { textOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`the integrations hub (${engine})`, () => {
  let app: DemoHttpApp
  let staffCookie = ''

  const get = (path: string, cookie = app.adminCookie) => request(app.port, path, { host: app.host, headers: { cookie } })

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const staff = await asSystem(app.platform.database, 'test: the demo staff', (trx) =>
      trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'staff@demo.test').executeTakeFirstOrThrow(),
    )
    staffCookie = await createSessionCookie(app.platform, app.demo, staff)
  }, 120_000)

  afterAll(async () => {
    await app?.close()
  })

  it("shows the spec's groups and cards, the payments ones linking to their pages", async () => {
    const hub = await get('/settings/integrations')
    expect(hub.status).toBe(200)
    const text = textOf(hub.body)
    expect(text).toContain('Third Party Settings')
    for (const words of ['Payments', 'SMS Marketing', 'Campaign', 'Communication', 'Email', 'Stripe', 'Nelnet', 'Razorpay', 'PhonePe', 'Plivo', 'Email Campaigns', 'Online Meeting', 'Connect email']) {
      expect(text).toContain(words)
    }
    expect(text).toContain('USD only; ACH 0.80%; card 2.9% plus 30 cents')
    expect(hub.body).toContain('href="/settings/integrations/paymentprovider?provider=1"')
    expect(hub.body).toContain('href="/settings/integrations/paymentprovider?provider=3"')
    expect(hub.body).toContain('href="/settings/integrations/paymentprovider?provider=4"')
    expect(hub.body).toContain('href="/oauth/omeeting"')
    expect(hub.body).toContain('href="/settings/integrations/emails"')
    expect(hub.body).toContain('href="/settings/integrations/plivo"')
    // Nothing is integrated in a fresh demo, and every card leads to its page.
    expect(hub.body).not.toMatch(/<\/svg>\s*Integrated</)
    expect(text).not.toContain('Not available here yet.')
  })

  it('is on the settings home for admins, and /integrations leads to it', async () => {
    const settings = await get('/settings')
    expect(settings.body).toContain('href="/settings/integrations"')
    const top = await get('/integrations')
    expect(top.status).toBe(302)
    expect(top.headers.location).toBe('/settings/integrations')
  })

  it('is for admins only', async () => {
    expect((await get('/settings/integrations', staffCookie)).status).toBe(403)
    expect((await get('/integrations', staffCookie)).status).toBe(403)
  })
})
