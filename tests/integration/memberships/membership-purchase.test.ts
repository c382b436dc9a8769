import { asSystem } from '#db/tenant-scope'
import { billMembership } from '#server/memberships/bill-membership'
import { saveStripeAccount } from '#server/payments/stripe-account'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import { cookiePair, form, textOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const ACCOUNT = 'acct_demo_membership_sales'
const DAY_MS = 24 * 60 * 60 * 1000

describe(`buying a recurring membership keeps the card for its later periods (${engine})`, () => {
  let app: DemoHttpApp
  let stripe: FakeStripe
  let option: { guid: string; itemGuid: string; priceMinor: number }
  let trial: string

  const origin = () => `http://${app.host}`
  const post = (path: string, body: string, cookie?: string) =>
    request(app.port, path, { host: app.host, method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: origin(), ...(cookie ? { cookie } : {}) } })
  const get = (path: string) => request(app.port, path, { host: app.host })

  beforeAll(async () => {
    stripe = await startFakeStripe()
    app = await startDemoHttpApp({
      env: stripeEnvFor(stripe),
      // The demo's Monthly Unlimited starts with a trial (nothing is paid at checkout); here its first month is paid at once.
      prepare: (platform, demo) =>
        asSystem(platform.database, 'test: a membership paid from the first month', (trx) =>
          trx
            .updateTable('item_price_options')
            .set({ is_trial_period: false, trial_duration: null, trial_duration_unit: null })
            .where('tenant_id', '=', demo.id)
            .where('name', '=', 'Monthly Unlimited')
            .execute(),
        ).then(() => undefined),
    })
    stripe.setWebhookUrl(`http://127.0.0.1:${app.port}/webhooks/stripe`)
    stripe.addAccount(ACCOUNT, { businessName: 'Demo Yoga Studio' })
    await saveStripeAccount(app.platform, app.demo.id, { accountId: ACCOUNT, accountName: 'Demo Yoga Studio' }, new Date())
    const row = await asSystem(app.platform.database, 'test: the membership option', (trx) =>
      trx
        .selectFrom('item_price_options')
        .innerJoin('catalog_items', 'catalog_items.id', 'item_price_options.item_id')
        .select(['item_price_options.guid', 'catalog_items.guid as itemGuid', 'item_price_options.price_minor'])
        .where('item_price_options.tenant_id', '=', app.demo.id)
        .where('item_price_options.name', '=', 'Monthly Unlimited')
        .executeTakeFirstOrThrow(),
    )
    option = { guid: row.guid, itemGuid: row.itemGuid, priceMinor: Number(row.price_minor) }
    // A second way to buy it: a week's trial first, so nothing is paid at checkout.
    trial = await asSystem(app.platform.database, 'test: a trial option', async (trx) => {
      const base = await trx.selectFrom('item_price_options').selectAll().where('guid', '=', option.guid).executeTakeFirstOrThrow()
      const { id: _id, guid: _guid, created_at: _created, updated_at: _updated, ...copy } = base
      const made = await trx
        .insertInto('item_price_options')
        .values({ ...copy, name: 'Monthly with a week free', sequence: 9, is_trial_period: true, trial_duration: 7, trial_duration_unit: 'days' })
        .returning('guid')
        .executeTakeFirstOrThrow()
      return made.guid
    })
    app.platform.caches.changed(app.demo.id, ['catalog'])
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await stripe?.close()
  })

  it("without JavaScript: paid on the hosted page, the card is kept on the buyer's customer, becomes the membership's card, and pays the next month", async () => {
    const added = await post('/checkout', form({ intent: 'add', item: option.itemGuid, priceOption: option.guid, quantity: '1' }))
    expect([302, 303]).toContain(added.status)
    const email = 'rosa.hosted@example.test'
    const placed = await post(
      '/checkout',
      form({ intent: 'place', attempt: 'membership-hosted-attempt-0000001', firstName: 'Rosa', lastName: 'Hosted', email, phone: '', note: '' }),
      cookiePair(added, 'cart'),
    )
    const location = placed.header('location') ?? ''
    expect(location).toMatch(new RegExp(`^${stripe.url}/pay/cs_`))
    const session = stripe.sessions().find((each) => location.endsWith(each.id))!
    // The session pays for a customer and keeps the card; no email is sent beside the customer.
    expect(session.customer).toMatch(/^cus_/)
    expect(session.customer_email).toBeNull()
    expect(session.payment_intent_data.setup_future_usage).toBe('off_session')
    await stripe.pay(session.id)
    await stripe.idle()
    await app.platform.jobs.drain()

    const held = await asSystem(app.platform.database, 'test: the membership bought', (trx) =>
      trx
        .selectFrom('contact_memberships')
        .innerJoin('contacts', 'contacts.id', 'contact_memberships.contact_id')
        .leftJoin('saved_payment_methods', 'saved_payment_methods.id', 'contact_memberships.payment_method_id')
        .select(['contact_memberships.id', 'contact_memberships.status', 'contact_memberships.next_billing_at', 'saved_payment_methods.customer_ref', 'saved_payment_methods.last4'])
        .where('contacts.email', '=', email)
        .executeTakeFirstOrThrow(),
    )
    expect(held).toMatchObject({ status: 'active', customer_ref: session.customer, last4: '4242' })
    expect(held.next_billing_at!.getTime()).toBeGreaterThan(Date.now() + 27 * DAY_MS)
    // The order page says when it renews and which card pays.
    const orderPage = await get(`/checkout/orders/${session.metadata.invoiceGuid}`)
    expect(textOf(orderPage.body)).toMatch(/Your membership renews on .+, and the card ending 4242 is charged then\./)

    // The next month is charged to that card, off session.
    const outcome = await billMembership(app.platform, { tenantId: app.demo.id, membershipId: held.id, now: new Date(held.next_billing_at!.getTime() + 60_000) })
    expect(outcome).toBe('paid')
    const charges = stripe.intents().filter((intent) => intent.customer === session.customer && intent.status === 'succeeded')
    // The checkout's payment and the next month's.
    expect(charges).toHaveLength(2)
    expect(charges.every((intent) => intent.amount === option.priceMinor)).toBe(true)
  })

  it("with JavaScript the order page tells the card form the card is kept, and the intent keeps a visitor's card for the membership", async () => {
    const added = await post('/checkout', form({ intent: 'add', item: option.itemGuid, priceOption: option.guid, quantity: '1' }))
    const placed = await post(
      '/checkout',
      form({ intent: 'place', payInPage: '1', attempt: 'membership-element-attempt-00001', firstName: 'Rosa', lastName: 'Element', email: 'rosa.element@example.test', phone: '', note: '' }),
      cookiePair(added, 'cart'),
    )
    const orderPath = placed.header('location') ?? ''
    expect(orderPath).toMatch(/^\/checkout\/orders\/[0-9a-f-]{36}$/)
    const page = await get(orderPath)
    expect(page.status).toBe(200)
    // The flag travels in the page's data for the Payment Element, which draws the note once hydrated.
    expect(page.body).toContain('keepsCardForMembership')
    const asked = await post('/item/payment/paymentintent', form({ invoiceGuid: orderPath.slice('/checkout/orders/'.length) }))
    expect(asked.status).toBe(200)
    const intent = stripe.intents().find((each) => each.id === (JSON.parse(asked.body) as { intentId: string }).intentId)!
    // A visitor's card is kept all the same: the membership's later months are charged to it.
    expect(intent.setup_future_usage).toBe('off_session')
    expect(intent.customer).toMatch(/^cus_/)
  })

  /** A visitor buys the trial: nothing to pay, so the order completes at once and its page asks for the membership's card. */
  const buyTrial = async (email: string) => {
    const added = await post('/checkout', form({ intent: 'add', item: option.itemGuid, priceOption: trial, quantity: '1' }))
    const placed = await post(
      '/checkout',
      form({ intent: 'place', attempt: `trial-attempt-${email.slice(0, 20).padEnd(20, '0')}`, firstName: 'Tomas', lastName: 'Trial', email, phone: '', note: '' }),
      cookiePair(added, 'cart'),
    )
    const orderPath = placed.header('location') ?? ''
    expect(orderPath).toMatch(/^\/checkout\/orders\/[0-9a-f-]{36}$/)
    return { orderPath, guid: orderPath.slice('/checkout/orders/'.length) }
  }
  const cardOf = (email: string) =>
    asSystem(app.platform.database, 'test: the trial membership', (trx) =>
      trx
        .selectFrom('contact_memberships')
        .innerJoin('contacts', 'contacts.id', 'contact_memberships.contact_id')
        .leftJoin('saved_payment_methods', 'saved_payment_methods.id', 'contact_memberships.payment_method_id')
        .select(['contact_memberships.status', 'saved_payment_methods.last4'])
        .where('contacts.email', '=', email)
        .executeTakeFirstOrThrow(),
    )

  it("a trial bought with nothing to pay asks for its card on the order page; without JavaScript it is kept on Stripe's setup page", async () => {
    const email = 'tomas.hosted@example.test'
    const { orderPath } = await buyTrial(email)
    const page = await get(orderPath)
    expect(textOf(page.body)).toContain("Your membership's next payment is due on")
    expect(page.body).toContain('name="intent" value="add-card"')
    expect(await cardOf(email)).toMatchObject({ status: 'trial', last4: null })
    const toStripe = await post(orderPath, form({ intent: 'add-card' }))
    expect(toStripe.status).toBe(303)
    const setupPage = toStripe.header('location') ?? ''
    expect(setupPage).toMatch(new RegExp(`^${stripe.url}/pay/cs_`))
    // The buyer saves the card on Stripe's page and comes back to the order.
    const saved = await fetch(setupPage, { method: 'POST', redirect: 'manual' })
    const back = new URL(saved.headers.get('location') ?? '')
    expect(back.pathname).toBe(orderPath)
    const returned = await get(`${back.pathname}${back.search}`)
    expect(returned.header('location')).toBe(orderPath)
    expect(await cardOf(email)).toMatchObject({ status: 'trial', last4: '4242' })
    // Asked again, the order has no membership waiting for a card.
    expect((await post(orderPath, form({ intent: 'add-card' }))).status).toBe(404)
  })

  it("with JavaScript the order's SetupIntent keeps the card for the order's own contact, and nobody else's order opens one", async () => {
    const email = 'tomas.element@example.test'
    const { orderPath, guid } = await buyTrial(email)
    const asked = await post('/item/payment/setupintent', form({ invoiceGuid: guid }))
    expect(asked.status).toBe(200)
    const { clientSecret } = JSON.parse(asked.body) as { clientSecret: string }
    const setupId = clientSecret.split('_secret_')[0]
    const confirm = await fetch(`${stripe.url}/v1/setup_intents/${setupId}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({
        key: stripe.publishableKey,
        client_secret: clientSecret,
        _stripe_account: ACCOUNT,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': '5555555555554444',
        'payment_method_data[card][exp_month]': '12',
        'payment_method_data[card][exp_year]': String(new Date().getUTCFullYear() + 2),
        'payment_method_data[card][cvc]': '123',
      }),
    })
    expect(confirm.status).toBe(200)
    await stripe.idle()
    const returned = await get(`${orderPath}?setup_intent=${setupId}`)
    expect(returned.header('location')).toBe(orderPath)
    expect(await cardOf(email)).toMatchObject({ last4: '4444' })
    // A made-up order, or one without a membership waiting, opens no SetupIntent.
    expect((await post('/item/payment/setupintent', form({ invoiceGuid: '00000000-0000-4000-8000-000000000000' }))).status).toBe(404)
    expect((await post('/item/payment/setupintent', form({ invoiceGuid: guid }))).status).toBe(404)
  })
})
