import { asSystem } from '#db/tenant-scope'
import { variantSizesFor } from '#server/media/media-variants'
import { shareFile, storeSharedFiles } from '#server/shared-files/shared-files'
import { cookiePair, form, visibleTextOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** A Turkish month's short name as the screens write a day ('27 Kas 2026'). */
const TURKISH_DAY = /\b\d{2} (Oca|Şub|Mar|Nis|May|Haz|Tem|Ağu|Eyl|Eki|Kas|Ara) \d{4}\b/

/** Email templates, widgets, the media library and the staff Files screen in Turkish for an admin who chose it; English as it was. */
describe(`templates, widgets, media and files in Turkish (${engine})`, () => {
  let app: DemoHttpApp
  let templateGuid = ''
  let widgetGuid = ''
  let mediaGuid = ''
  let fileId = ''

  const get = (path: string, cookie: string) => request(app.port, path, { host: app.host, headers: { cookie } })
  const post = (path: string, fields: Record<string, string>, cookie: string) =>
    request(app.port, path, { host: app.host, method: 'POST', body: form(fields), headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}` } })
  const turkish = () => `${app.adminCookie}; lng=tr`
  const english = () => app.adminCookie
  // What the page says: the loader data in its scripts (English names of merge tags, say) is left out.
  const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ''

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const saved = await post('/settings/templates/add', { intent: 'save', name: 'Welcome note', subject: 'Hello {{firstname}}', body: '<p>Hi {{firstname}}</p>' }, english())
    expect(saved.status).toBe(302)
    const widget = await post('/settings/widgets/new', { intent: 'save', name: 'Spring news', type: 'announcement', title: '', body: '<p>We are open.</p>', url: '', count: '5', width: '', height: '' }, english())
    expect(widget.status).toBe(302)
    widgetGuid = /\/settings\/widgets\/([0-9a-f-]{36})$/.exec(widget.headers.location ?? '')?.[1] ?? ''
    expect((await post(`/settings/widgets/${widgetGuid}`, { intent: 'publish' }, english())).status).toBe(302)
    await asSystem(app.platform.database, 'test: a template and a media item', async (trx) => {
      templateGuid = (await trx.selectFrom('email_templates').select('guid').where('tenant_id', '=', app.demo.id).where('name', '=', 'Welcome note').executeTakeFirstOrThrow()).guid
      const item = await trx
        .insertInto('media_items')
        .values({ tenant_id: app.demo.id, kind: 'image', file_key: 'templatesMediaTurkish001', content_type: 'image/jpeg', variants: JSON.stringify(variantSizesFor(1600, 1067)), byte_size: 2_516_582, width: 1600, height: 1067, original_name: 'studio.jpg' })
        .returning('guid')
        .executeTakeFirstOrThrow()
      mediaGuid = item.guid
    })
    const stored = await storeSharedFiles(app.platform, app.demo, [new File([new TextEncoder().encode('%PDF-1.7 timetable')], 'Timetable.pdf', { type: 'application/pdf' })], 'Ada Admin')
    fileId = stored[0] ?? ''
    expect((await shareFile(app.platform.database, app.demo, { fileId, contactId: null })).ok).toBe(true)
  }, 300_000)
  afterAll(() => app?.close())

  it('draws the template list, the editor with its merge tags and the delete confirmation in Turkish', async () => {
    const list = await get('/settings/templates', turkish())
    expect(list.status).toBe(200)
    expect(titleOf(list.body)).toContain('Şablonlar')
    const text = visibleTextOf(list.body)
    for (const words of ['Şablonlar', 'Şablon Ekle', 'Kendi sözlerinizle e-postalar.', 'invoice_pending', 'Oluşturulma', 'Welcome note']) expect(text).toContain(words)
    expect(text).toMatch(TURKISH_DAY)
    expect(text).not.toContain('Add Template')
    const englishList = visibleTextOf((await get('/settings/templates', english())).body)
    for (const words of ['Templates', 'Add Template', 'Emails in your own words. A template named invoice_pending , invoice_reminder or invoice_failed is sent', 'Created']) expect(englishList).toContain(words)

    const add = visibleTextOf((await get('/settings/templates/add', turkish())).body)
    for (const words of ['Şablon Ayrıntıları', 'Şablon Adı', 'Konu etiket içerebilir', 'Mesaj', 'Kuruluş Adı', 'Katılımcı E-postası', 'İptal', 'Gönder']) expect(add).toContain(words)
    expect(add).not.toMatch(/Template Details|Organization Name|Drag a tag/)

    const edit = await get(`/settings/templates/edit/${templateGuid}?confirm=delete`, turkish())
    expect(edit.status).toBe(200)
    expect(titleOf(edit.body)).toContain('Şablonu Düzenle')
    const editText = visibleTextOf(edit.body)
    for (const words of ['Önizleme', 'Kaydedilen şablonu kişilerinizden birinin alacağı gibi görün.', 'Kişi bul', 'Şablonu Sil', 'Welcome note şablonu silinsin mi? Bu işlem geri alınamaz.']) expect(editText).toContain(words)
    expect(visibleTextOf((await get(`/settings/templates/edit/${templateGuid}?confirm=delete`, english())).body)).toContain('Delete the template Welcome note? This cannot be undone.')
  })

  it("opens the + chip's custom field dialog in Turkish and refuses its post in Turkish", async () => {
    const dialog = visibleTextOf((await get('/settings/templates/add/field', turkish())).body)
    for (const words of ['Özel Alan Ekle', 'Tür Seçin', 'Ekle']) expect(dialog).toContain(words)
    const refused = await post('/settings/templates/add/field', { intent: 'custom-field', name: 'Beden', tag: 'Bad Tag' }, turkish())
    expect(refused.status).toBe(400)
    expect(visibleTextOf(refused.body)).toContain('Geçersiz form!')
    expect(visibleTextOf((await get('/settings/templates/add/field', english())).body)).toContain('Add Custom Field')
  })

  it('answers a refused template in Turkish, an unknown tag sentence by sentence, and in English as before', async () => {
    const fields = { intent: 'save', name: '', subject: 'Hello {{nosuchtag}}', body: '<p>Hi</p>' }
    const refused = await post('/settings/templates/add', fields, turkish())
    expect(refused.status).toBe(400)
    const text = visibleTextOf(refused.body)
    expect(text).toContain('Şablon adı zorunludur!')
    expect(text).toContain('{{nosuchtag}} bir birleştirme etiketi değil. Yukarıdaki etiketlerden birini sürükleyin ya da + düğmesiyle bir özel alan ekleyin.')
    const englishText = visibleTextOf((await post('/settings/templates/add', fields, english())).body)
    expect(englishText).toContain('Template Name is required!')
    expect(englishText).toContain('{{nosuchtag}} is not a merge tag. Drag one of the tags above, or add a custom field with the + chip.')
  })

  it('draws the widget list and a widget with its form and code panel in Turkish', async () => {
    const list = await get('/settings/widgets', turkish())
    expect(list.status).toBe(200)
    const text = visibleTextOf(list.body)
    for (const words of ['Bileşenler (1)', 'Yeni bileşen', 'Spring news', 'Duyuru', 'Yayınlanma', 'Güncellenme', 'Bileşenleri ada göre ara']) expect(text).toContain(words)
    expect(text).toMatch(TURKISH_DAY)
    expect(text).not.toMatch(/New widget|Announcement|Not published/)
    expect(visibleTextOf((await get('/settings/widgets', english())).body)).toContain('Widgets (1)')

    const widget = await get(`/settings/widgets/${widgetGuid}?confirm=delete`, turkish())
    expect(widget.status).toBe(200)
    expect(titleOf(widget.body)).toContain('Bileşeni düzenle')
    const widgetText = visibleTextOf(widget.body)
    for (const words of ['Bileşen > Bileşeni düzenle', 'Yayından kaldır', 'Bir bileşen, oluşturulduğu türü korur.', 'Duyuru metni', 'Web sitenizdeki boyutu', 'Genişlik (px)', 'Web sitenize yerleştirin', 'Bileşeni Sil', 'Spring news bileşeni silinsin mi?']) {
      expect(widgetText).toContain(words)
    }
    expect(widgetText).toMatch(/\d{2} (Oca|Şub|Mar|Nis|May|Haz|Tem|Ağu|Eyl|Eki|Kas|Ara) \d{4} tarihinde yayınlandı/)
    expect(widgetText).not.toMatch(/Embed on your website|Size on your website|Unpublish/)
    // The demo studio has no plugin key yet: the way to make one is offered, its link kept.
    expect(widgetText).toContain('SEO ayarlarından bir anahtar oluşturun , ardından kod için buraya dönün.')
    expect(widget.body).toMatch(/href="\/settings\/seosetting"[^>]*>SEO ayarlarından bir anahtar oluşturun<\/a>/)
    expect(visibleTextOf((await get(`/settings/widgets/${widgetGuid}`, english())).body)).toMatch(/Published \w{3} \d{1,2}, \d{4}/)
  })

  it('shows a widget toast in Turkish', async () => {
    const unpublished = await post(`/settings/widgets/${widgetGuid}`, { intent: 'unpublish' }, turkish())
    expect(unpublished.status).toBe(302)
    const page = await get(unpublished.headers.location ?? '', `${turkish()}; ${cookiePair(unpublished, 'toast')}`)
    expect(visibleTextOf(page.body)).toContain('Bileşen yayından kaldırıldı')
    expect((await post(`/settings/widgets/${widgetGuid}`, { intent: 'publish' }, english())).status).toBe(302)
  })

  it('answers a refused widget in Turkish', async () => {
    const refused = await post('/settings/widgets/new', { intent: 'save', name: '', type: 'link', title: '', body: '', url: '', count: '5', width: '12', height: '' }, turkish())
    expect(refused.status).toBe(400)
    const text = visibleTextOf(refused.body)
    for (const words of ['Ad zorunludur!', 'URL zorunludur!', 'Genişlik 100 ile 4000 arasında tam sayı piksel olmalı ya da boş kalmalı.', 'Bileşen > Yeni bileşen']) expect(text).toContain(words)
  })

  it('draws the media library and an image in Turkish, with its size in Turkish numbers, and refuses a long alt text in Turkish', async () => {
    const gallery = await get('/website/media', turkish())
    expect(gallery.status).toBe(200)
    expect(titleOf(gallery.body)).toContain('Medya Galerisi')
    const text = visibleTextOf(gallery.body)
    for (const words of ['Medya Galerisi', 'Görseller ve videolar', 'Yükle', 'studio.jpg', '2,4 MB', '1600 × 1067', 'Henüz alternatif metin yok', 'Düzenle', 'Sil']) expect(text).toContain(words)
    expect(text).toMatch(TURKISH_DAY)
    expect(text).not.toMatch(/Images and videos|No alt text yet/)
    expect(visibleTextOf((await get('/website/media', english())).body)).toContain('2.4 MB')

    const item = visibleTextOf((await get(`/website/media/${mediaGuid}`, turkish())).body)
    for (const words of ['Görseli Düzenle', 'Alternatif metin', 'En fazla 250 karakter.', 'Kaydet', 'İptal']) expect(item).toContain(words)
    const confirm = visibleTextOf((await get(`/website/media/${mediaGuid}?confirm=delete`, turkish())).body)
    expect(confirm).toContain('Görseli Sil')
    expect(confirm).toContain("studio.jpg silinsin mi? Web sitenizin Medya Galerisi'nden kaldırılır")

    const refused = await post(`/website/media/${mediaGuid}`, { intent: 'text', page: '1', text: 'x'.repeat(300) }, turkish())
    expect(refused.status).toBe(400)
    expect(visibleTextOf(refused.body)).toContain('Alternatif metin en fazla 250 karakter olabilir.')
  })

  it('draws the Files screen and a file in Turkish, and refuses an empty name in Turkish', async () => {
    const files = await get('/files', turkish())
    expect(files.status).toBe(200)
    const text = visibleTextOf(files.body)
    for (const words of ['Dosyalar', 'Dosya yükle', 'Dosyalar (en fazla 4 tane, her biri en fazla 10 MB)', 'Ada göre ara', 'Paylaşılanlar', 'Yükleyen', 'Tüm öğrenciler', 'Timetable.pdf']) expect(text).toContain(words)
    expect(text).toMatch(TURKISH_DAY)
    expect(text).not.toMatch(/Upload files|All students|Shared with/)
    const englishText = visibleTextOf((await get('/files', english())).body)
    expect(englishText).toContain('All students')
    expect(englishText).toMatch(/\b\d{4}-\d{2}-\d{2}\b/)

    const file = visibleTextOf((await get(`/files/${fileId}`, turkish())).body)
    for (const words of ['Dosyalara dön', 'İndir', 'tarihinde Ada Admin tarafından yüklendi', 'Paylaşımı kaldır', 'Bir kişiyle paylaş', 'Yeniden adlandır', 'Adı kaydet', 'Dosyayı sil']) expect(file).toContain(words)
    expect(visibleTextOf((await get(`/files/${fileId}`, english())).body)).toMatch(/application\/pdf · uploaded \d{4}-\d{2}-\d{2} by Ada Admin/)

    const refused = await post(`/files/${fileId}`, { intent: 'rename', name: '   ' }, turkish())
    expect(refused.status).toBe(400)
    expect(visibleTextOf(refused.body)).toContain('1 ile 200 karakter arasında bir ad girin.')
  })
})
