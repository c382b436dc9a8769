import { sql } from 'kysely'
import { asSystem } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { cookiePair, form, toastOf, visibleTextOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { createSessionCookie } from '#tests/support/sessions'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'


const TURKISH_DAY = /\b\d{2} (Oca|Şub|Mar|Nis|May|Haz|Tem|Ağu|Eyl|Eki|Kas|Ara) \d{4}\b/

/**
 * The master tenant's screens (Tenants, Master Plans), G-Reviews and a master franchise's
 * settings push in Turkish for an admin who chose it; English as it was.
 */
describe(`the master tenant's screens, G-Reviews and the franchise push in Turkish (${engine})`, () => {
  let app: DemoHttpApp
  let master: Tenant
  let east: Tenant
  let masterCookie = ''

  beforeAll(async () => {
    app = await startDemoHttpApp()
    const [foundMaster, foundEast] = await Promise.all([app.platform.tenants.findByOrgId('master'), app.platform.tenants.findByOrgId('demo-east')])
    if (!foundMaster || !foundEast) throw new Error('the master or demo-east tenant is missing')
    master = foundMaster
    east = foundEast
    const admin = await asSystem(app.platform.database, 'test: a review, and a franchise that hides events', async (trx) => {
      const student = await trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'student@demo.test').executeTakeFirstOrThrow()
      await trx
        .insertInto('student_reviews')
        .values({ tenant_id: app.demo.id, contact_id: student.id, stars: 4, review_text: 'Calm and kind teachers', created_at: new Date('2026-04-10T15:00:00Z') })
        .execute()
      await trx
        .updateTable('tenants')
        .set({ settings: sql`settings || '{"isShowEventsMenu": false}'::jsonb` })
        .where('id', '=', east.id)
        .execute()
      return trx.selectFrom('contacts').select('id').where('tenant_id', '=', master.id).where('email', '=', 'admin@master.test').executeTakeFirstOrThrow()
    })
    masterCookie = await createSessionCookie(app.platform, master, admin)
  }, 300_000)
  afterAll(() => app?.close())

  const masterHost = () => `master.localhost:${app.port}`
  const onMaster = (path: string, cookie: string) => request(app.port, path, { host: masterHost(), headers: { cookie } })
  const onDemo = (path: string, cookie = `${app.adminCookie}; lng=tr`) => request(app.port, path, { host: app.host, headers: { cookie } })
  const postOn = (host: string, path: string, body: string, cookie: string) =>
    request(app.port, path, { host, method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, cookie } })

  it('draws Tenants in Turkish: its words, plans, dates, statuses and the suspend question', async () => {
    const page = await onMaster('/tenant', `${masterCookie}; lng=tr`)
    expect(page.status).toBe(200)
    const text = visibleTextOf(page.body)
    for (const words of ['Kuruluşlar', 'Platformdaki tüm kuruluşlar, en yenisi önce.', 'Kuruluş Kimliği', 'Oluşturulma', 'Studio Platform (platform)', 'Demo Yoga Studio East (franchise)', 'Leap yıllık plan', 'Ücretsiz Plan', 'Etkin', 'Askıya al']) {
      expect(text).toContain(words)
    }
    expect(text).toMatch(TURKISH_DAY)
    expect(text).not.toContain('Every organisation on the platform')
    const asked = visibleTextOf((await onMaster(`/tenant?confirm=${east.id}`, `${masterCookie}; lng=tr`)).body)
    expect(asked).toContain('Kuruluşu askıya al')
    expect(asked).toContain('Demo Yoga Studio East askıya alınsın mı? Web sitesi, yönetim paneli ve öğrenci portalı yeniden etkinleştirilene kadar yanıt vermez. Hiçbir şey silinmez.')
    const english = await onMaster(`/tenant?confirm=${east.id}`, masterCookie)
    for (const words of ['Tenants', 'Every organisation on the platform, newest first.', 'leap yearly plan', 'Free Plan', 'Active']) expect(visibleTextOf(english.body)).toContain(words)
    expect(english.body).toContain('Suspend <strong>Demo Yoga Studio East</strong>? Its website, back office and student portal stop answering until it is reinstated. Nothing is deleted.')
  })

  it('answers a refused suspension in Turkish', async () => {
    const refused = await postOn(masterHost(), '/tenant', form({ intent: 'suspend', id: master.id, back: '/tenant' }), `${masterCookie}; lng=tr`)
    expect(toastOf(refused)).toBe('The platform’s own organisation cannot be suspended.')
    const shown = await onMaster('/tenant', `${masterCookie}; lng=tr; ${cookiePair(refused, 'toast')}`)
    expect(visibleTextOf(shown.body)).toContain('Platformun kendi kuruluşu askıya alınamaz.')
  })

  it('draws Master Plans in Turkish: tiers, limits, features and counts', async () => {
    const page = await onMaster('/masterplan', `${masterCookie}; lng=tr`)
    expect(page.status).toBe(200)
    const text = visibleTextOf(page.body)
    for (const words of ['Ana Planlar', 'Aylık', 'Yıllık', 'Sınırlar', 'Özel alan adı', 'Özellikler', 'Stüdyolar', 'Ücretsiz', '2.000 kişi', '100 aktif üye', 'Sınırsız üye', 'Bize Ulaşın üzerinden satılır']) {
      expect(text).toContain(words)
    }
    expect(page.body).toContain('aria-label="Evet"')
    expect(text).not.toContain('active members')
    const english = visibleTextOf((await onMaster('/masterplan', masterCookie)).body)
    for (const words of ['Master Plans', 'Free', '2,000 contacts', '100 active members', 'Unlimited members', 'Sold through Contact Us']) expect(english).toContain(words)
  })

  it('draws G-Reviews in Turkish: the Google link notice, the columns, the stars and the date', async () => {
    const page = await onDemo('/reviews')
    expect(page.status).toBe(200)
    const text = visibleTextOf(page.body)
    for (const words of ['G-Yorumlar', 'Google yorum bağlantınız Web sitesi ayarlarında ayarlandığında öğrencilerden yorum istenir.', 'Öğrenci', 'Puan', "Google'da", 'Calm and kind teachers', 'Hayır', '10 Nis 2026']) {
      expect(text).toContain(words)
    }
    expect(page.body).toContain('aria-label="5 üzerinden 4 yıldız"')
    const english = await onDemo('/reviews', app.adminCookie)
    expect(visibleTextOf(english.body)).toContain('Students are asked for a review once your Google review link is set in Website settings')
    expect(english.body).toContain('aria-label="4 of 5 stars"')
  })

  it('draws the franchise push and its preview in Turkish, and refuses in Turkish', async () => {
    const preview = visibleTextOf((await onDemo(`/settings/franchise/push?preview=1&group=modules&franchise=${east.id}`)).body)
    for (const words of ["Ayarları franchise'lara aktar", 'Neler aktarılacak', 'Modül ayarları', 'Etkinlikler, Dersler, Bağışlar', 'Ödeme ayarları', 'Neler değişecek', 'Aktarımdan sonra', 'Etkinlikler Kapalı Açık', 'Aktar']) {
      expect(preview).toContain(words)
    }
    expect(preview).not.toContain('What will change')
    expect(visibleTextOf((await onDemo(`/settings/franchise/push?preview=1&franchise=${east.id}`)).body)).toContain('Neyin aktarılacağını seçin.')
    const refused = await postOn(app.host, '/settings/franchise/push', form({ group: 'modules' }), `${app.adminCookie}; lng=tr`)
    expect(refused.status).toBe(400)
    expect(visibleTextOf(refused.body)).toContain('En az bir franchise seçin.')
    const english = visibleTextOf((await onDemo(`/settings/franchise/push?preview=1&group=modules&franchise=${east.id}`, app.adminCookie)).body)
    for (const words of ['Push settings to franchises', 'What will change', 'Events Off On']) expect(english).toContain(words)
  })

  it("writes the franchises' created dates the Turkish way", async () => {
    expect(visibleTextOf((await onDemo('/settings/franchise')).body)).toMatch(/\b\d{2}\.\d{2}\.\d{4}\b/)
    expect(visibleTextOf((await onDemo('/settings/franchise', app.adminCookie)).body)).toMatch(/\b\d{2}\/\d{2}\/\d{4}\b/)
  })
})
