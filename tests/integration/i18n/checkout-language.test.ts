import { asSystem } from '#db/tenant-scope'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { cookiePair, form, toastOf } from '#tests/integration/http/answers'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/**
 * The checkout in English and Turkish: the language from the switcher's cookie, the browser's
 * Accept-Language or the tenant's default; words, money and server messages follow it, and
 * the anonymous page cache never hands one language's page to the other.
 */
describe(`the checkout in Turkish (${engine})`, () => {
  let app: DemoHttpApp
  let stripe: FakeStripe
  const block = { guid: '', option: '' }

  const get = (path: string, headers: Record<string, string> = {}) => request(app.port, path, { host: app.host, headers })
  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    request(app.port, path, { host: app.host, method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}`, ...headers } })
  const addBlock = async (headers: Record<string, string> = {}) => {
    const added = await post('/checkout', form({ intent: 'add', item: block.guid, priceOption: block.option, quantity: '2' }), headers)
    expect(added.status).toBe(302)
    return { cart: cookiePair(added, 'cart'), toast: toastOf(added) }
  }

  beforeAll(async () => {
    stripe = await startFakeStripe()
    app = await startDemoHttpApp({ env: stripeEnvFor(stripe) })
    stripe.addAccount('acct_turkish_checkout')
    const found = await asSystem(app.platform.database, 'test: block', async (trx) => {
      // A studio taking cards sells the block online.
      await trx.insertInto('payment_accounts').values({ tenant_id: app.demo.id, provider: 'STRIPE', account_id: 'acct_turkish_checkout' }).execute()
      await trx.updateTable('catalog_items').set({ stock_quantity: 50 }).where('tenant_id', '=', app.demo.id).where('slug', '=', 'cork-yoga-block').execute()
      return trx
        .selectFrom('catalog_items')
        .innerJoin('item_price_options', 'item_price_options.item_id', 'catalog_items.id')
        .select(['catalog_items.guid', 'item_price_options.guid as option'])
        .where('catalog_items.tenant_id', '=', app.demo.id)
        .where('catalog_items.slug', '=', 'cork-yoga-block')
        .orderBy('item_price_options.sequence')
        .executeTakeFirstOrThrow()
    })
    app.platform.caches.changed(app.demo.id, ['tenant', 'catalog'])
    block.guid = found.guid
    block.option = found.option
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await stripe?.close()
  })

  it('draws the cart in Turkish for the switcher’s choice, with Turkish money and the page’s words for the browser', async () => {
    const { cart } = await addBlock()
    const page = await get('/checkout', { cookie: `${cart}; lng=tr` })
    expect(page.status).toBe(200)
    expect(page.body).toContain('<html lang="tr"')
    expect(page.body).toContain('Sepetiniz')
    expect(page.body).toContain('Bilgileriniz')
    expect(page.body).toContain('Ara toplam')
    expect(page.body).not.toContain('Your details')
    // Two blocks at the demo's price, written the Turkish way: a comma before the cents.
    expect(page.body).toMatch(/\$\d+,\d{2}/)
    const boot = /<script id="i18n-boot" type="application\/json"[^>]*>(.*?)<\/script>/s.exec(page.body)
    expect(boot).not.toBeNull()
    const words = JSON.parse(boot![1]!) as { language: string; resources: Record<string, Record<string, string>> }
    expect(words.language).toBe('tr')
    expect(Object.keys(words.resources).sort()).toEqual(['checkout', 'common'])
    expect(words.resources.checkout?.placeOrder).toBe('Siparişi ver')
  })

  it('follows the browser’s Accept-Language when nothing was chosen, and English otherwise', async () => {
    const { cart } = await addBlock()
    const turkish = await get('/checkout', { cookie: cart, 'accept-language': 'tr-TR,tr;q=0.9,en;q=0.8' })
    expect(turkish.body).toContain('<html lang="tr"')
    expect(turkish.body).toContain('Bilgileriniz')
    const english = await get('/checkout', { cookie: cart, 'accept-language': 'en-US,en;q=0.9' })
    expect(english.body).toContain('<html lang="en"')
    expect(english.body).toContain('Your details')
    expect(english.body).toMatch(/\$\d+\.\d{2}/)
  })

  it('answers a refused order and an offer code with Turkish messages, and toasts in Turkish', async () => {
    const { cart, toast } = await addBlock({ cookie: 'lng=tr' })
    expect(toast).toMatch(/sepetinizde\.$/)
    const refused = await post('/checkout', form({ intent: 'place', attempt: 'turkish-attempt-000000000', firstName: '', lastName: 'Yılmaz', email: 'not-an-email' }), { cookie: `${cart}; lng=tr` })
    expect(refused.status).toBe(400)
    expect(refused.body).toContain('Ad zorunludur!')
    expect(refused.body).toContain('Lütfen geçerli bir e-posta adresi girin!')
    expect(refused.body).not.toContain('First name is required!')
    const offer = await post('/checkout', form({ intent: 'offer', offerCode: 'NOSUCHCODE' }), { cookie: `${cart}; lng=tr` })
    expect(offer.status).toBe(400)
    expect(offer.body).toContain('&#x27;NOSUCHCODE&#x27; indirim kodu geçerli değil.')
  })

  it('switches the language with a plain form post and goes back to the page', async () => {
    const switched = await post('/language', form({ language: 'tr', returnTo: '/checkout?from=switcher' }))
    expect(switched.status).toBe(303)
    expect(switched.headers.location).toBe('/checkout?from=switcher')
    expect(String(switched.headers['set-cookie'])).toContain('lng=tr')
    expect(String(switched.headers['set-cookie'])).toContain('HttpOnly')
    const away = await post('/language', form({ language: 'tr', returnTo: '//evil.example/path' }))
    expect(away.headers.location).toBe('/')
    const unknown = await post('/language', form({ language: 'de', returnTo: '/checkout' }))
    expect(unknown.status).toBe(303)
    expect(unknown.headers['set-cookie']).toBeUndefined()
  })

  it('serves a namespace the page did not bring, kept by build, and 404 for a language or namespace we do not have', async () => {
    const versioned = await get('/locales/tr/checkout?v=abc123')
    expect(versioned.status).toBe(200)
    expect(versioned.headers['cache-control']).toContain('immutable')
    expect((JSON.parse(versioned.body) as Record<string, string>).placeOrder).toBe('Siparişi ver')
    expect((await get('/locales/tr/checkout')).headers['cache-control']).toBe('no-cache')
    expect((await get('/locales/de/checkout')).status).toBe(404)
    expect((await get('/locales/tr/nothing')).status).toBe(404)
  })

  it('keeps English and Turkish copies of a public page apart in the page cache', async () => {
    const first = await get('/home', { 'accept-language': 'tr' })
    expect(first.body).toContain('<html lang="tr"')
    const english = await get('/home', { 'accept-language': 'en' })
    expect(english.body).toContain('<html lang="en"')
    const chosen = await get('/home', { cookie: 'lng=tr', 'accept-language': 'en' })
    expect(chosen.body).toContain('<html lang="tr"')
    const again = await get('/home', { 'accept-language': 'tr' })
    expect(again.body).toContain('<html lang="tr"')
  })

  it('uses the tenant’s default language for a browser asking for none we speak', async () => {
    await asSystem(app.platform.database, 'test: default language', (trx) =>
      trx.updateTable('tenants').set((eb) => ({ settings: eb.fn('jsonb_set', [eb.ref('settings'), eb.val('{defaultLanguage}'), eb.val('"tr"')]) })).where('id', '=', app.demo.id).execute(),
    )
    app.platform.caches.changedAll(app.demo.id)
    app.platform.tenants.invalidate(app.demo.id)
    const page = await get('/checkout', { 'accept-language': 'de-DE' })
    expect(page.body).toContain('<html lang="tr"')
  })
})
