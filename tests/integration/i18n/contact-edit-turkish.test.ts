import { withTenant } from '#db/tenant-scope'
import { visibleTextOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** A custom list field's empty choice, drawn by the control the contact edit page and the checkout's questions share. */
describe(`a custom list field's empty choice in the page's language (${engine})`, () => {
  let app: DemoHttpApp
  let editPath = ''

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const guid = await withTenant(app.platform.database, app.demo.id, async (trx) => (await trx.selectFrom('contacts').select('guid').where('email', '=', 'student@demo.test').executeTakeFirstOrThrow()).guid)
    editPath = `/contacts/${guid}/edit`
  }, 300_000)
  afterAll(() => app?.close())

  const get = (cookie: string) => request(app.port, editPath, { host: app.host, headers: { cookie } })

  it("offers 'Belirtilmemiş' in Turkish and 'Not given' in English", async () => {
    const turkish = await get(`${app.adminCookie}; lng=tr`)
    expect(turkish.status).toBe(200)
    expect(turkish.body).toMatch(/<option value=""( selected="")?>Belirtilmemiş<\/option>/)
    expect(visibleTextOf(turkish.body)).not.toContain('Not given')
    const english = await get(app.adminCookie)
    expect(english.body).toMatch(/<option value=""( selected="")?>Not given<\/option>/)
  })
})
