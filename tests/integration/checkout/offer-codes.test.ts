import { asSystem } from '#db/tenant-scope'
import type { Insertable } from 'kysely'
import type { OffersTable } from '#db/tables/offers'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { cookiePair, toastOf, form, textOf } from '#tests/integration/http/answers'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`offer codes at checkout and at the till (${engine})`, () => {
  let app: DemoHttpApp
  let stripe: FakeStripe
  const items = { mat: { guid: '', option: '' }, block: { guid: '', option: '' }, foundations: { guid: '', option: '' } }
  let attempts = 0

  const get = (path: string, cookie?: string) => request(app.port, path, { host: app.host, headers: cookie ? { cookie } : {} })
  const post = (path: string, body: string, cookie?: string) =>
    request(app.port, path, { host: app.host, method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}`, ...(cookie ? { cookie } : {}) } })

  const addOffer = (values: Omit<Insertable<OffersTable>, 'tenant_id' | 'currency'> & { tenant_id?: string }) =>
    asSystem(app.platform.database, 'test: offer', (trx) =>
      trx
        .insertInto('offers')
        .values({ tenant_id: app.demo.id, currency: 'USD', ...values })
        .returning(['id', 'guid'])
        .executeTakeFirstOrThrow(),
    )
  const offerUses = (code: string) =>
    asSystem(app.platform.database, 'test: uses', (trx) => trx.selectFrom('offers').select('times_used').where('tenant_id', '=', app.demo.id).where('code', '=', code).executeTakeFirstOrThrow()).then(
      (row) => row.times_used,
    )
  const invoiceCount = () =>
    asSystem(app.platform.database, 'test: invoices', (trx) => trx.selectFrom('invoices').select((eb) => eb.fn.countAll<string>().as('n')).where('tenant_id', '=', app.demo.id).executeTakeFirstOrThrow()).then((row) => Number(row.n))
  const invoiceByGuid = (guid: string) =>
    asSystem(app.platform.database, 'test: invoice', (trx) =>
      trx
        .selectFrom('invoices')
        .select(['status', 'payment_method', 'offer_code', 'offer_id', 'subtotal_minor', 'discount_minor', 'card_fees_minor', 'tax_minor', 'total_minor'])
        .where('guid', '=', guid)
        .executeTakeFirstOrThrow(),
    )

  /** A new cart holding the given items (one each); the cookie pair to send with it. */
  const cartWith = async (...wanted: Array<{ guid: string; option: string }>): Promise<string> => {
    let cookie = ''
    for (const item of wanted) {
      const added = await post('/checkout', form({ intent: 'add', item: item.guid, priceOption: item.option, quantity: '1' }), cookie || undefined)
      expect(added.status).toBe(302)
      if (!cookie) cookie = cookiePair(added, 'cart')
    }
    return cookie
  }
  const apply = (cart: string, code: string) => post('/checkout', form({ intent: 'offer', offerCode: code }), cart)
  const place = (cart: string, email = 'noor.haddad@example.test') => {
    attempts += 1
    return post('/checkout', form({ intent: 'place', attempt: `offer-attempt-${attempts}-000000000000`, firstName: 'Noor', lastName: 'Haddad', email, phone: '', note: '' }), cart)
  }

  beforeAll(async () => {
    stripe = await startFakeStripe()
    app = await startDemoHttpApp({ env: stripeEnvFor(stripe) })
    stripe.setWebhookUrl(`http://127.0.0.1:${app.port}/webhooks/stripe`)
    stripe.addAccount('acct_offer_studio', { businessName: 'Demo Yoga Studio' })
    const found = await asSystem(app.platform.database, 'test: items', async (trx) => {
      // The studio takes cards: its Stripe account is connected.
      await trx.insertInto('payment_accounts').values({ tenant_id: app.demo.id, provider: 'STRIPE', account_id: 'acct_offer_studio', account_name: 'Demo Yoga Studio' }).execute()
      const option = (slug: string) =>
        trx
          .selectFrom('catalog_items')
          .innerJoin('item_price_options', 'item_price_options.item_id', 'catalog_items.id')
          .select(['catalog_items.guid', 'item_price_options.guid as option'])
          .where('catalog_items.tenant_id', '=', app.demo.id)
          .where('catalog_items.slug', '=', slug)
          .orderBy('item_price_options.sequence')
          .executeTakeFirstOrThrow()
      await trx.updateTable('catalog_items').set({ stock_quantity: 50 }).where('tenant_id', '=', app.demo.id).where('slug', 'in', ['organic-cotton-yoga-mat', 'cork-yoga-block']).execute()
      return { mat: await option('organic-cotton-yoga-mat'), block: await option('cork-yoga-block'), foundations: await option('yoga-foundations') }
    })
    for (const key of ['mat', 'block', 'foundations'] as const) items[key] = { guid: found[key].guid, option: found[key].option }
    app.platform.caches.changed(app.demo.id, ['tenant', 'catalog'])
    await addOffer({ code: 'BUYONEGETONE', offer_type: 'buyFirstAndGetOther', discount_type: 'percentage', discount_basis_points: 5000, secondary_item_category: 'product', secondary_item_count: 1 })
    await addOffer({ code: 'BIGAMOUNT', discount_type: 'amount', discount_minor: 100_000, primary_item_category: 'product' })
    await addOffer({ code: 'TAKEALL', discount_type: 'percentage', discount_basis_points: 10_000 })
    await addOffer({ code: 'MEMBERSONLY', discount_type: 'percentage', discount_basis_points: 1500, primary_item_category: 'membership' })
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await stripe?.close()
  })

  it('refuses a code nobody made, another tenant made, or that has expired, in the page, and keeps the cart as it was', async () => {
    const east = await app.platform.tenants.findByOrgId('demo-east')
    if (!east) throw new Error('no east tenant')
    await addOffer({ tenant_id: east.id, code: 'EASTONLY', discount_type: 'percentage', discount_basis_points: 1000 })
    const cart = await cartWith(items.mat)
    for (const [code, message] of [
      ['nope', "Offer code 'NOPE' is not valid."],
      ['EASTONLY', "Offer code 'EASTONLY' is not valid."],
      ['spring20', "Offer code 'SPRING20' has expired."],
      ['buyonegetone', 'Not a valid code for this item'],
      ['BIGAMOUNT', "Offer code 'BIGAMOUNT' is invalid. Discount is greater than amount"],
      ['MEMBERSONLY', 'Not a valid code for this item'],
      ['FOUNDATIONS25', 'Not a valid code for this item'],
    ] as const) {
      const refused = await apply(cart, code)
      expect(refused.status, code).toBe(400)
      expect(textOf(refused.body), code).toContain(message)
    }
    const odd = await apply(cart, 'SAVE\u000010')
    expect(odd.status).toBe(400)
    expect(textOf(odd.body)).toContain('An offer code has only letters, digits, hyphens and underscores.')
    const empty = await apply(cart, '   ')
    expect(empty.status).toBe(400)
    expect(textOf(empty.body)).toContain('Enter an offer code.')
    const page = await get('/checkout', cart)
    expect(page.body).not.toContain('data-offer-discount')
    expect(page.body).not.toMatch(/<dt[^>]*>Discount/)
  })

  it('takes a code as typed in any case off the first line it covers, shows it, and lets the buyer remove it', async () => {
    const cart = await cartWith(items.block, items.mat)
    const applied = await apply(cart, '  welcome10 ')
    expect(applied.status).toBe(302)
    expect(toastOf(applied)).toBe("Offer code 'WELCOME10' is applied.")
    const page = textOf((await get('/checkout', cart)).body)
    // 10% of the $18.00 block: the first line it covers.
    expect(page).toContain('Offer code WELCOME10 -$1.80')
    expect(page).toContain('Discount (WELCOME10) -$1.80')

    const removed = await post('/checkout', form({ intent: 'remove-offer' }), cart)
    expect(toastOf(removed)).toBe('The offer code is removed.')
    expect((await get('/checkout', cart)).body).not.toContain('data-offer-discount')
  })

  it('takes an offer for one item off that item, wherever it is in the cart', async () => {
    const cart = await cartWith(items.mat, items.foundations)
    expect((await apply(cart, 'foundations25')).status).toBe(302)
    expect(textOf((await get('/checkout', cart)).body)).toContain('Offer code FOUNDATIONS25 -$25.00')
  })

  it('places a card order with the discount: Stripe is asked for the total less it, the invoice names the code, and one use is counted', async () => {
    const usedBefore = await offerUses('WELCOME10')
    const cart = await cartWith(items.mat)
    await apply(cart, 'WELCOME10')
    const placed = await place(cart)
    expect(placed.status).toBe(303)
    const sessionId = (placed.header('location') ?? '').slice(`${stripe.url}/pay/`.length)
    const session = stripe.sessions().find((candidate) => candidate.id === sessionId)
    if (!session) throw new Error('no Stripe session')
    const invoice = await invoiceByGuid(String(session.metadata.invoiceGuid))
    expect(invoice).toMatchObject({ status: 'pending', offer_code: 'WELCOME10' })
    expect(Number(invoice.discount_minor)).toBe(680)
    expect(Number(invoice.total_minor)).toBe(Number(invoice.subtotal_minor) - 680 + Number(invoice.card_fees_minor) + Number(invoice.tax_minor))
    expect(session.amount_total).toBe(Number(invoice.total_minor))
    expect(await offerUses('WELCOME10')).toBe(usedBefore + 1)
    // The cart is empty and holds no code for the next order.
    expect((await get('/checkout', cart)).body).toContain('Your cart is empty.')
  })

  it('completes an order a code makes free without any payment page', async () => {
    const cart = await cartWith(items.mat)
    await apply(cart, 'takeall')
    const placed = await place(cart)
    expect(placed.status).toBe(302)
    const guid = /\/checkout\/orders\/([0-9a-f-]{36})/.exec(placed.header('location') ?? '')?.[1] ?? ''
    const invoice = await invoiceByGuid(guid)
    expect(invoice).toMatchObject({ status: 'paid', payment_method: 'free', offer_code: 'TAKEALL' })
    expect(Number(invoice.total_minor)).toBe(0)
    expect(Number(invoice.discount_minor)).toBe(6800)
    expect(textOf((await get(`/checkout/orders/${guid}`)).body)).toContain('Discount (TAKEALL) -$68.00')
  })

  it('refuses an order whose code stopped working after it was applied, in words, and writes nothing', async () => {
    await addOffer({ code: 'SHORTLIVED', discount_type: 'percentage', discount_basis_points: 2000 })
    const cart = await cartWith(items.block)
    expect((await apply(cart, 'SHORTLIVED')).status).toBe(302)
    await asSystem(app.platform.database, 'test: disable', (trx) => trx.updateTable('offers').set({ status: 'DISABLED' }).where('code', '=', 'SHORTLIVED').execute())
    const page = await get('/checkout', cart)
    expect(textOf(page.body)).toContain("Offer code 'SHORTLIVED' is no longer active.")
    const before = await invoiceCount()
    const refused = await place(cart)
    expect(refused.status).toBe(409)
    expect(textOf(refused.body)).toContain("Offer code 'SHORTLIVED' is no longer active.")
    expect(await invoiceCount()).toBe(before)
    expect(await offerUses('SHORTLIVED')).toBe(0)
  })

  it('gives the last use of a limited code to one of two buyers placing at once; the other is told it is used up', async () => {
    await addOffer({ code: 'LASTONE', discount_type: 'percentage', discount_basis_points: 10_000, usage_limit: 1 })
    const first = await cartWith(items.block)
    const second = await cartWith(items.block)
    expect((await apply(first, 'LASTONE')).status).toBe(302)
    expect((await apply(second, 'LASTONE')).status).toBe(302)
    const before = await invoiceCount()
    const answers = await Promise.all([place(first, 'first.buyer@example.test'), place(second, 'second.buyer@example.test')])
    const statuses = answers.map((answer) => answer.status).sort()
    expect(statuses).toEqual([302, 409])
    const refused = answers.find((answer) => answer.status === 409)
    expect(textOf(refused?.body ?? '')).toContain("Offer code 'LASTONE' has been used up.")
    expect(await offerUses('LASTONE')).toBe(1)
    expect(await invoiceCount()).toBe(before + 1)
  })

  it('lets staff apply a code at the till and sell for cash with the discount', async () => {
    const student = await asSystem(app.platform.database, 'test: student', (trx) =>
      trx.selectFrom('contacts').select('guid').where('tenant_id', '=', app.demo.id).where('email', '=', 'student@demo.test').executeTakeFirstOrThrow(),
    )
    const till = `/store/cart-checkout?contact=${student.guid}`
    const added = await post(till, form({ intent: 'add', choice: `${items.mat.guid}/${items.mat.option}`, quantity: '2' }), app.adminCookie)
    const cookie = `${app.adminCookie}; ${cookiePair(added, 'till')}`
    const refused = await post(till, form({ intent: 'offer', offerCode: 'made-up' }), cookie)
    expect(refused.status).toBe(400)
    expect(textOf(refused.body)).toContain("Offer code 'MADE-UP' is not valid.")
    const applied = await post(till, form({ intent: 'offer', offerCode: 'welcome10' }), cookie)
    expect(toastOf(applied)).toBe("Offer code 'WELCOME10' is applied.")
    expect(textOf((await get(till, cookie)).body)).toContain('Offer code WELCOME10 -$13.60')
    const sold = await post(till, form({ intent: 'sell', method: 'cash', note: '', contact: student.guid, attempt: 'till-offer-attempt-0000000001' }), cookie)
    expect(sold.status).toBe(302)
    const invoice = await asSystem(app.platform.database, 'test: till invoice', (trx) =>
      trx.selectFrom('invoices').select(['offer_code', 'discount_minor', 'payment_method']).where('idempotency_key', '=', 'till-offer-attempt-0000000001').executeTakeFirstOrThrow(),
    )
    expect(invoice).toMatchObject({ offer_code: 'WELCOME10', payment_method: 'cash' })
    expect(Number(invoice.discount_minor)).toBe(1360)
  })

  it('tells widgets through the tenant ping that the studio takes cards, with the publishable key and never the secret one', async () => {
    const ping = await get('/api/tenant/ping')
    const config = JSON.parse(ping.body) as Record<string, unknown>
    expect(config).toMatchObject({ paymentProvider: 'STRIPE', publishableKey: stripe.publishableKey, paymentAccountId: 'acct_offer_studio' })
    expect(ping.body).not.toContain(stripe.secretKey)
    expect(ping.body).not.toContain(stripe.webhookSecret)
  })

  it("refuses to apply a code to a cart that holds nothing, and another visitor's cart is not reached", async () => {
    const refused = await apply('cart=not-a-real-cart-token', 'WELCOME10')
    expect(refused.status).toBe(400)
    expect(textOf(refused.body)).toContain('Add something to your cart before an offer code.')
  })
})
