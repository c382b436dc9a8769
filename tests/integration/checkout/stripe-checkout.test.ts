import { asSystem } from '#db/tenant-scope'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import { demoMat } from '#tests/integration/checkout/demo-mat'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { cookiePair, form } from '#tests/integration/http/answers'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

describe(`card payments through Stripe (${engine})`, () => {
  let app: DemoHttpApp
  let stripe: FakeStripe
  let mat: Awaited<ReturnType<typeof demoMat>>
  let matGuid = ''
  let matOption = ''
  let attempts = 0

  const get = (path: string, cookie?: string) => request(app.port, path, { host: app.host, headers: cookie ? { cookie } : {} })
  const post = (path: string, body: string, cookie?: string) =>
    request(app.port, path, { host: app.host, method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${app.host}`, ...(cookie ? { cookie } : {}) } })
  const invoice = (guid: string) =>
    asSystem(app.platform.database, 'test: invoice', (trx) => trx.selectFrom('invoices').select(['id', 'status', 'paid_at', 'total_minor']).where('guid', '=', guid).executeTakeFirstOrThrow())
  const matStock = () => mat.stock()
  const setMatStock = (quantity: number) => mat.setStock(quantity)
  const paymentRows = (invoiceId: string) =>
    asSystem(app.platform.database, 'test: payments', (trx) => trx.selectFrom('payments').select(['status', 'checkout_ref', 'payment_ref', 'refund_ref']).where('invoice_id', '=', invoiceId).execute())

  /** A visitor puts a mat in a new cart and places the order: the answer sends them to Stripe. */
  const buyMat = async (): Promise<{ invoiceGuid: string; sessionId: string; payUrl: string }> => {
    const added = await post('/checkout', form({ intent: 'add', item: matGuid, priceOption: matOption, quantity: '1' }))
    const cart = cookiePair(added, 'cart')
    attempts += 1
    const placed = await post(
      '/checkout',
      form({ intent: 'place', attempt: `stripe-attempt-${attempts}-0000000000`, firstName: 'Ines', lastName: 'Okafor', email: 'ines.okafor@example.test', phone: '', note: '' }),
      cart,
    )
    expect(placed.status).toBe(303)
    const payUrl = placed.header('location') ?? ''
    expect(payUrl.startsWith(`${stripe.url}/pay/cs_`)).toBe(true)
    const sessionId = payUrl.slice(`${stripe.url}/pay/`.length)
    const session = stripe.sessions().find((candidate) => candidate.id === sessionId)
    if (!session) throw new Error('no session made')
    return { invoiceGuid: String(session.metadata.invoiceGuid), sessionId, payUrl }
  }

  beforeAll(async () => {
    stripe = await startFakeStripe()
    app = await startDemoHttpApp({ env: stripeEnvFor(stripe) })
    stripe.setWebhookUrl(`http://127.0.0.1:${app.port}/webhooks/stripe`)
    stripe.connectAs('acct_demo_studio', { businessName: 'Demo Yoga Studio', email: 'owner@demo.test' })
    mat = await demoMat(app)
    matGuid = mat.guid
    matOption = mat.option
    await setMatStock(10)
  }, 120_000)

  afterAll(async () => {
    await app?.close()
    await stripe?.close()
  })

  it('until Stripe is connected, a priced item cannot be bought online and the providers page offers Connect', async () => {
    const product = await get('/merchandise/details/organic-cotton-yoga-mat')
    expect(product.body).not.toContain('data-buy-form')
    const page = await get('/settings/integrations/paymentprovider', app.adminCookie)
    expect(page.status).toBe(200)
    expect(page.body).toContain('Connect with Stripe')
  })

  it('an admin connects the studio through Stripe Connect; a forged state connects nothing', async () => {
    const forged = await get('/oauth/stripe?code=ac_made_up&state=guessed', app.adminCookie)
    expect(forged.header('location')).toBe('/settings/integrations/paymentprovider/success?result=failed')
    expect((await get('/settings/integrations/paymentprovider/success?result=failed', app.adminCookie)).body).toContain('Integration Fail!')

    const start = await get('/oauth/stripe', app.adminCookie)
    expect(start.status).toBe(302)
    const consent = new URL(start.header('location') ?? '')
    expect(`${consent.origin}${consent.pathname}`).toBe(`${stripe.url}/oauth/authorize`)
    expect(consent.searchParams.get('redirect_uri')).toBe(`http://${app.host}/oauth/stripe`)
    const stateCookie = cookiePair(start, 'stripe_connect_state')
    const consented = await fetch(consent, { redirect: 'manual' })
    const back = new URL(consented.headers.get('location') ?? '')
    const done = await get(`${back.pathname}${back.search}`, `${app.adminCookie}; ${stateCookie}`)
    expect(done.header('location')).toBe('/settings/integrations/paymentprovider/success')
    const status = await get('/settings/integrations/paymentprovider/success', app.adminCookie)
    expect(status.body).toContain('Payment Provider - Stripe Integrated successfully')
    expect(status.body).toContain('Demo Yoga Studio')
    // The account id is no secret, but the platform's keys never reach a page.
    expect(status.body).not.toContain(stripe.secretKey)
    expect((await get('/merchandise/details/organic-cotton-yoga-mat')).body).toContain('data-buy-form')
  })

  it('a visitor pays on the hosted page; the webhook gives the order once, however often it comes', async () => {
    const before = await matStock()
    const { invoiceGuid, sessionId, payUrl } = await buyMat()
    const pending = await invoice(invoiceGuid)
    expect(pending.status).toBe('pending')
    // Nothing is given before the payment.
    expect(await matStock()).toBe(before)
    const session = stripe.sessions().find((candidate) => candidate.id === sessionId)
    expect(session?.amount_total).toBe(Number(pending.total_minor))
    expect(session?.success_url).toBe(`http://${app.host}/checkout/orders/${invoiceGuid}?session_id={CHECKOUT_SESSION_ID}`)
    expect((await get(`/checkout/orders/${invoiceGuid}`)).body).toContain('Your order is waiting for its payment')

    const paid = await fetch(payUrl, { method: 'POST', redirect: 'manual' })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`http://${app.host}/checkout/orders/${invoiceGuid}?session_id=${sessionId}`)
    const delivery = stripe.deliveries.find((entry) => entry.type === 'checkout.session.completed')
    expect(delivery?.status).toBe(200)
    expect((await invoice(invoiceGuid)).status).toBe('paid')
    expect(await matStock()).toBe((before ?? 0) - 1)

    // The buyer's return and a redelivered event change nothing more; the return, after the
    // webhook settled the payment, does not ask Stripe for the session again.
    const retrievesBefore = stripe.requestCount('GET', `/v1/checkout/sessions/${sessionId}`)
    const page = await get(`/checkout/orders/${invoiceGuid}?session_id=${sessionId}`)
    expect(page.body).toContain('Thank you, your order is placed')
    expect(stripe.requestCount('GET', `/v1/checkout/sessions/${sessionId}`)).toBe(retrievesBefore)
    expect(await stripe.redeliver(delivery?.eventId ?? '')).toBe(200)
    expect(await matStock()).toBe((before ?? 0) - 1)
    const rows = await paymentRows(pending.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ status: 'paid', checkout_ref: sessionId })
    expect(rows[0]?.payment_ref).toMatch(/^pi_/)
    const receipts = await asSystem(app.platform.database, 'test: receipts', (trx) =>
      trx.selectFrom('outbound_emails').select('subject').where('tenant_id', '=', app.demo.id).where('to_address', '=', 'ines.okafor@example.test').execute(),
    )
    expect(receipts.length).toBeGreaterThanOrEqual(1)
  })

  it('when the buyer is back before the webhook, the return settles it and the late events do nothing', async () => {
    const before = await matStock()
    const { invoiceGuid, sessionId } = await buyMat()
    stripe.holdWebhooks(true)
    await stripe.pay(sessionId)
    expect((await invoice(invoiceGuid)).status).toBe('pending')
    const page = await get(`/checkout/orders/${invoiceGuid}?session_id=${sessionId}`)
    expect(page.body).toContain('Thank you, your order is placed')
    expect(stripe.requestCount('GET', `/v1/checkout/sessions/${sessionId}`)).toBe(1)
    stripe.holdWebhooks(false)
    await stripe.releaseHeld('reverse')
    expect((await invoice(invoiceGuid)).status).toBe('paid')
    expect(await matStock()).toBe((before ?? 0) - 1)
  })

  it('Pay again on a pending order opens the same session; a forged session id settles nothing', async () => {
    const { invoiceGuid, sessionId } = await buyMat()
    const again = await post(`/checkout/orders/${invoiceGuid}`, '')
    expect(again.status).toBe(303)
    expect(again.header('location')).toBe(`${stripe.url}/pay/${sessionId}`)
    expect(stripe.sessions().filter((session) => session.metadata.invoiceGuid === invoiceGuid)).toHaveLength(1)
    const other = await buyMat()
    await stripe.pay(other.sessionId)
    // Another order's paid session, named in this order's address, does not pay this one.
    await get(`/checkout/orders/${invoiceGuid}?session_id=${other.sessionId}`)
    expect((await invoice(invoiceGuid)).status).toBe('pending')
  })

  it('Pay after paying, before the webhook, shows the paid order and opens no second session', async () => {
    const { invoiceGuid, sessionId } = await buyMat()
    stripe.holdWebhooks(true)
    await stripe.pay(sessionId)
    const again = await post(`/checkout/orders/${invoiceGuid}`, '')
    expect(again.status).toBe(303)
    expect(again.header('location')).toBe(`http://${app.host}/checkout/orders/${invoiceGuid}`)
    expect((await invoice(invoiceGuid)).status).toBe('paid')
    expect(stripe.sessions().filter((session) => session.metadata.invoiceGuid === invoiceGuid)).toHaveLength(1)
    stripe.holdWebhooks(false)
    await stripe.releaseHeld()
    expect(stripe.refunds()).toHaveLength(0)
  })

  it('staff take part of an order by hand: the session asking the old total is given back, and Pay asks the balance', async () => {
    const { invoiceGuid, sessionId } = await buyMat()
    const pending = await invoice(invoiceGuid)
    const recorded = await post(`/invoices/${invoiceGuid}`, form({ intent: 'record-payment', method: 'cash', amount: '5.00' }), app.adminCookie)
    expect(recorded.status).toBe(302)
    // The buyer pays the session opened before: more than is owed now, so it is refunded and the order still waits.
    await stripe.pay(sessionId)
    expect((await invoice(invoiceGuid)).status).toBe('pending')
    expect(stripe.refunds().some((refund) => refund.amount === Number(pending.total_minor))).toBe(true)
    const again = await post(`/checkout/orders/${invoiceGuid}`, '')
    expect(again.status).toBe(303)
    const balanceSession = (again.header('location') ?? '').slice(`${stripe.url}/pay/`.length)
    expect(balanceSession).not.toBe(sessionId)
    expect(stripe.sessions().find((session) => session.id === balanceSession)?.amount_total).toBe(Number(pending.total_minor) - 500)
    await stripe.pay(balanceSession)
    expect((await invoice(invoiceGuid)).status).toBe('paid')
    const ledger = await asSystem(app.platform.database, 'test: ledger', (trx) =>
      trx.selectFrom('invoice_payments').select(['method', 'amount_minor', 'provider']).where('invoice_id', '=', pending.id).orderBy('paid_at').execute(),
    )
    expect(ledger.map((row) => [row.method, Number(row.amount_minor), row.provider])).toEqual([
      ['cash', 500, null],
      ['card', Number(pending.total_minor) - 500, 'STRIPE'],
    ])
  })

  it('Pay on an order address that names nothing is a 404', async () => {
    expect((await post('/checkout/orders/not-an-order', '')).status).toBe(404)
    expect((await post('/checkout/orders/00000000-0000-4000-8000-000000000000', '')).status).toBe(404)
  })

  it('refuses an event whose signature does not match', async () => {
    const body = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: {} } })
    const answer = await request(app.port, '/webhooks/stripe', { host: app.host, method: 'POST', body, headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' } })
    expect(answer.status).toBe(400)
  })

  it('when the last one sold while the buyer paid, the payment is refunded and the order says so', async () => {
    await setMatStock(1)
    const { invoiceGuid, sessionId } = await buyMat()
    const refundsBefore = stripe.refunds().length
    await setMatStock(0)
    await stripe.pay(sessionId)
    const voided = await invoice(invoiceGuid)
    expect(voided.status).toBe('void')
    const [payment] = await paymentRows(voided.id)
    expect(payment?.status).toBe('refunded')
    expect(stripe.refunds()).toHaveLength(refundsBefore + 1)
    expect((await get(`/checkout/orders/${invoiceGuid}`)).body).toContain('We could not complete your order')
    expect(await matStock()).toBe(0)
  })

  it('after Disconnect checkout stops offering cards; Reconnect brings them back', async () => {
    await setMatStock(5)
    const off = await post('/settings/integrations/paymentprovider', form({ intent: 'disconnect' }), app.adminCookie)
    expect(off.status).toBe(302)
    expect((await get('/merchandise/details/organic-cotton-yoga-mat')).body).not.toContain('data-buy-form')
    await post('/settings/integrations/paymentprovider', form({ intent: 'reconnect' }), app.adminCookie)
    expect((await get('/merchandise/details/organic-cotton-yoga-mat')).body).toContain('data-buy-form')
  })
})
