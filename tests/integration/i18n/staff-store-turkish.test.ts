import { demoItemOption } from '#tests/integration/checkout/demo-item-option'
import { asSystem } from '#db/tenant-scope'
import { cookiePair, form, visibleTextOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** The staff Store and its desk sale in Turkish for an admin who chose it; English as it was. */
describe(`the staff Store in Turkish (${engine})`, () => {
  let app: DemoHttpApp

  beforeAll(async () => {
    app = await startDemoHttpApp()
  }, 300_000)
  afterAll(() => app?.close())

  const get = (path: string, cookie: string) => request(app.port, path, { host: app.host, headers: { cookie } })
  const post = (path: string, body: string, cookie: string) =>
    request(app.port, path, { host: app.host, method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}`, cookie } })

  it('draws its heading, columns, item types, states and prices in Turkish', async () => {
    const page = await get('/store', `${app.adminCookie}; lng=tr`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('<html lang="tr"')
    expect(page.body).toContain('<title>Mağaza')
    const text = visibleTextOf(page.body)
    for (const words of [
      'Mağaza',
      'Satıştaki her şey, stok durumu ve kaç tane alındığıyla birlikte.',
      'Resepsiyonda satış yap',
      'Kalem Tür Fiyat Stok Alınan Durum',
      '200-Hour Teacher Training Kurs $420,00 - $2.400,00 - 0 Yayında',
      'Cork Yoga Block Mağaza ürünü $18,00 40 0 Yayında',
      'Community Lunchtime Flow Ders Ücretsiz',
      'Alınan sütunu; sahip olunan üyelikleri',
    ]) {
      expect(text).toContain(words)
    }
    for (const words of ['Everything on sale', 'Sell at the desk', 'Item Type Price', 'Published', 'Course', 'Merchandise', '$2,400.00', 'Taken counts']) expect(text).not.toContain(words)
  })

  it('keeps the English page as it was', async () => {
    const page = await get('/store', app.adminCookie)
    expect(page.status).toBe(200)
    expect(page.body).toContain('<title>Store')
    const text = visibleTextOf(page.body)
    for (const words of [
      'Store',
      'Everything on sale, with stock and how many have been taken.',
      'Sell at the desk',
      'Item Type Price Stock Taken Status',
      '200-Hour Teacher Training Course $420.00 - $2,400.00 - 0 Published',
      'Cork Yoga Block Merchandise $18.00 40 0 Published',
      'Community Lunchtime Flow Class Free',
      'Taken counts memberships held, class bookings, course enrolments, event seats, and merchandise, bundles and donations sold.',
    ]) {
      expect(text).toContain(words)
    }
  })

  it('draws the desk sale in Turkish: its words, the items by kind, the customer, the sale and its refusals', async () => {
    const turkish = `${app.adminCookie}; lng=tr`
    const { student, block } = await asSystem(app.platform.database, 'test: the desk sale', async (trx) => ({
      student: await trx.updateTable('contacts').set({ balance_minor: 0 }).where('tenant_id', '=', app.demo.id).where('email', '=', 'student@demo.test').returning('guid').executeTakeFirstOrThrow(),
      block: await demoItemOption(trx, app.demo.id, 'cork-yoga-block'),
    }))
    const till = `/store/cart-checkout?contact=${student.guid}`
    const empty = await get(till, turkish)
    expect(empty.status).toBe(200)
    expect(empty.body).toContain('<title>Resepsiyonda satış yap |')
    expect(empty.body).toContain('label="Mağaza ürünleri"')
    expect(empty.body).toContain('Cork Yoga Block ($18,00)')
    const text = visibleTextOf(empty.body)
    for (const words of ['Resepsiyonda satış yap', 'Mağazaya dön', 'Müşteri', 'student@demo.test · Borcu yok', 'Değiştir', 'Satışa ekle', 'Kalem', 'Bir kalem seçin', 'Adet', 'Bu satışta henüz bir şey yok.', 'Müşterinin ödeme şekli', 'Nakit', 'Diğer (çek, havale)', 'Hesaba yaz (kişi borçlanır)', 'Fişe yazdırılır (isteğe bağlı).', 'Satışı tamamla']) {
      expect(text, words).toContain(words)
    }
    for (const words of ['Sell at the desk', 'Customer', 'Nothing owed', 'Add to the sale', 'Nothing on this sale yet.', 'How the customer pays', 'Cash', 'Complete sale']) expect(text).not.toContain(words)

    const added = await post(till, form({ intent: 'add', choice: `${block.item}/${block.option}`, quantity: '2' }), turkish)
    expect(added.status).toBe(302)
    const withSale = `${turkish}; ${cookiePair(added, 'till')}`
    const sale = visibleTextOf((await get(till, `${withSale}; ${cookiePair(added, 'toast')}`)).body)
    for (const words of ['Cork Yoga Block satışa eklendi.', 'Satış', 'Satışı tamamla: $36,00']) expect(sale, words).toContain(words)
    const refused = await post('/store/cart-checkout', form({ intent: 'sell', attempt: 'till-turkish-attempt-0001', contact: '', method: 'cash' }), withSale)
    expect(refused.status).toBe(400)
    expect(visibleTextOf(refused.body)).toContain('Önce müşteriyi seçin.')

    const english = visibleTextOf((await get(till, app.adminCookie)).body)
    for (const words of ['Sell at the desk', 'Back to the store', 'student@demo.test · Nothing owed', 'Add to the sale', 'Choose an item', 'Nothing on this sale yet.', 'How the customer pays', 'On account (the contact owes it)', 'Printed on the receipt (optional).']) {
      expect(english, words).toContain(words)
    }
  })
})
