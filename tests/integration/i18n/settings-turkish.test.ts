import { asSystem } from '#db/tenant-scope'
import { visibleTextOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** The settings home and the plan screens in Turkish for an admin who chose it; English as it was. */
describe(`the settings home and plan screens in Turkish (${engine})`, () => {
  let app: DemoHttpApp

  beforeAll(async () => {
    app = await startDemoHttpApp()
    // A paid plan renewed on a kept card, refused once, with one settled and one failed payment.
    await asSystem(app.platform.database, 'test: a paid plan', async (trx) => {
      const values = {
        plan_id: 'organize_monthly_plan',
        period: 'monthly' as const,
        contact_limit: 2000,
        started_at: new Date('2026-10-02T10:00:00Z'),
        renews_at: new Date('2026-11-02T10:00:00Z'),
        stripe_customer: 'cus_settings_turkish',
        stripe_payment_method: 'pm_settings_turkish',
        card_brand: 'visa',
        card_last4: '4242',
        card_exp_month: 12,
        card_exp_year: 2030,
        renewal_failures: 1,
        renewal_retry_at: new Date('2026-11-03T10:00:00Z'),
        renewal_error: 'Your card was declined.',
      }
      await trx.insertInto('tenant_plans').values({ tenant_id: app.demo.id, ...values }).onConflict((conflict) => conflict.column('tenant_id').doUpdateSet(values)).execute()
      const payment = { tenant_id: app.demo.id, plan_id: 'organize_monthly_plan', period: 'monthly' as const, amount_minor: 2500, currency: 'USD', is_recurring: true, client_name: 'Demo Studio', paid_by_contact_id: null }
      await trx
        .insertInto('plan_payments')
        .values([
          { ...payment, status: 'SETTLED', idempotency_key: 'settings-turkish-1', created_at: new Date('2026-10-02T10:00:00Z'), settled_at: new Date('2026-10-02T10:00:00Z') },
          { ...payment, status: 'FAILED', idempotency_key: 'settings-turkish-2', created_at: new Date('2026-11-02T10:00:00Z'), settled_at: new Date('2026-11-02T10:00:00Z') },
        ])
        .execute()
    })
  }, 300_000)
  afterAll(() => app?.close())

  const get = (path: string, cookie: string) => request(app.port, path, { host: app.host, headers: { cookie } })
  const turkish = () => `${app.adminCookie}; lng=tr`

  it('draws the settings home in Turkish: heading, tiles and their descriptions', async () => {
    const page = await get('/settings', turkish())
    expect(page.status).toBe(200)
    expect(page.body).toContain('<html lang="tr"')
    const text = visibleTextOf(page.body)
    for (const words of ['Ayarlar', 'Hesap', 'Modül Ayarları', 'Ödeme Ayarları', 'Kullanıcılar', 'Özel Alanlar', 'Planlar', 'Mevcut planınız, ödemeleriniz ve yükseltmeler.']) expect(text).toContain(words)
    expect(text).not.toContain('Payment Settings')
    const english = visibleTextOf((await get('/settings', app.adminCookie)).body)
    for (const words of ['Settings', 'Account', 'Module Settings', 'Payment Settings', 'Your current plan, payments and upgrades.']) expect(english).toContain(words)
  })

  it('draws the plan page in Turkish: the refused renewal, the kept card, the payments and their dates', async () => {
    const page = await get('/settings/plan?year=2026', turkish())
    expect(page.status).toBe(200)
    const text = visibleTextOf(page.body)
    for (const words of [
      'Planınız yenilenemedi',
      'Kartınız reddedildi.',
      'Kart 03 Kas 2026 tarihinde yeniden denenecek.',
      'Şimdi öde',
      'Başka bir kartla öde',
      'Mevcut plan',
      'Sonraki yenileme',
      '4242 ile biten Visa',
      'Organize aylık plan',
      'Tamamlandı',
      'Başarısız',
      '02 Eki 2026',
      'Müşteri adı',
      'İşlem durumu',
    ]) expect(text).toContain(words)
    expect(text).not.toContain('Your plan could not be renewed')
    const english = visibleTextOf((await get('/settings/plan?year=2026', app.adminCookie)).body)
    for (const words of ['Your plan could not be renewed', 'Your card was declined.', 'The card will be tried again on Nov 03, 2026.', 'Visa ending 4242', 'organize monthly plan', 'Completed', 'Failed', 'Oct 02, 2026']) {
      expect(english).toContain(words)
    }
  })

  it('draws the upgrade chooser and a chosen plan in Turkish, with the tiers’ features', async () => {
    const chooser = visibleTextOf((await get('/settings/plan/upgrade?period=monthly', turkish())).body)
    for (const words of ['Planı yükselt', 'Aylık', 'Yıllık', 'Ücretsiz', '10 aktif üye', 'Özel alan adları', 'Mevcut plan', 'Seç', '/ ay']) expect(chooser).toContain(words)
    expect(visibleTextOf((await get('/settings/plan/upgrade?period=yearly', turkish())).body)).toContain('/ yıl')
    const chosen = visibleTextOf((await get('/settings/plan/upgrade?period=monthly&choose=expand_monthly_plan', turkish())).body)
    expect(chosen).toContain('Growth planı')
    expect(chosen).toMatch(/Aylık \$65(\.00)?, her ay yenilenir, USD cinsinden\./)
    const free = visibleTextOf((await get('/settings/plan/upgrade?period=monthly&choose=free_plan', turkish())).body)
    expect(free).toContain('Değerli özellikleri kaçıracaksınız.')
    expect(free).toContain('Evet')
  })

  it('answers a refused post and a toast in Turkish', async () => {
    const refused = await request(app.port, '/settings/plan/upgrade', {
      host: app.host,
      method: 'POST',
      body: new URLSearchParams({ intent: 'checkout', plan: 'made_up_plan', attempt: 'settings-turkish-attempt-0001' }).toString(),
      headers: { cookie: turkish(), 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}` },
    })
    expect(refused.status).toBe(400)
    expect(visibleTextOf(refused.body)).toContain('Gösterilen planlardan birini seçin.')
  })
})
