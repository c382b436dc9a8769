import { withTenant } from '#db/tenant-scope'
import { form, visibleTextOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { turkishAdminRequests } from './turkish-admin-requests'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** The staff Users screens in Turkish for an admin who chose it; English as it was. */
describe(`the Users screens in Turkish (${engine})`, () => {
  let app: DemoHttpApp

  beforeAll(async () => {
    app = await startDemoHttpApp()
    // Sam signed in on 4 March 2026 at 10:06 in the demo studio's zone; Frankie is suspended.
    await withTenant(app.platform.database, app.demo.id, async (trx) => {
      await trx.updateTable('contacts').set({ last_login_at: '2026-03-04T15:06:00Z' }).where('email', '=', 'staff@demo.test').execute()
      await trx.updateTable('contacts').set({ is_account_locked: true }).where('email', '=', 'frontdesk@demo.test').execute()
    })
  }, 300_000)
  afterAll(() => app?.close())

  const { get, post } = turkishAdminRequests(() => app)

  it('draws the users list in Turkish: its words, headers, roles, dates and row count', async () => {
    const page = await get('/settings/users')
    expect(page.status).toBe(200)
    expect(page.body).toContain('<html lang="tr"')
    expect(page.body).toMatch(/<title>Kullanıcılar\b/)
    for (const attribute of ['aria-label="Ayarlara dön"', 'aria-label="Kullanıcılar"', 'placeholder="Filtrele"']) expect(page.body).toContain(attribute)
    const text = visibleTextOf(page.body)
    for (const words of [
      'Kullanıcılar Kişi Ara Kişi Ekle',
      'Kullanıcıları filtrele',
      'Ad E-posta Rol Eğitmen Son Giriş Zamanı',
      'Avery Admin admin@demo.test Yönetici Eğitmen değil',
      'Frankie Desk Askıya alındı frontdesk@demo.test Ön Büro Eğitmen değil -',
      'Sam Staff staff@demo.test Personel Eğitmen 04 Mar 2026 10:06',
      'Sayfa başına öğe:',
      '1 – 3 / 3',
    ]) {
      expect(text).toContain(words)
    }
    for (const words of ['Search Contact', 'Add Contact', 'Filter users', 'Last Login Time', 'Suspended', 'Not a teacher', 'Frontdesk', ' of 3']) expect(text).not.toContain(words)
    const none = visibleTextOf((await get('/settings/users?q=nobody-at-all')).body)
    expect(none).toContain('Kayıt bulunamadı')
    expect(none).toContain('0 – 0 / 0')
  })

  it('finds users by the role name the list shows, in Turkish as in English', async () => {
    const admins = visibleTextOf((await get('/settings/users?q=y%C3%B6netici')).body)
    expect(admins).toContain('Avery Admin admin@demo.test Yönetici')
    expect(admins).toContain('1 – 1 / 1')
    const desk = visibleTextOf((await get(`/settings/users?q=${encodeURIComponent('ÖN BÜRO')}`)).body)
    expect(desk).toContain('Frankie Desk')
    expect(desk).not.toContain('Sam Staff')
    expect(visibleTextOf((await get('/settings/users?q=frontdesk', app.adminCookie)).body)).toContain('1 – 1 of 1')
  })

  it('keeps the English list as it was', async () => {
    const page = await get('/settings/users', app.adminCookie)
    expect(page.body).toMatch(/<title>Users\b/)
    expect(page.body).toContain('aria-label="Back to settings"')
    const text = visibleTextOf(page.body)
    for (const words of [
      'Users Search Contact Add Contact',
      'Filter users',
      'Name Email Role Teacher Last Login Time',
      'Avery Admin admin@demo.test Admin Not a teacher',
      'Frankie Desk Suspended frontdesk@demo.test Frontdesk Not a teacher -',
      'Sam Staff staff@demo.test Staff Teacher',
      '1 – 3 of 3',
    ]) {
      expect(text).toContain(words)
    }
    expect(visibleTextOf((await get('/settings/users?q=nobody-at-all', app.adminCookie)).body)).toContain('No Record Found')
  })

  it('draws the Create Contact page and its refusals in Turkish', async () => {
    const page = await get('/settings/users/add')
    expect(page.status).toBe(200)
    expect(page.body).toMatch(/<title>Kişi Oluştur\b/)
    expect(page.body).toContain('aria-label="Kullanıcılara dön"')
    const refused = await post('/settings/users/add', form({ firstName: '', lastName: '', email: '' }))
    expect(refused.status).toBe(400)
    const text = visibleTextOf(refused.body)
    for (const words of ['Ad zorunludur!', 'Soyad zorunludur!', 'E-posta zorunludur!']) expect(text).toContain(words)
    expect(text).not.toContain('is required!')
    const english = await post('/settings/users/add', form({ firstName: '', lastName: '', email: '' }), app.adminCookie)
    expect(visibleTextOf(english.body)).toContain('First Name is required!')
    expect(english.body).toContain('aria-label="Back to users"')
  })

  it('draws a user’s page and the contact picker page in Turkish', async () => {
    const guid = await withTenant(app.platform.database, app.demo.id, async (trx) =>
      (await trx.selectFrom('contacts').select('guid').where('email', '=', 'frontdesk@demo.test').executeTakeFirstOrThrow()).guid,
    )
    const detail = visibleTextOf((await get(`/settings/users/${guid}`)).body)
    for (const words of ['Kullanıcı Listesi', 'Bildirimler', 'Hesap Askıya Alındı', 'Ön Büro']) expect(detail).toContain(words)
    const picker = visibleTextOf((await get('/settings/users/pick?q=nobody-at-all')).body)
    for (const words of ['Eklenecek üyeyi seçin', 'Kayıt bulunamadı']) expect(picker).toContain(words)
  })
})
