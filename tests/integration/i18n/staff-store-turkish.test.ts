import { visibleTextOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** The staff Store in Turkish for an admin who chose it; English as it was. */
describe(`the staff Store in Turkish (${engine})`, () => {
  let app: DemoHttpApp

  beforeAll(async () => {
    app = await startDemoHttpApp()
  }, 300_000)
  afterAll(() => app?.close())

  const get = (path: string, cookie: string) => request(app.port, path, { host: app.host, headers: { cookie } })

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
})
