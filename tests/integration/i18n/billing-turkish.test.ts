import { withTenant } from '#db/tenant-scope'
import { nextInvoiceNumber } from '#server/checkout/invoice-number'
import { zonedTimeToInstant } from '#server/dates/local-time'
import { cookiePair, form, toastOf, visibleTextOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { turkishAdminRequests } from './turkish-admin-requests'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'


/** A whole, valid offer form; each test changes what it checks. */
const offerForm = (changes: Record<string, string> = {}) =>
  form({
    intent: 'save', code: 'yeni15', offerType: 'flat', discountType: 'percentage', discount: '15', primaryItemCategory: 'item', primaryItem: '',
    secondaryItemCategory: '', secondaryItem: '', secondaryItemCount: '', status: 'ACTIVE', validFrom: '', validUntil: '', usageLimit: '', ...changes,
  })

const APRIL = '/reports/sales?from=2025-04-01&to=2025-04-30'

/** The offers and reports screens in Turkish for an admin who chose it; English as it was. */
describe(`the offers and reports screens in Turkish (${engine})`, () => {
  let app: DemoHttpApp

  beforeAll(async () => {
    app = await startDemoHttpApp()
    // One card sale taken through Stripe in April 2025, in the demo studio's zone.
    await withTenant(app.platform.database, app.demo.id, async (trx) => {
      const student = await trx.selectFrom('contacts').select('id').where('email', '=', 'student@demo.test').executeTakeFirstOrThrow()
      const paidAt = zonedTimeToInstant('2025-04-10', '10:00', 'America/New_York')
      if (!paidAt) throw new Error('not a time')
      const invoice = await trx
        .insertInto('invoices')
        .values({
          tenant_id: app.demo.id, number: await nextInvoiceNumber(trx, app.demo.id), contact_id: student.id, status: 'paid', source: 'staff', payment_method: 'card', currency: 'USD',
          subtotal_minor: 4500, total_minor: 4500, balance_minor: 0, paid_minor: 4500, refunded_minor: 0, first_name: 'Sam', last_name: 'Student', email: 'student@demo.test',
          paid_at: paidAt, created_at: paidAt, updated_at: paidAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('invoice_lines')
        .values({ tenant_id: app.demo.id, invoice_id: invoice.id, sequence: 1, item_id: null, item_name: 'Private lesson', item_type: 'custom', quantity: 1, unit_price_minor: 4500, price_minor: 4500, total_minor: 4500 })
        .execute()
      await trx
        .insertInto('invoice_payments')
        .values({ tenant_id: app.demo.id, invoice_id: invoice.id, method: 'card', provider: 'STRIPE', payment_id: null, amount_minor: 4500, refunded_minor: 0, currency: 'USD', paid_at: paidAt })
        .execute()
    })
  }, 300_000)
  afterAll(() => app?.close())

  const { turkish, get, post } = turkishAdminRequests(() => app)
  const welcomeGuid = () =>
    withTenant(app.platform.database, app.demo.id, async (trx) => (await trx.selectFrom('offers').select('guid').where('code', '=', 'WELCOME10').executeTakeFirstOrThrow()).guid)

  it('draws the offers list in Turkish: its words, discounts, reach, uses and states', async () => {
    const page = await get('/offers')
    expect(page.status).toBe(200)
    expect(page.body).toContain('<html lang="tr"')
    const text = visibleTextOf(page.body)
    for (const words of ['Teklifler', 'Teklif ekle', 'Koda göre ara', 'Geçerli olduğu', 'Geçerlilik', 'Kullanım', 'WELCOME10 %10 indirim Herhangi bir kalem', '3 / 100 kullanıldı', 'FOUNDATIONS25 $25,00 indirim Yoga Foundations', 'Süresi dolmuş']) {
      expect(text).toContain(words)
    }
    expect(text).toMatch(/SPRING20 %20 indirim Ürünler ve paketler .* 12 kez kullanıldı Süresi dolmuş/)
    for (const words of ['Add offer', 'Search by code', '% off', 'Any item']) expect(text).not.toContain(words)
    const english = visibleTextOf((await get('/offers', app.adminCookie)).body)
    for (const words of ['Offers', 'Add offer', 'Search by code', 'WELCOME10 10% off Any item', '3 of 100 used', 'FOUNDATIONS25 $25.00 off Yoga Foundations']) expect(english).toContain(words)
  })

  it('draws the add and edit screens and the delete question in Turkish', async () => {
    const added = await get('/offers/new')
    const text = visibleTextOf(added.body)
    for (const words of ['Kod ve indirim', 'İndirim kodu', 'Teklif türü', 'Sabit indirim', 'Birini al, diğerini kazan', 'İndirim türü', 'Neye uygulanır', 'Kalem kategorisi', 'Kurslar, dersler ve etkinlikler', 'Kategorinin herhangi bir kalemi', 'Ne zaman geçerli', 'Kullanım sınırı', 'Kaydet', 'İptal']) {
      expect(text).toContain(words)
    }
    expect(added.body).toContain('label="Kurslar"')
    expect(added.body).toContain('aria-label="Tekliflere dön"')
    expect(text).not.toContain('Code and discount')
    const asked = visibleTextOf((await get(`/offers/details/${await welcomeGuid()}?confirm=delete`)).body)
    for (const words of ['3 kez kullanıldı', 'Teklifi sil', 'WELCOME10 teklifi silinsin mi? Alıcılar artık kullanamaz; onu kullanan satışlar indirimlerini korur.']) expect(asked).toContain(words)
    const english = visibleTextOf((await get(`/offers/details/${await welcomeGuid()}?confirm=delete`, app.adminCookie)).body)
    for (const words of ['Used 3 times', 'Code and discount', 'Delete offer WELCOME10? Buyers can no longer use it; sales that used it keep their discount.']) expect(english).toContain(words)
  })

  it('answers a refused offer in Turkish, every field at once, and its toast', async () => {
    const refused = await post('/offers/new', offerForm({ code: '', discount: '150', usageLimit: '0' }))
    expect(refused.status).toBe(400)
    const text = visibleTextOf(refused.body)
    for (const words of ['Lütfen aşağıda işaretlenen alanları düzeltin.', 'İndirim kodu zorunludur.', "İndirim, 0'dan büyük ve en fazla 100 olan, en fazla 2 ondalıklı bir yüzde olmalıdır.", 'Kullanım sınırı 1 ile 1.000.000 arasında bir tam sayı olmalıdır.']) {
      expect(text).toContain(words)
    }
    expect(text).not.toContain('Offer code is required.')
    const saved = await post('/offers/new', offerForm())
    expect(saved.status).toBe(302)
    // The toast is kept in English and said in the page's language.
    expect(toastOf(saved)).toBe('Offer YENI15 is added.')
    const shown = await get(saved.header('location') ?? '', `${turkish()}; ${cookiePair(saved, 'toast')}`)
    expect(visibleTextOf(shown.body)).toContain('YENI15 teklifi eklendi.')
  })

  it('draws the reports home and the sales report in Turkish: periods, totals, rows and paging', async () => {
    const home = visibleTextOf((await get('/reports')).body)
    for (const words of ['Raporlar', 'Stüdyonun rakamları ve dışa aktarımları.', 'Satışlar', 'Faturalar', 'Kişileri dışa aktar', 'Kişi listesini CSV dosyası olarak indirin.']) expect(home).toContain(words)
    expect(home).not.toContain('Contacts export')
    const sales = visibleTextOf((await get(APRIL)).body)
    for (const words of [
      'CSV olarak dışa aktar',
      'Bu ay',
      'Geçen ay',
      'Bu yıl',
      'Gösterilen dönem: 01 Nis 2025 – 30 Nis 2025',
      'Başlangıç',
      'Filtreleri uygula',
      'Alınan',
      'İade edilen',
      'Kalem türüne göre',
      'Özel kalemler',
      'Sağlayıcıya göre',
      '10 Nis 2025',
      'Kart · Stripe',
      '$45,00',
      'Tamamlandı',
      '1 işlem · 1–1 gösteriliyor',
      'Sayfa 1 / 1',
    ]) {
      expect(sales).toContain(words)
    }
    for (const words of ['Export CSV', 'Completed', 'Custom items']) expect(sales).not.toContain(words)
    const english = visibleTextOf((await get(APRIL, app.adminCookie)).body)
    for (const words of ['Export CSV', 'This month', 'Showing Apr 01, 2025 – Apr 30, 2025', 'Apr 10, 2025', 'Card · Stripe', '$45.00', 'Completed', 'Custom items', '1 transaction · showing 1–1', 'Page 1 of 1']) {
      expect(english).toContain(words)
    }
  })

  it('says what was wrong with a period in Turkish', async () => {
    const text = visibleTextOf((await get('/reports/sales?from=2025-04-30&to=2025-04-01')).body)
    expect(text).toContain('Başlangıç tarihi bitiş tarihinden sonra. Bunun yerine bu ay gösteriliyor.')
    expect(visibleTextOf((await get('/reports/sales?from=2025-04-30&to=2025-04-01', app.adminCookie)).body)).toContain('The from date is after the to date. Showing this month instead.')
  })

  it('writes the sales CSV with the header and words of the page it came from', async () => {
    const csv = await get(APRIL.replace('/reports/sales', '/reports/sales.csv'))
    expect(csv.status).toBe(200)
    expect(csv.body).toContain('"Tarih (America/New_York)","Fatura","Kişi","Kalemler","Yöntem","Tutar","Para birimi","Durum"')
    expect(csv.body).toContain('"Kart · Stripe",45.00,"USD","Tamamlandı"')
    const english = await get(APRIL.replace('/reports/sales', '/reports/sales.csv'), app.adminCookie)
    expect(english.body).toContain('"Date (America/New_York)","Invoice","Contact","Items","Method","Amount","Currency","Status"')
    expect(english.body).toContain('"Card · Stripe",45.00,"USD","Completed"')
  })
})
