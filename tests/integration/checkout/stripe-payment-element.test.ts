import { asSystem } from '#db/tenant-scope'
import { saveStripeAccount } from '#server/payments/stripe-account'
import { readStripePayView } from '#server/payments/stripe-pay-view'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import { demoMat } from '#tests/integration/checkout/demo-mat'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { cookiePair, form, textOf, toastOf } from '#tests/integration/http/answers'
import { createSessionCookie } from '#tests/support/sessions'
import { createTenant } from '#tests/support/fixtures'
import { startStripeIntent } from '#server/payments/stripe-intent'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const ACCOUNT = 'acct_demo_studio'
const CARD = { number: '4242424242424242', exp_month: '12', exp_year: String(new Date().getUTCFullYear() + 3), cvc: '123' }

describe(`card payments in the page with Stripe's Payment Element (${engine})`, () => {
  let app: DemoHttpApp
  let stripe: FakeStripe
  let mat: Awaited<ReturnType<typeof demoMat>>
  let attempts = 0

  const origin = () => `http://${app.host}`
  const get = (path: string, cookie?: string) => request(app.port, path, { host: app.host, headers: cookie ? { cookie } : {} })
  const post = (path: string, body: string, cookie?: string) =>
    request(app.port, path, { host: app.host, method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin(), ...(cookie ? { cookie } : {}) } })
  const askIntent = async (body: Record<string, string | boolean> | string, cookie?: string) => {
    const fields = typeof body === 'string' ? body : new URLSearchParams(Object.entries(body).map(([name, value]) => [name, String(value)])).toString()
    const answer = await request(app.port, '/item/payment/paymentintent', {
      host: app.host,
      method: 'POST',
      body: fields,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin(), ...(cookie ? { cookie } : {}) },
    })
    return { status: answer.status, json: JSON.parse(answer.body) as Record<string, string> }
  }
  const invoice = (guid: string) =>
    asSystem(app.platform.database, 'test: invoice', (trx) => trx.selectFrom('invoices').select(['id', 'status', 'total_minor', 'contact_id']).where('guid', '=', guid).executeTakeFirstOrThrow())
  const paymentRows = (invoiceId: string) =>
    asSystem(app.platform.database, 'test: payments', (trx) => trx.selectFrom('payments').select(['provider', 'status', 'checkout_ref', 'payment_ref']).where('invoice_id', '=', invoiceId).execute())

  /** What Stripe.js does with the card the buyer typed: straight to Stripe with the publishable key and the client secret. */
  const confirmInBrowser = async (clientSecret: string, card = CARD, key = stripe.publishableKey) => {
    const id = clientSecret.split('_secret_')[0] ?? ''
    const body = new URLSearchParams({
      key,
      client_secret: clientSecret,
      _stripe_account: ACCOUNT,
      'payment_method_data[type]': 'card',
      'payment_method_data[card][number]': card.number,
      'payment_method_data[card][exp_month]': card.exp_month,
      'payment_method_data[card][exp_year]': card.exp_year,
      'payment_method_data[card][cvc]': card.cvc,
    })
    const answer = await fetch(`${stripe.url}/v1/payment_intents/${id}/confirm`, { method: 'POST', body })
    await stripe.idle()
    return { status: answer.status, json: (await answer.json()) as { id?: string; status?: string; error?: { code: string; message: string } } }
  }

  /** A page with JavaScript places the order: it lands on the order page, where the card is taken. */
  const placeOrder = async (buyer: { cookie?: string; email: string }) => {
    const added = await post('/checkout', form({ intent: 'add', item: mat.guid, priceOption: mat.option, quantity: '1' }), buyer.cookie)
    attempts += 1
    const cookies = [buyer.cookie, cookiePair(added, 'cart')].filter(Boolean).join('; ')
    const placed = await post(
      '/checkout',
      form({ intent: 'place', payInPage: '1', attempt: `element-attempt-${attempts}-00000000000`, firstName: 'Noor', lastName: 'Haddad', email: buyer.email, phone: '', note: '' }),
      cookies,
    )
    expect(placed.status).toBe(303)
    const location = placed.header('location') ?? ''
    expect(location).toMatch(/^\/checkout\/orders\/[0-9a-f-]{36}$/)
    return location.slice('/checkout/orders/'.length)
  }

  beforeAll(async () => {
    stripe = await startFakeStripe()
    app = await startDemoHttpApp({ env: stripeEnvFor(stripe) })
    stripe.setWebhookUrl(`http://127.0.0.1:${app.port}/webhooks/stripe`)
    stripe.addAccount(ACCOUNT, { businessName: 'Demo Yoga Studio' })
    await saveStripeAccount(app.platform, app.demo.id, { accountId: ACCOUNT, accountName: 'Demo Yoga Studio' }, new Date())
    mat = await demoMat(app)
    await mat.setStock(20)
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await stripe?.close()
  })

  it('a page with JavaScript places the order on the order page, which loads Stripe.js under its policy and shows no secret', async () => {
    const guid = await placeOrder({ email: 'noor.page@example.test' })
    const page = await get(`/checkout/orders/${guid}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain(stripe.publishableKey)
    expect(page.body).toContain(stripe.scriptUrl)
    expect(page.body).toContain(ACCOUNT)
    expect(page.body).not.toContain(stripe.secretKey)
    expect(page.body).not.toContain(stripe.webhookSecret)
    const policy = page.header('content-security-policy') ?? ''
    expect(policy).toMatch(new RegExp(`script-src [^;]*${stripe.url.replace(/[.:/]/g, '\\$&')}`))
    expect(policy).toMatch(new RegExp(`connect-src [^;]*${stripe.url.replace(/[.:/]/g, '\\$&')}`))
    // Merely opening the page makes no intent.
    expect(stripe.intents()).toHaveLength(0)
    // Without JavaScript the same post still goes to Stripe's hosted page.
    const added = await post('/checkout', form({ intent: 'add', item: mat.guid, priceOption: mat.option, quantity: '1' }))
    const hosted = await post(
      '/checkout',
      form({ intent: 'place', attempt: 'element-attempt-hosted-000000000', firstName: 'Noor', lastName: 'Haddad', email: 'noor.hosted@example.test', phone: '', note: '' }),
      cookiePair(added, 'cart'),
    )
    expect(hosted.header('location') ?? '').toMatch(new RegExp(`^${stripe.url}/pay/cs_`))
  })

  it('Pay makes one intent for the total on the studio account, however often it is asked; a declined card leaves the order open, a good one pays it once', async () => {
    const guid = await placeOrder({ email: 'noor.pay@example.test' })
    const before = await mat.stock()
    const [first, second] = await Promise.all([askIntent({ invoiceGuid: guid }), askIntent({ invoiceGuid: guid })])
    expect(first.status).toBe(200)
    expect(second.json.clientSecret).toBe(first.json.clientSecret)
    const again = await askIntent({ invoiceGuid: guid })
    expect(again.json.clientSecret).toBe(first.json.clientSecret)
    const { id: invoiceId, total_minor } = await invoice(guid)
    const intents = stripe.intents().filter((intent) => intent.metadata.invoiceGuid === guid)
    expect(intents).toHaveLength(1)
    expect(intents[0]).toMatchObject({ account: ACCOUNT, amount: Number(total_minor), currency: 'usd', setup_future_usage: null, customer: null })
    expect(await paymentRows(invoiceId)).toHaveLength(1)

    const declined = await confirmInBrowser(first.json.clientSecret ?? '', { ...CARD, number: '4000000000000002' })
    expect(declined.status).toBe(402)
    expect(declined.json.error?.message).toBe('Your card was declined.')
    expect((await invoice(guid)).status).toBe('pending')
    // The publishable key alone, without the intent's secret, confirms nothing.
    const forged = await confirmInBrowser(`${intents[0]?.id}_secret_guessed`)
    expect(forged.status).toBe(404)

    const paid = await confirmInBrowser(first.json.clientSecret ?? '')
    expect(paid.json.status).toBe('succeeded')
    expect((await invoice(guid)).status).toBe('paid')
    expect(await mat.stock()).toBe((before ?? 0) - 1)
    expect(await paymentRows(invoiceId)).toEqual([expect.objectContaining({ provider: 'STRIPE', status: 'paid', checkout_ref: intents[0]?.id, payment_ref: intents[0]?.id })])
    const event = stripe.events().find((each) => each.type === 'payment_intent.succeeded' && each.data.object.id === intents[0]?.id)
    expect(await stripe.redeliver(event?.id ?? '')).toBe(200)
    const shown = textOf((await get(`/checkout/orders/${guid}?payment_intent=${intents[0]?.id}`)).body)
    expect(shown).toContain('Thank you, your order is placed')
    expect(await mat.stock()).toBe((before ?? 0) - 1)
    // A paid order makes no more intents.
    expect((await askIntent({ invoiceGuid: guid })).status).toBe(409)
  })

  it('the return settles before the webhook, and a lost webhook is caught up when the order page is opened', async () => {
    stripe.holdWebhooks(true)
    try {
      const returned = await placeOrder({ email: 'noor.return@example.test' })
      const intent = await askIntent({ invoiceGuid: returned })
      await confirmInBrowser(intent.json.clientSecret ?? '')
      expect((await invoice(returned)).status).toBe('pending')
      expect(textOf((await get(`/checkout/orders/${returned}?payment_intent=${intent.json.intentId}`)).body)).toContain('Thank you, your order is placed')

      const lost = await placeOrder({ email: 'noor.lost@example.test' })
      const lostIntent = await askIntent({ invoiceGuid: lost })
      await confirmInBrowser(lostIntent.json.clientSecret ?? '')
      // The buyer closed the tab: no return, no webhook yet. Opening the order asks Stripe.
      expect(textOf((await get(`/checkout/orders/${lost}`)).body)).toContain('Thank you, your order is placed')
    } finally {
      stripe.holdWebhooks(false)
      await stripe.releaseHeld()
    }
    expect(stripe.deliveries.filter((delivery) => delivery.type === 'payment_intent.succeeded').every((delivery) => delivery.status === 200)).toBe(true)
  })

  it("another order's intent in the address settles nothing; a bad request is refused in words and an unknown order is a 404", async () => {
    const guid = await placeOrder({ email: 'noor.forged@example.test' })
    const other = await placeOrder({ email: 'noor.other@example.test' })
    const otherIntent = await askIntent({ invoiceGuid: other })
    await confirmInBrowser(otherIntent.json.clientSecret ?? '')
    expect(textOf((await get(`/checkout/orders/${guid}?payment_intent=${otherIntent.json.intentId}`)).body)).toContain('Your order is waiting for its payment')
    expect((await invoice(guid)).status).toBe('pending')

    const garbled = await askIntent('saveCard=perhaps')
    expect(garbled.status).toBe(400)
    expect(garbled.json.error).toBe('The payment request was not understood. Please reload the page and try again.')
    expect((await askIntent({ invoiceGuid: 'nope' })).status).toBe(400)
    expect((await askIntent({ invoiceGuid: '00000000-0000-4000-8000-000000000000' })).status).toBe(404)
    // A visitor cannot pay with a kept card, whatever id they send.
    // Another studio's order is unknown here, whoever asks.
    const elsewhere = await createTenant(app.platform, { orgId: 'element-elsewhere', name: 'Elsewhere Studio' })
    await saveStripeAccount(app.platform, elsewhere.id, { accountId: ACCOUNT, accountName: 'Elsewhere' }, new Date())
    expect(await startStripeIntent(app.platform, elsewhere, { invoiceGuid: guid, saveCard: false, methodId: null, signedInContactId: null, origin: origin(), now: new Date() })).toEqual({
      kind: 'not-found',
    })
    expect(await readStripePayView(app.platform, elsewhere, { invoiceGuid: guid, signedInContactId: null })).toBeNull()
    const visitor = await askIntent({ invoiceGuid: guid, methodId: '00000000-0000-4000-8000-000000000000' })
    expect(visitor.status).toBe(400)
    expect(visitor.json.error).toBe('That saved card is no longer available. Choose another card or None/other.')
  })

  it('a signed-in student keeps a card with Save for my next payment and pays the next order with it; nobody else can', async () => {
    const student = await asSystem(app.platform.database, 'test: the student', (trx) =>
      trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'student@demo.test').executeTakeFirstOrThrow(),
    )
    const cookie = await createSessionCookie(app.platform, app.demo, student)
    const first = await placeOrder({ cookie, email: 'student@demo.test' })
    const view = (guid: string, contactId: string | null) => readStripePayView(app.platform, app.demo, { invoiceGuid: guid, signedInContactId: contactId })
    expect(await view(first, student.id)).toMatchObject({ canSave: true, saved: [], stripeAccount: ACCOUNT, publishableKey: stripe.publishableKey })
    expect(await view(first, null)).toMatchObject({ canSave: false })
    // Changing one's mind before Pay updates the same intent.
    const plain = await askIntent({ invoiceGuid: first }, cookie)
    const saving = await askIntent({ invoiceGuid: first, saveCard: true }, cookie)
    expect(saving.json.intentId).toBe(plain.json.intentId)
    const intent = stripe.intents().find((each) => each.id === saving.json.intentId)
    expect(intent).toMatchObject({ setup_future_usage: 'off_session', metadata: expect.objectContaining({ contactId: student.id }) })
    expect(intent?.customer).toMatch(/^cus_/)
    await confirmInBrowser(saving.json.clientSecret ?? '')
    expect((await invoice(first)).status).toBe('paid')
    const kept = await asSystem(app.platform.database, 'test: kept', (trx) =>
      trx.selectFrom('saved_payment_methods').selectAll().where('contact_id', '=', student.id).where('provider', '=', 'STRIPE').execute(),
    )
    expect(kept).toEqual([expect.objectContaining({ kind: 'card', brand: 'visa', last4: '4242', customer_ref: intent?.customer, method_ref: expect.stringMatching(/^pm_/) })])

    const second = await placeOrder({ cookie, email: 'student@demo.test' })
    expect((await view(second, student.id))?.saved).toEqual([{ id: kept[0]?.id, kind: 'card', label: `Visa ending 4242, expires 12/${CARD.exp_year}` }])
    expect((await get(`/checkout/orders/${second}`, cookie)).body).toContain('Visa ending 4242')
    // The order's address without the student's session shows no kept card.
    expect((await view(second, null))?.saved).toEqual([])
    expect((await get(`/checkout/orders/${second}`)).body).not.toContain('Visa ending 4242')
    expect((await askIntent({ invoiceGuid: second, methodId: kept[0]?.id })).status).toBe(400)
    const before = await mat.stock()
    const charged = await askIntent({ invoiceGuid: second, methodId: kept[0]?.id }, cookie)
    expect(charged).toEqual({ status: 200, json: { status: 'succeeded', intentId: expect.stringMatching(/^pi_/) } })
    expect((await invoice(second)).status).toBe('paid')
    expect(await mat.stock()).toBe((before ?? 0) - 1)
    expect(stripe.intents().find((each) => each.id === charged.json.intentId)).toMatchObject({ customer: intent?.customer, payment_method: kept[0]?.method_ref, status: 'succeeded' })
    // Another signed-in person's order cannot use the student's card.
    const someoneElse = await asSystem(app.platform.database, 'test: another contact', (trx) =>
      // Someone else who can sign in: the studio's admin.
      trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow(),
    )
    const otherCookie = await createSessionCookie(app.platform, app.demo, someoneElse)
    const theirs = await placeOrder({ cookie: otherCookie, email: 'someone.else@example.test' })
    expect((await askIntent({ invoiceGuid: theirs, methodId: kept[0]?.id }, otherCookie)).status).toBe(400)
  })

  it('a student adds a card on the profile through a SetupIntent and removes a kept card; nobody else can remove it', async () => {
    const student = await asSystem(app.platform.database, 'test: the student', (trx) =>
      trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'student@demo.test').executeTakeFirstOrThrow(),
    )
    const cookie = await createSessionCookie(app.platform, app.demo, student)
    const keptCards = () =>
      asSystem(app.platform.database, 'test: kept', (trx) => trx.selectFrom('saved_payment_methods').selectAll().where('contact_id', '=', student.id).orderBy('created_at').execute())
    const before = (await keptCards()).length
    const setupPost = (cookieHeader?: string) =>
      request(app.port, '/item/payment/setupintent', {
        host: app.host,
        method: 'POST',
        body: '',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin(), ...(cookieHeader ? { cookie: cookieHeader } : {}) },
      })
    expect((await setupPost()).status).toBe(401)
    const started = await setupPost(cookie)
    expect(started.status).toBe(200)
    const clientSecret = (JSON.parse(started.body) as { clientSecret: string }).clientSecret
    const setupId = clientSecret.split('_secret_')[0] ?? ''
    expect(stripe.setupIntents().find((setup) => setup.id === setupId)).toMatchObject({ account: ACCOUNT, usage: 'off_session', metadata: { tenantId: app.demo.id, contactId: student.id } })
    const confirmed = await fetch(`${stripe.url}/v1/setup_intents/${setupId}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({
        key: stripe.publishableKey,
        client_secret: clientSecret,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': '6011111111111117',
        'payment_method_data[card][exp_month]': '7',
        'payment_method_data[card][exp_year]': CARD.exp_year,
        'payment_method_data[card][cvc]': '321',
      }),
    })
    expect(confirmed.status).toBe(200)
    await stripe.idle()
    // The webhook kept it already; the return keeps it again as the same row, and says so.
    const back = await get(`/profile?setup_intent=${setupId}`, cookie)
    expect(back.status).toBe(302)
    expect(back.header('location')).toBe('/profile')
    const cards = await keptCards()
    expect(cards).toHaveLength(before + 1)
    const added = cards.find((card) => card.last4 === '1117')
    expect(added).toMatchObject({ provider: 'STRIPE', brand: 'discover', exp_month: 7 })

    const profile = await get(`/profile?removeCard=${added?.id}`, cookie)
    expect(textOf(profile.body)).toContain('Remove Card')
    expect(textOf(profile.body)).toContain('Discover ending 1117')
    // Another contact of the studio names the card: unknown to them, and still kept.
    const someoneElse = await asSystem(app.platform.database, 'test: another contact', (trx) =>
      // Someone else who can sign in: the studio's admin.
      trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow(),
    )
    const otherCookie = await createSessionCookie(app.platform, app.demo, someoneElse)
    const refused = await post('/profile', form({ intent: 'remove-card', cardId: added?.id ?? '' }), otherCookie)
    expect(toastOf(refused)).toBe('That card is no longer saved.')
    expect((await keptCards()).some((card) => card.id === added?.id)).toBe(true)
    const removed = await post('/profile', form({ intent: 'remove-card', cardId: added?.id ?? '' }), cookie)
    expect(removed.status).toBe(302)
    expect(toastOf(removed)).toBe('The card is removed.')
    expect((await keptCards()).some((card) => card.id === added?.id)).toBe(false)
    expect(stripe.paymentMethods().find((method) => method.id === added?.method_ref)?.customer).toBeNull()
  })

  it("without JavaScript Add a card saves one on Stripe's page in setup mode and the profile keeps it; someone else's session keeps nothing", async () => {
    const student = await asSystem(app.platform.database, 'test: the student', (trx) =>
      trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'student@demo.test').executeTakeFirstOrThrow(),
    )
    const cookie = await createSessionCookie(app.platform, app.demo, student)
    const count = async () => (await asSystem(app.platform.database, 'test: kept', (trx) => trx.selectFrom('saved_payment_methods').select('id').where('contact_id', '=', student.id).execute())).length
    const before = await count()
    const started = await post('/profile', form({ intent: 'add-card' }), cookie)
    expect(started.status).toBe(303)
    const page = started.header('location') ?? ''
    expect(page).toMatch(new RegExp(`^${stripe.url}/pay/cs_`))
    const session = stripe.sessions().find((each) => page.endsWith(each.id))
    expect(session).toMatchObject({ mode: 'setup', account: ACCOUNT, customer: expect.stringMatching(/^cus_/), metadata: { tenantId: app.demo.id, contactId: student.id } })
    const saved = await fetch(page, { method: 'POST', redirect: 'manual' })
    expect(saved.status).toBe(303)
    const back = new URL(saved.headers.get('location') ?? '')
    expect(`${back.pathname}${back.search}`).toBe(`/profile?setup_session=${session?.id}`)
    await stripe.idle()
    // Someone else signed in, with the student's session id in the address: nothing is kept for them.
    const admin = await asSystem(app.platform.database, 'test: admin', (trx) =>
      trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'admin@demo.test').executeTakeFirstOrThrow(),
    )
    const adminCookie = await createSessionCookie(app.platform, app.demo, admin)
    expect(toastOf(await get(`${back.pathname}${back.search}`, adminCookie))).toBe('The card was not saved. Please try again.')
    const returned = await get(`${back.pathname}${back.search}`, cookie)
    expect(returned.header('location')).toBe('/profile')
    expect(toastOf(returned)).toBe('The card is saved for your next payment.')
    expect(await count()).toBe(before + 1)
    expect(textOf((await get('/profile', cookie)).body)).toContain('Visa ending 4242')
  })

  it('a donor gives once from the campaign page: the gift goes into the cart at its amount and is paid like any order; a bad amount or limit is refused in words', async () => {
    const campaign = await asSystem(app.platform.database, 'test: the campaign', (trx) =>
      trx.selectFrom('catalog_items').select(['id', 'guid']).where('tenant_id', '=', app.demo.id).where('slug', '=', 'scholarship-fund').executeTakeFirstOrThrow(),
    )
    const donatePath = `/donate/${campaign.guid}`
    const page = textOf((await get(donatePath)).body)
    expect(page).toContain('How often')
    expect(page).toContain('If you give monthly: for how long')

    const badAmount = await post(donatePath, form({ amount: 'other', otherAmount: 'lots', frequency: 'one-time' }))
    expect(badAmount.status).toBe(400)
    expect(textOf(badAmount.body)).toContain('Enter an amount in numbers, like 25 or 25.50.')
    const badLimit = await post(donatePath, form({ amount: '2500', frequency: 'recurring', limit: '7 years' }))
    expect(badLimit.status).toBe(400)
    expect(textOf(badLimit.body)).toContain('Choose for how long to give.')
    expect((await post('/donate/00000000-0000-4000-8000-000000000000', form({ amount: '2500', frequency: 'one-time' }))).status).toBe(404)

    const given = await post(donatePath, form({ amount: '2500', frequency: 'one-time' }))
    expect(given.status).toBe(303)
    expect(given.header('location')).toBe('/checkout')
    expect(toastOf(given)).toBe('Your gift to Scholarship Fund is in your cart.')
    const cart = cookiePair(given, 'cart')
    // Giving again changes the gift's amount: one gift per campaign in a cart.
    expect((await post(donatePath, form({ amount: 'other', otherAmount: '42.50', frequency: 'one-time' }), cart)).status).toBe(303)
    const checkout = textOf((await get('/checkout', cart)).body)
    expect(checkout).toContain('Scholarship Fund')
    expect(checkout).toContain('One-time gift')
    expect(checkout).toContain('$42.50')

    attempts += 1
    const placed = await post(
      '/checkout',
      form({ intent: 'place', payInPage: '1', attempt: `element-attempt-${attempts}-00000000000`, firstName: 'Dana', lastName: 'Giver', email: 'dana.giver@example.test', phone: '', note: '' }),
      cart,
    )
    expect(placed.status).toBe(303)
    const guid = (placed.header('location') ?? '').slice('/checkout/orders/'.length)
    const intent = await askIntent({ invoiceGuid: guid })
    expect(stripe.intents().find((each) => each.id === intent.json.intentId)?.amount).toBe(4250)
    await confirmInBrowser(intent.json.clientSecret ?? '')
    const { id: invoiceId, status, total_minor } = await invoice(guid)
    expect([status, Number(total_minor)]).toEqual(['paid', 4250])
    const lines = await asSystem(app.platform.database, 'test: gift line', (trx) =>
      trx.selectFrom('invoice_lines').select(['item_type', 'item_name', 'option_name', 'price_option_id', 'total_minor', 'tax_minor']).where('invoice_id', '=', invoiceId).execute(),
    )
    expect(lines).toEqual([{ item_type: 'donation', item_name: 'Scholarship Fund', option_name: 'One-time gift', price_option_id: null, total_minor: expect.anything(), tax_minor: expect.anything() }])
    expect(Number(lines[0]?.total_minor)).toBe(4250)
  })
})
