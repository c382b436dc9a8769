import { demoItemOption } from '#tests/integration/checkout/demo-item-option'
import { asSystem } from '#db/tenant-scope'
import { cookiePair, form, visibleTextOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { createSessionCookie } from '#tests/support/sessions'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''

/**
 * What surrounds the screens in Turkish: tab titles a page writes without its own words, the
 * user menu's role, the session pages, the staff calendar, My Profile for staff, an invoice's
 * PDF page and a contact's timeline; English as it was.
 */
describe(`the pages around the screens in Turkish (${engine})`, () => {
  let app: DemoHttpApp
  let staff = ''
  let student = { id: '', guid: '' }

  const get = (path: string, cookie: string) => request(app.port, path, { host: app.host, headers: { cookie } })
  const post = (path: string, body: string, cookie: string) =>
    request(app.port, path, { host: app.host, method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}`, cookie } })
  const turkish = () => `${app.adminCookie}; lng=tr`

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const people = await asSystem(app.platform.database, 'test: the demo people', async (trx) => ({
      staff: await trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'staff@demo.test').executeTakeFirstOrThrow(),
      student: await trx.selectFrom('contacts').select(['id', 'guid']).where('tenant_id', '=', app.demo.id).where('email', '=', 'student@demo.test').executeTakeFirstOrThrow(),
    }))
    staff = await createSessionCookie(app.platform, app.demo, people.staff)
    student = people.student
  }, 300_000)
  afterAll(() => app?.close())

  it("titles a public page that found nothing 'Sayfa bulunamadı' in Turkish and 'Page not found' in English", async () => {
    const item = await get('/events/details/no-such-event', 'lng=tr')
    expect(item.status).toBe(404)
    expect(titleOf(item.body)).toBe('Sayfa bulunamadı')
    expect(titleOf((await get('/events/details/no-such-event', 'lng=en')).body)).toBe('Page not found')
    const page = await get('/no-such-page-at-all', 'lng=tr')
    expect(page.status).toBe(404)
    expect(titleOf(page.body)).toBe('Sayfa bulunamadı | Demo Yoga Studio')
    expect(titleOf((await get('/no-such-page-at-all', 'lng=en')).body)).toBe('Page not found | Demo Yoga Studio')
  })

  it("draws a staff member's calendar and user menu in Turkish, and the page's loading bar", async () => {
    const page = await get('/calendar', `${staff}; lng=tr`)
    expect(page.status).toBe(200)
    expect(titleOf(page.body)).toBe('Takvim')
    expect(page.body).toContain('aria-label="Yükleniyor"')
    const text = visibleTextOf(page.body)
    expect(text).toContain('Sam Staff Personel')
    expect(text).not.toMatch(/\bCalendar\b|Sam Staff Staff/)
    const english = await get('/calendar', `${staff}; lng=en`)
    expect(titleOf(english.body)).toBe('Calendar')
    expect(english.body).toContain('aria-label="Loading"')
    expect(visibleTextOf(english.body)).toContain('Sam Staff Staff')
  })

  it('titles My Profile and names the role in Turkish for staff too', async () => {
    const page = await get('/profile', turkish())
    expect(titleOf(page.body)).toBe('Profilim | Demo Yoga Studio')
    const text = visibleTextOf(page.body)
    expect(text).toContain('Avery Admin Yönetici')
    expect(text).toContain('Rol Yönetici')
    expect(titleOf((await get('/profile', app.adminCookie)).body)).toBe('My Profile | Demo Yoga Studio')
  })

  it('draws the session page and the logout question in Turkish', async () => {
    const session = await get('/session', turkish())
    expect(titleOf(session.body)).toBe('Oturumunuz')
    const text = visibleTextOf(session.body)
    for (const words of ['Oturumunuz', 'Giriş yapan Avery Admin', 'E-posta admin@demo.test', 'Rol Yönetici', 'Kurum Demo Yoga Studio', 'Web Önizleme', 'Öğrenci Önizlemesi', 'Bayi değiştir', 'Bir bayi seçin', 'Geç', 'Çıkış']) {
      expect(text, words).toContain(words)
    }
    expect(text).not.toMatch(/Your session|Signed in as|Administrator|Choose a franchise|Logout/)
    const logout = await get('/logout', turkish())
    expect(titleOf(logout.body)).toBe('Çıkış')
    expect(visibleTextOf(logout.body)).toContain('Avery Admin olarak giriş yaptınız. Çıkış')
    expect(visibleTextOf((await get('/session', app.adminCookie)).body)).toContain('Signed in as Avery Admin Email admin@demo.test Role Administrator Organisation Demo Yoga Studio')
    expect(visibleTextOf((await get('/logout', app.adminCookie)).body)).toContain('You are signed in as Avery Admin. Logout')
  })

  it("draws an invoice's PDF page in Turkish", async () => {
    const block = await asSystem(app.platform.database, 'test: a block to sell', (trx) => demoItemOption(trx, app.demo.id, 'cork-yoga-block'))
    const till = `/store/cart-checkout?contact=${student.guid}`
    const added = await post(till, form({ intent: 'add', choice: `${block.item}/${block.option}`, quantity: '1' }), app.adminCookie)
    const sold = await post(till, form({ intent: 'sell', attempt: 'shell-turkish-pdf-attempt-01', contact: student.guid, method: 'cash' }), `${app.adminCookie}; ${cookiePair(added, 'till')}`)
    expect(sold.status).toBe(302)
    const invoice = await asSystem(app.platform.database, 'test: the sale', (trx) =>
      trx.selectFrom('invoices').select(['guid', 'number']).where('idempotency_key', '=', 'shell-turkish-pdf-attempt-01').executeTakeFirstOrThrow(),
    )
    const number = `#${String(invoice.number).padStart(4, '0')}`
    const page = await get(`/invoices/${invoice.guid}/pdf`, turkish())
    expect(page.status).toBe(200)
    expect(titleOf(page.body)).toBe(`${number} numaralı faturanın PDF&#x27;i`)
    const text = visibleTextOf(page.body)
    for (const words of ['Faturalar', `Fatura ${number}`, "Faturanın şu anki hâliyle PDF'i.", `${number} numaralı faturanın PDF'i henüz oluşturulmadı.`, "PDF'i oluştur"]) expect(text, words).toContain(words)
    expect(text).not.toMatch(/Make the PDF|has not been made/)
    expect(visibleTextOf((await get(`/invoices/${invoice.guid}/pdf`, app.adminCookie)).body)).toContain(`The PDF of invoice ${number} has not been made yet. Make the PDF`)
  })

  it("names the kinds of a contact's timeline entries in Turkish", async () => {
    const text = visibleTextOf((await get(`/contacts/${student.guid}/detail?tab=timeline`, turkish())).body)
    for (const words of ['Zaman çizelgesi', 'Rezervasyon : ', 'Üyelik : 10-Class Card üyeliğini başlattı']) expect(text, words).toContain(words)
    expect(text).not.toMatch(/Booking :|Membership :|Invoice :/)
    const english = visibleTextOf((await get(`/contacts/${student.guid}/detail?tab=timeline`, app.adminCookie)).body)
    for (const words of ['Timeline', 'Booking : Booked', 'Membership : Started the membership 10-Class Card']) expect(english, words).toContain(words)
  })
})
