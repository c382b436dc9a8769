import { asSystem } from '#db/tenant-scope'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { cookiePair, form, textOf, toastOf } from '#tests/integration/http/answers'
import { createSessionCookie } from '#tests/support/sessions'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/**
 * The student portal in English and Turkish: the words of its pages, and the language kept on
 * the student's profile, which comes after the switcher's cookie and before the browser's.
 */
describe(`the student portal's language (${engine})`, () => {
  let app: DemoHttpApp
  let studentId = ''
  let student = ''

  const get = (path: string, cookie: string, headers: Record<string, string> = {}) => request(app.port, path, { host: app.host, headers: { cookie, ...headers } })
  const post = (path: string, body: string, cookie: string) =>
    request(app.port, path, { host: app.host, method: 'POST', body, headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}` } })
  const storedLanguage = () =>
    asSystem(app.platform.database, 'test: the stored language', (trx) => trx.selectFrom('contacts').select('language').where('id', '=', studentId).executeTakeFirstOrThrow()).then((row) => row.language)
  const storeLanguage = async (language: string | null) => {
    await asSystem(app.platform.database, 'test: store a language', (trx) => trx.updateTable('contacts').set({ language }).where('id', '=', studentId).execute())
    // Announced as the app's writers of contacts announce it: kept session lookups drop.
    app.platform.caches.changed(app.demo.id, ['contacts'])
  }

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const row = await asSystem(app.platform.database, 'test: the demo student', (trx) =>
      trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'student@demo.test').executeTakeFirstOrThrow(),
    )
    studentId = row.id
    student = await createSessionCookie(app.platform, app.demo, row)
  }, 120_000)

  afterAll(async () => {
    await app?.close()
  })

  beforeEach(async () => {
    await storeLanguage(null)
  })

  it('keeps a signed-in page per language: the same person on a Turkish and an English browser', async () => {
    // The staff invoice report is kept per signed-in person for a moment (allowSignedInPageCache).
    const admin = await asSystem(app.platform.database, 'test: the demo admin', (trx) =>
      trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow(),
    )
    const staff = await createSessionCookie(app.platform, app.demo, admin)
    const turkish = await get('/invoices', staff, { 'accept-language': 'tr-TR,tr;q=0.9' })
    expect(turkish.status).toBe(200)
    expect(turkish.body).toContain('<html lang="tr"')
    const english = await get('/invoices', staff, { 'accept-language': 'en-GB,en;q=0.9' })
    expect(english.status).toBe(200)
    expect(english.body).toContain('<html lang="en"')
  })

  it('draws the portal’s pages in Turkish for lng=tr', async () => {
    const pages: [string, string[]][] = [
      ['/student-assessments', ['Değerlendirmeler', 'Henüz değerlendirme yok.', 'Merhaba, Stella', 'Kurslar']],
      ['/mycourses', ['Kayıtlı olduğunuz kurslar.', 'Duyuru panosu', 'Duyurular', 'Alıntılar']],
      ['/myform', ['Formlarım']],
      ['/mydonation', ['Bağışlarım']],
      ['/profile', ['Profilim', 'Bilgileri düzenle', 'Değişiklikleri kaydet', 'Dili kaydet', 'Kayıtlı kartlar', 'Öğrenci']],
      ['/store', ['Üyeliklerim', 'Satın alımlar', 'Derslerinizi görün']],
      // The week's days by Turkish short names, in Turkish order ('30 Kas 2026').
      ['/classes?date=2026-11-30', ['Pzt', 'Cmt', '30 Kas 2026', '29 Kas - 5 Ara 2026']],
      ['/invoices', ['Faturalarım', 'Satın aldıklarınız ve henüz ödenecek olanlar.']],
      ['/meminvoice', ['Üyelik ödemeleri', 'Üyeliklerinizin her dönemi, ödenen ve ödenecek olan.']],
    ]
    const titles: Record<string, string> = {
      '/student-assessments': 'Değerlendirmeler',
      '/mycourses': 'Kurslar',
      '/myform': 'Formlarım',
      '/mydonation': 'Bağışlarım',
      '/profile': 'Profilim',
      '/invoices': 'Faturalarım',
      '/meminvoice': 'Üyelik ödemeleri',
      '/store': 'Mağazam',
      '/classes?date=2026-11-30': 'Takvim',
    }
    for (const [path, words] of pages) {
      const page = await get(path, `${student}; lng=tr`)
      expect(page.status, path).toBe(200)
      expect(page.body, path).toContain('<html lang="tr"')
      // The browser tab names the page in Turkish too.
      expect(/<title>([^<]*)<\/title>/.exec(page.body)?.[1], path).toMatch(new RegExp(`^${titles[path]}`))
      const text = textOf(page.body)
      for (const word of words) expect(text, `${path}: ${word}`).toContain(word)
    }
    const english = await get('/student-assessments', `${student}; lng=en`)
    expect(textOf(english.body)).toContain('No assessments yet.')
    expect(textOf(english.body)).not.toContain('Henüz değerlendirme yok.')
  })

  it('refuses a review in Turkish on a Turkish page, in the dialog drawn in Turkish', async () => {
    const refused = await post('/mycourses', 'intent=review-add&stars=&reviewText=short', `${student}; lng=tr`)
    expect(refused.status).toBe(400)
    const text = textOf(refused.body)
    for (const word of ['Değerlendirme', 'Puan zorunludur.', 'Değerlendirme zorunludur ve en az 10 karakter olmalıdır.', 'En az 10 karakter.', 'Gönder']) expect(text, word).toContain(word)
  })

  it('refuses feedback longer than 2000 characters in Turkish on a Turkish page, in English on an English one', async () => {
    const body = `intent=feedback-send&message=${'a'.repeat(2001)}`
    const refused = await post('/classes', body, `${student}; lng=tr`)
    expect(refused.status).toBe(400)
    expect(textOf(refused.body)).toContain('Mesaj en fazla 2000 karakter olabilir.')
    expect(refused.body).not.toContain('Message must be at most 2000 characters.')
    const english = await post('/classes', body, `${student}; lng=en`)
    expect(english.status).toBe(400)
    expect(textOf(english.body)).toContain('Message must be at most 2000 characters.')
  })

  it("gives My Profile's browser-side checks the page's words", async () => {
    const page = await get('/profile', `${student}; lng=tr`)
    // The loader's data the browser hydrates with carries the Turkish messages for the form's own checks.
    expect(page.body).toContain('Ad zorunludur.')
    expect(page.body).toContain('Yalnızca rakam, boşluk ve + ( ) - kullanın.')
  })

  it('carries the portal’s words to the browser and puts the language switcher in the toolbar', async () => {
    const page = await get('/student-assessments', `${student}; lng=tr`)
    const boot = /<script id="i18n-boot" type="application\/json"[^>]*>(.*?)<\/script>/s.exec(page.body)
    const words = JSON.parse(boot![1]!) as { language: string; resources: Record<string, Record<string, string>> }
    expect(words.language).toBe('tr')
    expect(words.resources.portal?.noAssessments).toBe('Henüz değerlendirme yok.')
    expect(page.body).toContain('action="/language"')
    expect(page.body).toContain('Türkçe')
  })

  it('uses the language stored on the student when the browser carries no choice, before Accept-Language', async () => {
    await storeLanguage('tr')
    const stored = await get('/student-assessments', student, { 'accept-language': 'en-US,en;q=0.9' })
    expect(stored.body).toContain('<html lang="tr"')
    expect(textOf(stored.body)).toContain('Henüz değerlendirme yok.')
    // The switcher's cookie on this browser still comes first.
    const chosen = await get('/student-assessments', `${student}; lng=en`, { 'accept-language': 'tr' })
    expect(chosen.body).toContain('<html lang="en"')
    // Nothing stored: the browser's language.
    await storeLanguage(null)
    const browser = await get('/student-assessments', student, { 'accept-language': 'tr-TR' })
    expect(browser.body).toContain('<html lang="tr"')
  })

  it('keeps the switcher’s choice on the signed-in student', async () => {
    const switched = await post('/language', form({ language: 'tr', returnTo: '/mycourses' }), student)
    expect(switched.status).toBe(303)
    expect(switched.headers.location).toBe('/mycourses')
    expect(String(switched.headers['set-cookie'])).toContain('lng=tr')
    expect(await storedLanguage()).toBe('tr')
  })

  it('saves the Language chosen on My Profile, sets this browser’s cookie and says so in the new language', async () => {
    const saved = await post('/profile', form({ intent: 'language', language: 'tr' }), `${student}; lng=en`)
    expect(saved.status).toBe(302)
    expect(String(saved.headers['set-cookie'])).toContain('lng=tr')
    expect(await storedLanguage()).toBe('tr')
    expect(toastOf(saved)).toBe('Language saved.')
    const page = await get('/profile', `${student}; lng=tr; ${cookiePair(saved, 'toast')}`)
    expect(page.body).toContain('Dil kaydedildi.')
    expect(page.body).toMatch(/<option value="tr"[^>]*selected/)
  })

  it('refuses a language it does not speak and stores nothing', async () => {
    const refused = await post('/profile', form({ intent: 'language', language: 'de' }), student)
    expect(refused.status).toBe(302)
    expect(await storedLanguage()).toBeNull()
  })
})
