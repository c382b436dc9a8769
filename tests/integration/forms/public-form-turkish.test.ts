import { withTenant } from '#db/tenant-scope'
import { issueFormStamp } from '#server/forms/fill-time'
import { customFieldKey } from '#server/forms/form-inputs'
import { loadFormDefinition, type FormDefinition } from '#server/forms/form-definition'
import { listPublishedForms } from '#server/forms/list-published-forms'
import { rjsfFormBody } from '#tests/support/route-call'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { validPost } from './form-fixtures'

/**
 * The demo studio's public form over HTTP, in Turkish when the visitor chose it (the switcher's
 * cookie) or their browser asks for it, in English otherwise; the tenant's own words as written.
 */
describe('a public registration form in Turkish', () => {
  let app: DemoHttpApp
  let form: FormDefinition
  let visitor = 0

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const [published] = await listPublishedForms(app.platform.database, app.demo)
    const loaded = await withTenant(app.platform.database, app.demo.id, (trx) => loadFormDefinition(trx, { guId: published!.guId }))
    if (!loaded) throw new Error('the demo form is missing')
    form = loaded
    // The first test file after a change builds the app.
  }, 300_000)
  afterAll(async () => {
    await app?.close()
  })

  const get = (path: string, headers: Record<string, string> = {}) => request(app.port, path, { host: app.host, headers })
  const post = (path: string, values: Record<string, string>, headers: Record<string, string> = {}) => {
    visitor += 1
    const body = rjsfFormBody(validPost(form, { [customFieldKey(form.fields[0]!.guId)]: form.fields[0]!.options[0] ?? '', email: `turkish${visitor}@example.com`, formStartedAt: issueFormStamp(app.platform.env, form.id, Date.now() - 30_000), ...values }))
    return request(app.port, path, {
      host: app.host,
      method: 'POST',
      body: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}`, ...headers },
    })
  }
  const turkishChrome = ['<html lang="tr"', '>Gönder<', '>Ad Soyad<', '>E-posta<', 'placeholder="Adınız ve soyadınız"', 'İmza', 'İmzalamak için adınızı ve soyadınızı yazın', 'İmza tarihi: ', 'Seçin…']

  it('draws the page in Turkish for the visitor who chose it, and the form’s own words as the studio wrote them', async () => {
    const page = await get(`/pforms/${form.guId}?chosen`, { cookie: 'lng=tr' })
    expect(page.status).toBe(200)
    for (const words of turkishChrome) expect(page.body).toContain(words)
    expect(page.body).toMatch(/İmza tarihi: \d{2} (Oca|Şub|Mar|Nis|May|Haz|Tem|Ağu|Eyl|Eki|Kas|Ara) \d{4}/)
    expect(page.body).toContain(`<title>${form.name} | `)
    expect(page.body).toContain(`>${form.name}</h1>`)
    expect(page.body).toContain(form.fields[0]!.name)
    // The browser's own checks speak Turkish too: the descriptor's messages come translated.
    expect(page.body).toContain('Ad ve Soyad zorunludur!')
    expect(page.body).toContain(`${form.fields[1]!.name} alanı zorunludur!`)
    expect(page.body).not.toContain('>Submit<')
    expect(page.body).not.toContain('First name and Last name required!')
  })

  it('draws it in Turkish for a browser that asks for Turkish', async () => {
    const page = await get(`/registration/${form.id}?browser`, { 'accept-language': 'tr-TR,tr;q=0.9,en;q=0.8' })
    expect(page.status).toBe(200)
    for (const words of turkishChrome) expect(page.body).toContain(words)
  })

  it('leaves English as it was', async () => {
    const page = await get(`/pforms/${form.guId}?english`, { 'accept-language': 'en-GB,en;q=0.9' })
    expect(page.body).toContain('<html lang="en"')
    for (const words of ['>Submit<', 'Type your full name to sign', 'Sign date: ', 'Select…', 'First name and Last name required!']) expect(page.body).toContain(words)
    expect(page.body).toMatch(/Sign date: [A-Z][a-z]{2} \d{2}, \d{4}/)
    expect(page.body).not.toContain('Gönder')
  })

  it('shows a refused post without JavaScript again with Turkish messages, and English ones in English', async () => {
    const refused = await post(`/pforms/${form.guId}`, { fullName: 'Ada', signTypedName: '', signConsent: '' }, { cookie: 'lng=tr' })
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('<html lang="tr"')
    expect(refused.body).toContain('role="alert"')
    expect(refused.body).toContain('Ad ve Soyad zorunludur!')
    expect(refused.body).toContain('İmza zorunludur!')
    expect(refused.body).toContain('value="Ada"')

    const english = await post(`/pforms/${form.guId}`, { fullName: 'Ada', signTypedName: '', signConsent: '' })
    expect(english.status).toBe(400)
    expect(english.body).toContain('First name and Last name required!')
    expect(english.body).toContain('Signature is required!')
    expect(english.body).not.toContain('İmza zorunludur!')
  })

  it('thanks the visitor in Turkish', async () => {
    const stored = await post(`/pforms/${form.guId}`, {}, { cookie: 'lng=tr' })
    expect(stored.status, /role="alert"[^>]*>([^<]*)/.exec(stored.body)?.[1] ?? '').toBe(303)
    const thanks = await get(stored.header('location')!, { cookie: 'lng=tr' })
    expect(thanks.status).toBe(200)
    expect(thanks.body).toContain('<html lang="tr"')
    expect(thanks.body).toContain('Kayıt başarıyla tamamlandı')
    expect(thanks.body).toContain(`${form.name} başarıyla gönderildi.`)
    expect(thanks.body).toContain('Ana sayfaya dön')
    expect(thanks.body).toMatch(/İndirme hazırlanıyor|Kopyanızı indirin \(PDF\)/)
    expect(thanks.body).not.toContain('Successfully registered')
  })

  it('keeps Turkish on the new contact of a Turkish visitor, for their emails; fills in none already kept, and nothing for the studio default', async () => {
    const languageOf = (email: string) =>
      withTenant(app.platform.database, app.demo.id, (trx) => trx.selectFrom('contacts').select('language').where('email', '=', email).executeTakeFirst())
    expect((await post(`/pforms/${form.guId}`, { email: 'new.turkish@example.com' }, { cookie: 'lng=tr' })).status).toBe(303)
    expect(await languageOf('new.turkish@example.com')).toEqual({ language: 'tr' })
    // The studio's own language is not written down: the contact goes on following the default.
    expect((await post(`/pforms/${form.guId}`, { email: 'new.english@example.com' }, { 'accept-language': 'en' })).status).toBe(303)
    expect(await languageOf('new.english@example.com')).toEqual({ language: null })
    // Anyone may type anyone's email: a language already kept is never changed by a post.
    await withTenant(app.platform.database, app.demo.id, (trx) => trx.updateTable('contacts').set({ language: 'en' }).where('email', '=', 'new.english@example.com').execute())
    expect((await post(`/pforms/${form.guId}`, { email: 'new.english@example.com' }, { cookie: 'lng=tr' })).status).toBe(303)
    expect(await languageOf('new.english@example.com')).toEqual({ language: 'en' })
    // Missing, it is filled in.
    await withTenant(app.platform.database, app.demo.id, (trx) => trx.updateTable('contacts').set({ language: null }).where('email', '=', 'new.english@example.com').execute())
    expect((await post(`/pforms/${form.guId}`, { email: 'new.english@example.com' }, { cookie: 'lng=tr' })).status).toBe(303)
    expect(await languageOf('new.english@example.com')).toEqual({ language: 'tr' })
  })

  it('keeps the English and the Turkish page apart in the anonymous page cache', async () => {
    const path = `/pforms/${form.guId}?cache-apart`
    const english = await get(path)
    expect(english.header('x-page-cache')).toBe('miss')
    const turkish = await get(path, { cookie: 'lng=tr' })
    expect(turkish.header('x-page-cache')).toBe('miss')
    expect(turkish.body).toContain('<html lang="tr"')
    const byBrowser = await get(path, { 'accept-language': 'tr' })
    expect(byBrowser.header('x-page-cache')).toBe('hit')
    expect(byBrowser.body).toContain('>Gönder<')

    const englishAgain = await get(path)
    expect(englishAgain.header('x-page-cache')).toBe('hit')
    expect(englishAgain.body).toContain('<html lang="en"')
    expect(englishAgain.body).toContain('>Submit<')
    expect(englishAgain.body).not.toContain('Gönder')
  })
})
