import { shippedDescriptor } from '#screens/index'
import { visibleTextOf } from '#tests/integration/http/answers'
import { withTenant } from '#db/tenant-scope'
import { issueFormStamp } from '#server/forms/fill-time'
import { customFieldKey } from '#server/forms/form-inputs'
import { loadFormDefinition, type FormDefinition } from '#server/forms/form-definition'
import { listPublishedForms } from '#server/forms/list-published-forms'
import { fieldOrderOf, type ScreenDescriptor } from '#server/screens/descriptor'
import { translatedDescriptor } from '#server/screens/translated-descriptor'
import { validPost } from '#tests/integration/forms/form-fixtures'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { rjsfFormBody } from '#tests/support/route-call'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/**
 * The staff custom forms, custom fields and screen customiser in Turkish for an admin who chose
 * it; English as it was. The studio's own words (a form's name, its fields' labels) stay as written.
 */
describe(`the form builder screens in Turkish (${engine})`, () => {
  let app: DemoHttpApp
  let form: FormDefinition
  let submissionId: string

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const [published] = await listPublishedForms(app.platform.database, app.demo)
    const loaded = await withTenant(app.platform.database, app.demo.id, (trx) => loadFormDefinition(trx, { guId: published!.guId }))
    if (!loaded) throw new Error('the demo form is missing')
    form = loaded
    // One submission, sent by a visitor, for the staff screens to show.
    const body = rjsfFormBody(validPost(form, { [customFieldKey(form.fields[0]!.guId)]: form.fields[0]!.options[0] ?? '', formStartedAt: issueFormStamp(app.platform.env, form.id, Date.now() - 30_000) }))
    const sent = await request(app.port, `/pforms/${form.guId}`, {
      host: app.host,
      method: 'POST',
      body: body.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}` },
    })
    expect(sent.status).toBe(303)
    const submission = await withTenant(app.platform.database, app.demo.id, (trx) => trx.selectFrom('form_submissions').select('id').where('form_id', '=', form.id).executeTakeFirstOrThrow())
    submissionId = submission.id
  }, 300_000)
  afterAll(() => app?.close())

  const turkish = () => `${app.adminCookie}; lng=tr`
  const get = (path: string, cookie: string) => request(app.port, path, { host: app.host, headers: { cookie } })
  const post = (path: string, body: URLSearchParams, cookie: string) =>
    request(app.port, path, { host: app.host, method: 'POST', body: body.toString(), headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}` } })
  const turkishDate = /\d{2} (Oca|Şub|Mar|Nis|May|Haz|Tem|Ağu|Eyl|Eki|Kas|Ara) \d{4} \d{2}:\d{2}/

  it('draws the forms list and the form editor in Turkish, the form’s name as the studio wrote it', async () => {
    const list = await get('/customforms', turkish())
    expect(list.status).toBe(200)
    expect(list.body).toContain('<html lang="tr"')
    const listText = visibleTextOf(list.body)
    for (const words of ['Formlar', 'Form Ekle', 'Yeşil noktalı tüm formlar herkese açık görünümde yer alır.', 'Öğrenci Kaydı', 'Önizle', 'Yayından kaldır', 'Trial Class Registration']) expect(listText).toContain(words)
    expect(list.body).toContain('aria-label="Yayında"')
    expect(listText).not.toContain('Add Form')

    const editor = visibleTextOf((await get(`/customforms/${form.guId}`, turkish())).body)
    for (const words of ['Formu Düzenle: Trial Class Registration', 'Gönderimler', 'Şu adreste yayında:', 'Sürüm 1.', 'Form Adı', 'Form Türü', 'Standart alanlar', 'Veli Bilgileri', 'İmza Zorunlu', 'Form Öncesi Açıklama', 'Bu formdaki özel alanlar', 'Güncelle', 'Experience']) {
      expect(editor).toContain(words)
    }
    expect(editor).not.toContain('Custom fields on this form')
    const added = visibleTextOf((await get('/customforms/new', turkish())).body)
    for (const words of ['Form Ekle', 'Açıklamalar', 'Gönder']) expect(added).toContain(words)

    const english = visibleTextOf((await get('/customforms', app.adminCookie)).body)
    for (const words of ['Forms', 'Add Form', 'All Form with a green dot are visible in public view.', 'Student Registration', 'Unpublish']) expect(english).toContain(words)
    const englishEditor = visibleTextOf((await get(`/customforms/${form.guId}`, app.adminCookie)).body)
    for (const words of ['Edit Form: Trial Class Registration', 'Published at', 'Version 1.', 'Form Name', 'Guardian Details', 'Custom fields on this form', 'Update']) expect(englishEditor).toContain(words)
  })

  it('refuses a form editor post in Turkish, with the sentence made from the field’s Turkish label', async () => {
    const refused = await post('/customforms/new', rjsfFormBody({ name: 'x'.repeat(300), formType: 'GENERAL' }), turkish())
    expect(refused.status).toBe(400)
    const text = visibleTextOf(refused.body)
    expect(text).toContain('Geçersiz form!')
    expect(text).toContain('Form Adı en fazla 255 karakter olmalıdır')
    const english = visibleTextOf((await post('/customforms/new', rjsfFormBody({ name: 'x'.repeat(300), formType: 'GENERAL' }), app.adminCookie)).body)
    expect(english).toContain('Form Name must be at most 255 characters')
  })

  it('draws the submissions, a submission and the CSV export in Turkish', async () => {
    const list = visibleTextOf((await get(`/customforms/${form.guId}/submissions`, turkish())).body)
    for (const words of ['Trial Class Registration: gönderimler', 'CSV olarak dışa aktar', 'Ara', 'Ad', 'E-posta', 'İmzalı', 'Gönderilme', 'Evet', '1 gönderim, sayfa 1 / 1']) expect(list).toContain(words)
    expect(list).toMatch(turkishDate)
    expect(list).not.toContain('Export CSV')
    const englishList = visibleTextOf((await get(`/customforms/${form.guId}/submissions`, app.adminCookie)).body)
    for (const words of ['Trial Class Registration: submissions', 'Export CSV', '1 submission, page 1 of 1', 'Signed']) expect(englishList).toContain(words)

    const detail = visibleTextOf((await get(`/customforms/${form.guId}/submissions/${submissionId}`, turkish())).body)
    for (const words of ['Trial Class Registration: gönderim', 'Yanıtlar', 'İmza', 'İmza tarihi:', 'Bütünlük kaydı', 'Saklanan gönderim, hash değeriyle eşleşiyor.', 'Form sürümü', 'Gönderilme zamanı', 'İmzalayanın IP adresi', 'Ada Lovelace']) {
      expect(detail).toContain(words)
    }
    expect(detail).toMatch(turkishDate)
    expect(detail).not.toContain('Integrity record')
    const englishDetail = visibleTextOf((await get(`/customforms/${form.guId}/submissions/${submissionId}`, app.adminCookie)).body)
    for (const words of ['Answers', 'Integrity record', 'The stored submission matches its hash.', 'Signer IP address']) expect(englishDetail).toContain(words)

    const csv = await get(`/customforms/${form.guId}/submissions.csv`, turkish())
    expect(csv.status).toBe(200)
    const [header] = csv.body.replace(/^\uFEFF/, '').split('\r\n')
    expect(header).toMatch(/^"Gönderim","Gönderilme Zamanı",.*"Experience".*"İmza","İmzadaki Ad","İmzalanma Zamanı","İmzalayanın IP Adresi","Form Sürümü","SHA-256"$/)
    expect(csv.body).toContain('"yazılarak"')
    expect(decodeURIComponent(csv.header('content-disposition') ?? '')).toContain('Trial Class Registration gönderimleri.csv')
    const englishCsv = await get(`/customforms/${form.guId}/submissions.csv`, app.adminCookie)
    expect(englishCsv.body.replace(/^\uFEFF/, '').split('\r\n')[0]).toMatch(/^"Submission","Submitted At",.*"Signature","Signed Name","Signed At","Signer IP","Form Version","SHA-256"$/)
    expect(decodeURIComponent(englishCsv.header('content-disposition') ?? '')).toContain('Trial Class Registration submissions.csv')
  })

  it('draws the custom fields, their dialogs and the delete question in Turkish', async () => {
    const screen = await get('/settings/customfield', turkish())
    expect(screen.status).toBe(200)
    const text = visibleTextOf(screen.body)
    for (const words of ['Özel Alanlar', 'Metin', 'Metin Alanı', 'Açılır Liste', 'Onay Kutusu', 'Eklenmedi', 'Experience']) expect(text).toContain(words)
    expect(screen.body).toContain('aria-label="Metin Alanı türünde alan ekle"')
    expect(text).not.toContain('Not Added')

    const dialog = visibleTextOf((await get('/settings/customfield/new/text', turkish())).body)
    for (const words of ['Alan Ekle: Metin', 'Tür', 'Ad', 'Etiket', 'Yalnızca küçük harf ve rakam kullanılabilir', 'Yardım Metni', 'Zorunlu', 'Ekle']) expect(dialog).toContain(words)
    const all = visibleTextOf((await get('/settings/customfield/new/all', turkish())).body)
    for (const words of ['Özel Alan Ekle', 'Tür Seçin', 'Seçenek 1', 'Seçenekler, Seçenek Düğmesi ve Açılır Liste alanlarında kullanılır.']) expect(all).toContain(words)
    const field = form.fields[0]!
    const edit = visibleTextOf((await get(`/settings/customfield/${field.guId}`, turkish())).body)
    for (const words of ['Özel Alanı Düzenle', 'Açılır Liste', 'Güncelle']) expect(edit).toContain(words)
    const remove = visibleTextOf((await get(`/settings/customfield/delete/${field.guId}`, turkish())).body)
    for (const words of ['Özel Alanı Sil!', 'Devam etmek istediğinizden emin misiniz?']) expect(remove).toContain(words)

    const english = visibleTextOf((await get('/settings/customfield/new/text', app.adminCookie)).body)
    for (const words of ['Add Text Field', 'Only Lowercase Alphabets and Numbers are allowed', 'Help Text', 'Is Mandatory']) expect(english).toContain(words)
    expect(visibleTextOf((await get('/settings/customfield', app.adminCookie)).body)).toContain('Not Added')
  })

  it('refuses a custom field in Turkish: the dialog’s own check and the domain’s', async () => {
    const badTag = await post('/settings/customfield/new/dropdown', rjsfFormBody({ name: 'Beden', tag: 'Bad Tag', option1: 'S' }), turkish())
    expect(badTag.status).toBe(400)
    expect(visibleTextOf(badTag.body)).toContain('Etiket boş olamaz; boşluk olmadan küçük harflerle yazılmalıdır')
    const noOption = await post('/settings/customfield/new/dropdown', rjsfFormBody({ name: 'Beden', tag: 'beden' }), turkish())
    expect(noOption.status).toBe(400)
    const text = visibleTextOf(noOption.body)
    expect(text).toContain('Geçersiz form!')
    expect(text).toContain('Seçenek 1 zorunludur!')
    expect(visibleTextOf((await post('/settings/customfield/new/dropdown', rjsfFormBody({ name: 'Beden', tag: 'beden' }), app.adminCookie)).body)).toContain('Option 1 is required!')
  })

  describe('the screen customiser', () => {
    const account = () => shippedDescriptor('account')!
    const helpOf = (descriptor: ScreenDescriptor, name: string) => {
      const ui = descriptor.uiSchema[name]
      const help = typeof ui === 'object' && ui !== null && !Array.isArray(ui) ? ui['ui:help'] : undefined
      return typeof help === 'string' ? help : ''
    }
    /** What the customise form posts as the page drew it: every row's order, empty label and shown help. */
    const rowsAsDrawn = (drawn: ScreenDescriptor, changes: Array<[string, string]> = []) => {
      const body = new URLSearchParams()
      for (const name of fieldOrderOf(account())) {
        body.append('order[]', name)
        body.append(`label[${name}]`, '')
        body.append(`help[${name}]`, helpOf(drawn, name))
      }
      for (const [key, value] of changes) body.append(key, value)
      return body
    }

    it('lists and draws the customisable screens in Turkish', async () => {
      const turkishAccount = translatedDescriptor(account(), 'tr')
      const list = visibleTextOf((await get('/settings/customise', turkish())).body)
      for (const words of ['Ekranları özelleştir', 'Özelleştir', turkishAccount.title]) expect(list).toContain(words)
      const page = await get('/settings/customise/account', turkish())
      expect(page.status).toBe(200)
      const text = visibleTextOf(page.body)
      for (const words of [`Özelleştir: ${turkishAccount.title}`, 'Alanları yeniden adlandırın', 'Sıra', 'Alan adı', 'Yardım metni', 'Kuruluş Adı', 'Zorunlu', 'Gizle', 'Varsayılana sıfırla', 'İptal', 'Kaydet']) {
        expect(text).toContain(words)
      }
      expect(page.body).toContain('aria-label="Kuruluş Adı alanını yukarı taşı"')
      expect(text).not.toContain('Reset to default')
      const english = visibleTextOf((await get('/settings/customise/account', app.adminCookie)).body)
      for (const words of [`Customise: ${account().title}`, 'Rename fields, change their help text and order', 'Organization Name', 'Reset to default']) expect(english).toContain(words)
    })

    it('refuses in Turkish, and keeps the shipped words sent back in Turkish as the defaults they are', async () => {
      const drawn = translatedDescriptor(account(), 'tr')
      const refused = await post('/settings/customise/account', rowsAsDrawn(drawn, [['hidden[name]', 'true']]), turkish())
      expect(refused.status).toBe(400)
      const text = visibleTextOf(refused.body)
      expect(text).toContain('Geçersiz form!')
      expect(text).toContain('Kuruluş Adı zorunludur ve gizlenemez.')

      const saved = await post('/settings/customise/account', rowsAsDrawn(drawn), turkish())
      expect(saved.status).toBe(302)
      const stored = await withTenant(app.platform.database, app.demo.id, (trx) => trx.selectFrom('screen_overlays').select('overlay').where('screen_key', '=', 'account').executeTakeFirstOrThrow())
      // Written, with nothing of the studio's own: the Turkish help sent back is the shipped help.
      expect(stored.overlay.fields).toEqual({})
      // The toast travels in a cookie to the next page, whose layout words it in the page's language.
      const cookies = [saved.headers['set-cookie'] ?? []].flat().map((cookie) => cookie.split(';')[0])
      const after = visibleTextOf((await get('/settings/customise/account', [turkish(), ...cookies].join('; '))).body)
      expect(after).toContain('Ekran özelleştirmesi kaydedildi.')
    })
  })
})
