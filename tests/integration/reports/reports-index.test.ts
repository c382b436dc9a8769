import { asSystem } from '#db/tenant-scope'
import { createSessionCookie } from '#tests/support/sessions'
import { textOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`the reports home (${engine})`, () => {
  let app: DemoHttpApp
  const cookies = { student: '', staff: '', frontDesk: '' }

  const get = (path: string, cookie: string | null = app.adminCookie) => request(app.port, path, { host: app.host, headers: cookie ? { cookie } : {} })

  /** The cards of the page, in order: which report, where it leads, and its words. */
  const cardsOf = (html: string) =>
    [...html.matchAll(/<a\b([^>]*\bdata-report="([^"]+)"[^>]*)>([\s\S]*?)<\/a>/g)].map((match) => ({
      report: match[2],
      href: /\bhref="([^"]*)"/.exec(match[1] ?? '')?.[1],
      text: textOf(match[3] ?? '').trim(),
    }))

  beforeAll(async () => {
    app = await startDemoHttpApp({
      // Front desk may not see contacts here; staff keep the default (they may).
      prepare: async (platform, demo) => {
        const roles = { ...demo.settings.roles, contacts: { staff: true, frontDesk: false } }
        await asSystem(platform.database, 'test: front desk may not see contacts', (trx) =>
          trx
            .updateTable('tenants')
            .set({ settings: JSON.stringify({ ...demo.settings, roles }) })
            .where('id', '=', demo.id)
            .execute(),
        )
        platform.caches.changed(demo.id, ['tenant'])
      },
    })
    const person = (email: string) =>
      asSystem(app.platform.database, `test: the demo's ${email}`, (trx) =>
        trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', email).executeTakeFirstOrThrow(),
      )
    cookies.student = await createSessionCookie(app.platform, app.demo, await person('student@demo.test'))
    cookies.staff = await createSessionCookie(app.platform, app.demo, await person('staff@demo.test'))
    cookies.frontDesk = await createSessionCookie(app.platform, app.demo, await person('frontdesk@demo.test'))
  }, 180_000)

  afterAll(async () => {
    await app?.close()
  })

  it('shows the admin a card per report, each a link to a screen that opens', async () => {
    const page = await get('/reports')
    expect(page.status).toBe(200)
    expect(page.body).toMatch(/<h1[^>]*>Reports<\/h1>/)
    expect(page.body).toMatch(/<title>Reports \| [^<]+<\/title>/)
    const cards = cardsOf(page.body)
    expect(cards.map(({ report, href }) => [report, href])).toEqual([
      ['sales', '/reports/sales'],
      ['invoices', '/invoices'],
      ['contacts-export', '/contacts/export.csv'],
    ])
    expect(cards[0]?.text).toBe('Sales Payments by period, with totals per item type and provider, and a CSV export.')
    expect(cards[1]?.text).toBe('Invoices Every invoice with its balance and status; totals for any filter; upcoming membership payments.')
    expect(cards[2]?.text).toBe('Contacts export Download the contact book as a CSV file.')
    // Where the cards lead answers too (the export is checked by the contacts tests).
    for (const path of ['/reports/sales', '/invoices']) expect((await get(path)).status, path).toBe(200)
  })

  it('offers the contacts export only to those who may see contacts', async () => {
    const staff = await get('/reports', cookies.staff)
    expect(staff.status).toBe(200)
    expect(cardsOf(staff.body).map((card) => card.report)).toEqual(['sales', 'invoices', 'contacts-export'])
    const frontDesk = await get('/reports', cookies.frontDesk)
    expect(frontDesk.status).toBe(200)
    expect(cardsOf(frontDesk.body).map((card) => card.report)).toEqual(['sales', 'invoices'])
    expect(frontDesk.body).not.toContain('/contacts/export.csv')
  })

  it('is for staff, like /reports/sales: a student is sent to their own area, a visitor gets page-not-found', async () => {
    for (const path of ['/reports', '/reports/sales']) {
      const student = await get(path, cookies.student)
      expect(student.status, `${path} as a student`).toBe(302)
      expect(student.header('location'), `${path} as a student`).not.toMatch(/^\/(reports|invoices)/)
      const visitor = await get(path, null)
      expect(visitor.status, `${path} as a visitor`).toBe(302)
      expect(visitor.header('location'), `${path} as a visitor`).toBe('/404')
    }
    expect((await get('/reports', cookies.student)).header('location')).toBe((await get('/reports/sales', cookies.student)).header('location'))
  })
})
