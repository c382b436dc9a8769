import { randomUUID } from 'node:crypto'
import { visibleTextOf } from '#tests/integration/http/answers'
import { asSystem } from '#db/tenant-scope'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/**
 * The Plivo, Mailchimp, Connect Email and Online Meeting screens, the meeting-link panel and a
 * contact's SMS page in Turkish for an admin who chose it, with refusals and a toast answered in
 * Turkish; the English pages as they were.
 */
describe(`the remaining integrations, meeting and SMS screens in Turkish (${engine})`, () => {
  let app: DemoHttpApp
  let contactGuid: string
  let classGuid: string
  let eventGuid: string

  beforeAll(async () => {
    app = await startDemoHttpApp()
    await asSystem(app.platform.database, 'test: a contact texted twice, and a class with a meeting link', async (trx) => {
      const contact = await trx.selectFrom('contacts').select(['id', 'guid']).where('tenant_id', '=', app.demo.id).where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow()
      contactGuid = contact.guid
      await trx.updateTable('contacts').set({ phone: '+1 555 010 7777' }).where('id', '=', contact.id).execute()
      const sent = { tenant_id: app.demo.id, contact_id: contact.id, to_number: '+15550107777', kind: 'message' as const, status: 'sent' as const, batch_id: randomUUID() }
      await trx
        .insertInto('sms_messages')
        .values([
          { ...sent, body: 'Class moved to 6pm', created_at: new Date('2026-11-02T15:00:00Z'), sent_at: new Date('2026-11-02T15:01:00Z'), delivery_status: 'delivered', delivery_reported_at: new Date('2026-11-02T15:02:00Z') },
          { ...sent, body: 'Bring a mat', created_at: new Date('2026-11-02T16:00:00Z'), sent_at: new Date('2026-11-02T16:01:00Z'), delivery_status: 'failed', delivery_error: '30003', delivery_reported_at: new Date('2026-11-02T16:02:00Z') },
        ])
        .execute()
      const items = trx.selectFrom('catalog_items').select(['id', 'guid']).where('tenant_id', '=', app.demo.id)
      const lesson = await items.where('kind', '=', 'class').orderBy('created_at').executeTakeFirstOrThrow()
      classGuid = lesson.guid
      eventGuid = (await items.where('kind', '=', 'event').orderBy('created_at').executeTakeFirstOrThrow()).guid
      await trx
        .insertInto('meeting_links')
        .values({ tenant_id: app.demo.id, item_id: lesson.id, provider: 'zoom', meeting_id: 'turkish-1', meeting_url: 'https://zoom.example/j/1', generated_at: new Date('2026-11-02T15:00:00Z') })
        .execute()
    })
  }, 300_000)
  afterAll(() => app?.close())

  const turkish = () => `${app.adminCookie}; lng=tr`
  const get = (path: string, cookie: string) => request(app.port, path, { host: app.host, headers: { cookie } })
  const post = (path: string, fields: Record<string, string>, cookie = turkish()) =>
    request(app.port, path, {
      host: app.host,
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}` },
    })
  const turkishText = async (path: string) => {
    const page = await get(path, turkish())
    expect(page.status, path).toBe(200)
    return visibleTextOf(page.body)
  }
  const englishText = async (path: string) => visibleTextOf((await get(path, app.adminCookie)).body)

  it("draws a contact's SMS page in Turkish: its words, the messages' states and the carrier's delivery with Turkish dates", async () => {
    const path = `/contacts/${contactGuid}/sms`
    const text = await turkishText(path)
    for (const words of ['Kişi profili', 'SMS gönder', 'Son mesajlar', 'Gönderildi', 'SMS henüz kurulu değil', 'tarihinde teslim edildi', 'Teslim edilmedi (operatör hatası 30003), bildirim zamanı:', 'Kas 2026']) {
      expect(text).toContain(words)
    }
    expect(text).not.toMatch(/Recent messages|Not delivered|carrier error|SMS is not set up/)
    const english = await englishText(path)
    for (const words of ['Contact profile', 'Recent messages', 'SMS is not set up yet', 'Not delivered (carrier error 30003), reported', 'Delivered ']) expect(english).toContain(words)
  })

  it('answers an empty SMS in Turkish once Twilio is set up', async () => {
    await asSystem(app.platform.database, 'test: Twilio set up', (trx) =>
      trx.insertInto('sms_settings').values({ tenant_id: app.demo.id, provider: 'twilio', twilio_sid: 'ACTURKISH', twilio_token_sealed: 'v1.unreadable', twilio_phone: '+15550100000' }).execute(),
    )
    const refused = await post(`/contacts/${contactGuid}/sms`, { body: '' })
    expect(refused.status).toBe(400)
    const text = visibleTextOf(refused.body)
    expect(text).toContain('Mesaj zorunludur')
    expect(text).toContain('Düz metin, en fazla 1.600 karakter')
    expect(text).not.toMatch(/Message is required|Plain text/)
  })

  it('draws the Plivo terms in Turkish and refuses Get Started in Turkish', async () => {
    const path = '/settings/integrations/plivo'
    const text = await turkishText(path)
    for (const words of ['Kişilere Plivo üzerinden mesaj gönderin', 'Koşullar', 'Yalnızca stüdyodan kısa mesaj almayı kabul eden kişilere mesaj gönderin.', 'Bu koşulları kabul ediyorum', 'Başla', 'Plivo konsolunun genel bakış sayfasında']) {
      expect(text).toContain(words)
    }
    expect(text).not.toMatch(/Text contacts through Plivo|I agree to these terms|Get Started/)
    const english = await englishText(path)
    for (const words of ['Text contacts through Plivo', 'Terms', 'I agree to these terms', 'Get Started']) expect(english).toContain(words)
    const refused = await post(path, { intent: 'start', authId: '', authToken: '' })
    expect(refused.status).toBe(400)
    const answer = visibleTextOf(refused.body)
    for (const words of ['Başlamak için lütfen koşulları kabul edin', 'Auth ID zorunludur', 'Auth Token zorunludur']) expect(answer).toContain(words)
    expect(answer).not.toContain('is required')
  })

  it("draws a Plivo number waiting for approval, its next steps and the release question in Turkish; Check approval is refused in Turkish", async () => {
    await asSystem(app.platform.database, 'test: a Plivo number waiting for approval', async (trx) => {
      await trx.deleteFrom('sms_settings').where('tenant_id', '=', app.demo.id).execute()
      await trx
        .insertInto('sms_settings')
        // A token that no longer opens: the page draws, and Plivo is never asked.
        .values({ tenant_id: app.demo.id, provider: 'plivo', plivo_auth_id: 'MATURKISH', plivo_token_sealed: 'v1.unreadable', is_agree_to_terms: true, plivo_phone_number: '+14155550101' })
        .execute()
    })
    const path = '/settings/integrations/plivo?confirm=release'
    const text = await turkishText(path)
    for (const words of ['Numaranız', 'Onay bekleniyor', 'Sonraki adımlar', 'Onayı denetle', 'Numarayı bırak', '+14155550101 numarası bırakılsın mı?', 'Plivo hesabı', 'Kaydet']) expect(text).toContain(words)
    expect(text).not.toMatch(/Waiting for approval|Next steps|Release number|Your number/)
    const english = await englishText(path)
    for (const words of ['Your number', 'Waiting for approval', 'Next steps', 'Check approval', 'Release +14155550101 ? Plivo stops renting it']) expect(english).toContain(words)
    // The kept token does not open, so Plivo cannot be asked: the refusal is the page's, in Turkish.
    const refused = await post('/settings/integrations/plivo', { intent: 'refresh' })
    expect(refused.status).toBe(400)
    expect(visibleTextOf(refused.body)).toContain("Önce Plivo'yu kurmak için Başla'ya basın.")
  })

  it('draws the Mailchimp form, its status and counts in Turkish, and refuses an empty form in Turkish', async () => {
    const path = '/settings/integrations/mailchimp'
    const text = await turkishText(path)
    for (const words of ['Bir Mailchimp kitlesi bağlayın', 'Kitle Adı', 'Kitle Kimliği', 'API Anahtarı', 'Gönderen E-postası', "Mailchimp'te Profile, Extras, API keys altında bulunur.", 'İptal', 'Gönder']) {
      expect(text).toContain(words)
    }
    expect(text).not.toMatch(/Connect a Mailchimp audience|Audience Name|From Email/)
    expect(await englishText(path)).toContain('Connect a Mailchimp audience')
    const refused = await post(path, { intent: 'save', name: '', listId: '', apiKey: '', fromName: '', fromEmail: '' })
    expect(refused.status).toBe(400)
    const answer = visibleTextOf(refused.body)
    for (const words of ['Kitle Adı zorunludur', 'Kitle Kimliği zorunludur', 'API Anahtarı zorunludur', 'Gönderen E-postası zorunludur']) expect(answer).toContain(words)

    await asSystem(app.platform.database, 'test: a synced mailing list', (trx) =>
      trx
        .insertInto('mailing_lists')
        .values({ tenant_id: app.demo.id, name: 'Mailchimp-123', list_id: 'aud123', api_key_sealed: 'sealed', api_key_last4: 'ab12', from_name: 'Demo', from_email: 'hello@demo.test', status: 'complete', sync_total: 1234, sync_done: 1234, member_errors: 2, last_member_error: 'x@demo.test: bounced' })
        .execute(),
    )
    const synced = await turkishText(`${path}?confirm=delete`)
    for (const words of ['Durum:', 'Tamamlandı', '1.234 kişiden 1.234 kişi gönderildi', 'Mailchimp 2 kişiyi reddetti', 'Son ret:', 'Liste Bilgisi', 'Yeniden eşitle', 'Mailchimp bağlantısını kes', "kişiler artık Mailchimp'e gönderilmeyecek"]) {
      expect(synced).toContain(words)
    }
    const english = await englishText(path)
    for (const words of ['Status:', 'Complete', '1,234 of 1,234 contacts sent', 'Mailchimp refused 2', 'Last refusal: x@demo.test: bounced']) expect(english).toContain(words)
  })

  it("draws Connect Email and its dialog's steps in Turkish, and refuses an empty address in Turkish", async () => {
    const path = '/settings/integrations/emails'
    const text = await turkishText(path)
    for (const words of ['E-posta Bağla', 'Kişisel E-posta Bağla', 'Kullanıcı adı', 'Paylaşılan hesap']) expect(text).toContain(words)
    expect(text).not.toMatch(/Connect Personal Email|Shared account|User name/)
    expect(await englishText(path)).toContain('Connect Personal Email')
    expect(await turkishText(`${path}?step=information`)).toContain('Kişilerinize kendi posta kutunuzdan e-posta gönderin:')
    expect(await turkishText(`${path}?step=submitEmail`)).toContain('E-posta hesabınızı kuruluşunuzla paylaşın')
    const found = await turkishText(`${path}?step=emailIdentified&email=someone%40gmail.com&provider=googlemail`)
    expect(found).toContain('Posta kutunuzu Google üzerinde bulduk.')
    expect(found).toContain('Başka bir hesap bağla')
    const refused = await post(`${path}?step=submitEmail`, { intent: 'identify', email: '' })
    expect(refused.status).toBe(400)
    expect(visibleTextOf(refused.body)).toContain('E-posta zorunludur!')
  })

  it('draws Online Meeting in Turkish, answers its refusals in Turkish, and shows a failed connection’s toast in Turkish', async () => {
    const text = await turkishText('/oauth/omeeting')
    expect(text).toContain('Çevrimiçi Toplantı')
    expect(text).toContain('Bir derse ya da etkinliğe toplantı bağlantısı vermek için Zoom ya da Google Meet bağlayın.')
    expect(text).toMatch(/Bağlı değil\.|bu platformda henüz kurulu değil\./)
    expect(text).not.toMatch(/Online Meeting|Not connected\.|is not set up on this platform/)
    expect(await englishText('/oauth/omeeting')).toContain('Connect Zoom or Google Meet to give a class or an event a meeting link.')
    expect(await turkishText('/oauth/omeeting?connect=teams')).toContain("Lütfen Zoom ya da Google Meet'in yanındaki Bağla düğmesini seçin.")
    const notConnected = await post('/oauth/omeeting', { intent: 'disconnect', provider: 'zoom' })
    expect(notConnected.status).toBe(404)
    expect(visibleTextOf(notConnected.body)).toContain('Zoom bağlı değil.')

    // The provider's answer without the state this browser started with: the page says so in a toast.
    const back = await get('/settings/integrations/zoom?code=made-up&state=made-up', turkish())
    expect(back.status).toBe(302)
    const toast = [back.headers['set-cookie'] ?? []].flat().map((cookie) => cookie.split(';')[0]).find((cookie) => cookie?.startsWith('toast='))
    expect(toast).toBeTruthy()
    const shown = await get('/oauth/omeeting', `${turkish()}; ${toast}`)
    expect(shown.body).toContain('Bu bağlantı isteğinin süresi doldu ya da istek burada başlamadı.')
    expect(shown.body).not.toContain('This connection request has expired')
  })

  it('draws the meeting-link panel of a class and an event in Turkish, with the day the link was made', async () => {
    const lesson = await turkishText(`/schedule/${classGuid}`)
    for (const words of ['Çevrimiçi toplantı', '02 Kas 2026', 'tarihinde oluşturuldu', 'Toplantı bağlantısını yeniden oluştur', 'Bağlı bir toplantı sağlayıcısı yok. Bağlantı oluşturmak için Zoom ya da Google Meet bağlayın']) {
      expect(lesson).toContain(words)
    }
    expect(lesson).not.toMatch(/Online meeting|Regenerate meeting link|No meeting provider/)
    const event = await turkishText(`/rules/${eventGuid}`)
    expect(event).toContain('Henüz toplantı bağlantısı yok.')
    expect(event).toContain('Toplantı bağlantısı oluştur')
    const english = await englishText(`/schedule/${classGuid}`)
    for (const words of ['Online meeting', 'Regenerate meeting link', 'No meeting provider is connected. Connect Zoom or Google Meet to make a link.', ', made ']) expect(english).toContain(words)
  })
})
