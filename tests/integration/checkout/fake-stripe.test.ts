import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import Stripe from 'stripe'
import { PLATFORM_ACCOUNT, startFakeStripe, type FakeStripe } from '#tests/fakes/stripe'

const STUDIO = 'acct_lotus_studio'
const OTHER = 'acct_other_studio'
const REDIRECT = 'https://platform.test/settings/payments/stripe/callback'

/** A webhook endpoint that accepts only what verifies, as the product's will. */
interface Receiver {
  url: string
  events: Stripe.Event[]
  rejected: number
  answerWith: number
  close(): Promise<void>
}

async function startReceiver(secret: () => string, stripe: () => Stripe): Promise<Receiver> {
  const receiver: Omit<Receiver, 'url' | 'close'> = { events: [], rejected: 0, answerWith: 200 }
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      try {
        const event = stripe().webhooks.constructEvent(Buffer.concat(chunks), String(req.headers['stripe-signature']), secret())
        receiver.events.push(event)
        res.writeHead(receiver.answerWith).end()
      } catch {
        receiver.rejected += 1
        res.writeHead(400).end()
      }
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${port}/webhooks/stripe`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  })
}

/** The Checkout Session an event carries; the test fails on any other kind of event. */
function sessionOf(event: Stripe.Event): Stripe.Checkout.Session {
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.expired') throw new Error(`unexpected ${event.type}`)
  return event.data.object
}

function sessionParams(invoiceGuid: string, changes: Partial<Stripe.Checkout.SessionCreateParams> = {}): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: [
      { price_data: { currency: 'usd', unit_amount: 1500, product_data: { name: 'Vinyasa drop-in' } }, quantity: 2 },
      { price_data: { currency: 'usd', unit_amount: 1000, product_data: { name: 'Mat rental' } }, quantity: 1 },
    ],
    success_url: 'https://lotus.platform.test/checkout/done?session={CHECKOUT_SESSION_ID}',
    cancel_url: 'https://lotus.platform.test/checkout',
    client_reference_id: invoiceGuid,
    customer_email: 'maya@example.test',
    metadata: { invoiceGuid },
    payment_intent_data: { application_fee_amount: 120, metadata: { invoiceGuid } },
    ...changes,
  }
}

/** The error a call was refused with; fails when it succeeded. */
async function refusal(call: Promise<unknown>): Promise<InstanceType<typeof Stripe.errors.StripeError>> {
  try {
    await call
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) return error
    throw error
  }
  throw new Error('expected the fake to refuse the call')
}

describe('fake Stripe through the real SDK', () => {
  let fake: FakeStripe
  let stripe: Stripe
  let receiver: Receiver

  beforeAll(async () => {
    fake = await startFakeStripe()
    // No retries: every count below is of requests the test itself made.
    stripe = new Stripe(fake.secretKey, { host: fake.host, port: fake.port, protocol: fake.protocol, maxNetworkRetries: 0 })
    receiver = await startReceiver(
      () => fake.webhookSecret,
      () => stripe,
    )
    fake.setWebhookUrl(receiver.url)
    fake.addAccount(OTHER, { businessName: 'Other Studio' })
  })
  afterAll(async () => {
    await fake.close()
    await receiver.close()
  })

  const consent = (params: Record<string, string>) =>
    fetch(`${fake.url}/oauth/authorize?${new URLSearchParams({ response_type: 'code', client_id: fake.clientId, scope: 'read_write', redirect_uri: REDIRECT, ...params })}`, {
      redirect: 'manual',
    })
  const exchange = (code: string, secret = fake.secretKey) =>
    fetch(`${fake.url}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code, client_secret: secret }),
    })
  const paidSession = async (invoiceGuid: string) => {
    const session = await stripe.checkout.sessions.create(sessionParams(invoiceGuid), { stripeAccount: STUDIO })
    await fake.pay(session.id)
    return stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: STUDIO })
  }

  it('connects a studio through OAuth consent and token exchange', async () => {
    fake.connectAs(STUDIO, { email: 'owner@lotus.test', businessName: 'Lotus Studio' })
    const consented = await consent({ state: 'state-1' })
    expect(consented.status).toBe(302)
    const back = new URL(consented.headers.get('location') ?? '')
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT)
    expect(back.searchParams.get('state')).toBe('state-1')
    const code = back.searchParams.get('code') ?? ''
    expect(code).toMatch(/^ac_/)

    expect((await exchange(code, 'sk_test_wrong')).status).toBe(401)
    const granted = await exchange(code)
    expect(granted.status).toBe(200)
    expect(await granted.json()).toMatchObject({ token_type: 'bearer', scope: 'read_write', livemode: false, stripe_user_id: STUDIO, stripe_publishable_key: expect.stringMatching(/^pk_test_/) })

    const reused = await exchange(code)
    expect(reused.status).toBe(400)
    expect(await reused.json()).toEqual({ error: 'invalid_grant', error_description: `Authorization code does not exist: ${code}` })

    const account = await stripe.accounts.retrieve(STUDIO)
    expect(account).toMatchObject({ id: STUDIO, charges_enabled: true, details_submitted: true, email: 'owner@lotus.test', business_profile: { name: 'Lotus Studio' } })
    const unknown = await refusal(stripe.accounts.retrieve('acct_nobody'))
    expect(unknown).toMatchObject({ statusCode: 404, code: 'resource_missing' })
  })

  it('refuses a wrong client or redirect and reports a denied consent', async () => {
    expect((await consent({ client_id: 'ca_someone_else' })).status).toBe(400)
    expect((await consent({ redirect_uri: '' })).status).toBe(400)

    fake.denyNextConsent()
    const denied = new URL((await consent({ state: 'state-2' })).headers.get('location') ?? '')
    expect(denied.searchParams.get('error')).toBe('access_denied')
    expect(denied.searchParams.get('error_description')).toBeTruthy()
    expect(denied.searchParams.get('state')).toBe('state-2')
    expect(denied.searchParams.has('code')).toBe(false)

    const next = new URL((await consent({ state: 'state-3' })).headers.get('location') ?? '')
    expect(next.searchParams.get('code')).toMatch(/^ac_/)
  })

  it('creates one session per idempotency key, visible only to the account that created it', async () => {
    const before = fake.requestCount('POST', '/v1/checkout/sessions')
    const first = await stripe.checkout.sessions.create(sessionParams('inv-1'), { stripeAccount: STUDIO, idempotencyKey: 'checkout-inv-1' })
    const again = await stripe.checkout.sessions.create(sessionParams('inv-1'), { stripeAccount: STUDIO, idempotencyKey: 'checkout-inv-1' })
    expect(again.id).toBe(first.id)
    expect(fake.requestCount('POST', '/v1/checkout/sessions')).toBe(before + 2)
    expect(fake.sessions().filter((session) => session.client_reference_id === 'inv-1')).toHaveLength(1)

    expect(first).toMatchObject({
      id: expect.stringMatching(/^cs_test_/),
      object: 'checkout.session',
      url: `${fake.url}/pay/${first.id}`,
      amount_total: 4000,
      amount_subtotal: 4000,
      currency: 'usd',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      metadata: { invoiceGuid: 'inv-1' },
      customer_email: 'maya@example.test',
      livemode: false,
    })
    expect(first.expires_at).toBeGreaterThan(first.created)
    const kept = fake.sessions().find((session) => session.id === first.id)
    expect(kept).toMatchObject({ account: STUDIO, payment_intent_data: { application_fee_amount: 120, metadata: { invoiceGuid: 'inv-1' } } })
    expect(kept?.line_items.map((item) => [item.name, item.quantity])).toEqual([
      ['Vinyasa drop-in', 2],
      ['Mat rental', 1],
    ])

    const changed = await refusal(stripe.checkout.sessions.create(sessionParams('inv-2'), { stripeAccount: STUDIO, idempotencyKey: 'checkout-inv-1' }))
    expect(changed).toBeInstanceOf(Stripe.errors.StripeIdempotencyError)
    expect(changed.statusCode).toBe(400)

    expect((await stripe.checkout.sessions.retrieve(first.id, {}, { stripeAccount: STUDIO })).id).toBe(first.id)
    const elsewhere = await refusal(stripe.checkout.sessions.retrieve(first.id, {}, { stripeAccount: OTHER }))
    expect(elsewhere).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError)
    expect(elsewhere).toMatchObject({ statusCode: 404, code: 'resource_missing' })
    expect(await refusal(stripe.checkout.sessions.retrieve(first.id))).toMatchObject({ statusCode: 404 })
  })

  it('refuses the sessions Stripe would refuse, naming the parameter', async () => {
    const create = (params: Stripe.Checkout.SessionCreateParams, stripeAccount: string = STUDIO) => refusal(stripe.checkout.sessions.create(params, { stripeAccount }))
    const one = (priceData: Partial<{ currency: string; unit_amount: number }>, quantity = 1): Stripe.Checkout.SessionCreateParams.LineItem => ({
      price_data: { currency: 'usd', unit_amount: 2000, product_data: { name: 'Class' }, ...priceData },
      quantity,
    })

    expect(await create(sessionParams('bad', { line_items: [] }))).toMatchObject({ statusCode: 400, param: 'line_items' })
    expect(await create(sessionParams('bad', { line_items: [one({ unit_amount: -5 })] }))).toMatchObject({ param: 'line_items[0][price_data][unit_amount]' })
    expect(await create(sessionParams('bad', { line_items: [one({ unit_amount: 12.5 })] }))).toMatchObject({ param: 'line_items[0][price_data][unit_amount]' })
    expect(await create(sessionParams('bad', { line_items: [one({}, 0)] }))).toMatchObject({ param: 'line_items[0][quantity]' })
    expect(await create(sessionParams('bad', { line_items: [one({}), one({ currency: 'eur' })] }))).toMatchObject({ param: 'line_items' })
    expect(await create(sessionParams('bad', { success_url: undefined }))).toMatchObject({ param: 'success_url' })
    expect(await create(sessionParams('bad', { cancel_url: undefined }))).toMatchObject({ param: 'cancel_url' })
    const typo = { ...sessionParams('bad'), metdata: { invoiceGuid: 'bad' } }
    expect(await create(typo)).toMatchObject({ statusCode: 400, param: 'metdata' })

    // Without the Stripe-Account header the session is the platform's own sale (studio plans), not refused.
    const platformOwn = await stripe.checkout.sessions.create(sessionParams('platform-own'))
    expect(fake.sessions().find((session) => session.id === platformOwn.id)?.account).toBe(PLATFORM_ACCOUNT)
    expect(await create(sessionParams('bad'), 'acct_never_connected')).toMatchObject({ statusCode: 400, code: 'account_invalid' })
    expect(fake.sessions().filter((session) => session.client_reference_id === 'bad')).toHaveLength(0)
  })

  it('takes the payment on the hosted page and sends a signed checkout.session.completed', async () => {
    const session = await stripe.checkout.sessions.create(sessionParams('inv-hosted'), { stripeAccount: STUDIO })
    const shown = await fetch(session.url ?? '')
    expect(shown.status).toBe(200)
    const html = await shown.text()
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('<main>')
    expect(html).toContain('<h1>Pay Lotus Studio</h1>')
    expect(html).toContain('$40.00')
    expect(html).toContain('Vinyasa drop-in × 2')
    expect(html).toContain(`<form method="post" action="/pay/${session.id}">`)
    expect(html).toContain('<button type="submit">Pay</button>')
    expect(html).toContain('<a href="https://lotus.platform.test/checkout">Back</a>')

    const seen = receiver.events.length
    const paid = await fetch(session.url ?? '', { method: 'POST', redirect: 'manual' })
    expect(paid.status).toBe(303)
    expect(paid.headers.get('location')).toBe(`https://lotus.platform.test/checkout/done?session=${session.id}`)

    // Delivered before the redirect: no waiting needed.
    expect(receiver.rejected).toBe(0)
    const [event] = receiver.events.slice(seen)
    expect(event).toMatchObject({ type: 'checkout.session.completed', account: STUDIO, livemode: false })
    expect(sessionOf(event)).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid', metadata: { invoiceGuid: 'inv-hosted' } })

    const after = await stripe.checkout.sessions.retrieve(session.id, {}, { stripeAccount: STUDIO })
    expect(after).toMatchObject({ status: 'complete', payment_status: 'paid', payment_intent: expect.stringMatching(/^pi_/), url: null })
    expect(sessionOf(event).payment_intent).toBe(after.payment_intent)

    const closed = await fetch(`${fake.url}/pay/${session.id}`)
    expect(closed.status).toBe(410)
    expect(await closed.text()).toContain('no longer open')
    expect((await fetch(`${fake.url}/pay/cs_test_nothing`)).status).toBe(404)
  })

  it('holds events and releases them in reverse order', async () => {
    const first = await stripe.checkout.sessions.create(sessionParams('inv-held-1'), { stripeAccount: STUDIO })
    const second = await stripe.checkout.sessions.create(sessionParams('inv-held-2'), { stripeAccount: STUDIO })
    const seen = receiver.events.length
    fake.holdWebhooks(true)
    try {
      await fake.pay(first.id)
      await fake.pay(second.id)
      expect(fake.heldEvents().map((event) => event.data.object.id)).toEqual([first.id, second.id])
      expect(receiver.events).toHaveLength(seen)

      await fake.releaseHeld('reverse')
    } finally {
      fake.holdWebhooks(false)
    }
    expect(receiver.events.slice(seen).map((event) => sessionOf(event).id)).toEqual([second.id, first.id])
    expect(fake.heldEvents()).toHaveLength(0)
  })

  it('redelivers an event with the same id and a fresh signature, and records failed deliveries', async () => {
    const session = await paidSession('inv-again')
    const original = fake.events().find((event) => event.data.object.id === session.id)
    if (!original) throw new Error('no event for the paid session')

    expect(await fake.redeliver(original.id)).toBe(200)
    expect(receiver.events.filter((event) => event.id === original.id)).toHaveLength(2)
    expect(fake.deliveries.filter((delivery) => delivery.eventId === original.id)).toEqual([
      { eventId: original.id, type: 'checkout.session.completed', status: 200 },
      { eventId: original.id, type: 'checkout.session.completed', status: 200 },
    ])

    receiver.answerWith = 500
    try {
      const failing = await stripe.checkout.sessions.create(sessionParams('inv-failing'), { stripeAccount: STUDIO })
      const paid = await fetch(failing.url ?? '', { method: 'POST', redirect: 'manual' })
      expect(paid.status).toBe(303)
      expect(fake.deliveries.at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 500 })
    } finally {
      receiver.answerWith = 200
    }
  })

  it('expires an open session through the API and refuses to expire a paid one', async () => {
    const open = await stripe.checkout.sessions.create(sessionParams('inv-expire'), { stripeAccount: STUDIO })
    const expired = await stripe.checkout.sessions.expire(open.id, {}, { stripeAccount: STUDIO })
    expect(expired).toMatchObject({ id: open.id, status: 'expired', url: null })
    await fake.idle()
    expect(receiver.events.at(-1)).toMatchObject({ type: 'checkout.session.expired', account: STUDIO })

    const paid = await paidSession('inv-expire-paid')
    expect(await refusal(stripe.checkout.sessions.expire(paid.id, {}, { stripeAccount: STUDIO }))).toMatchObject({ statusCode: 400 })
    expect(await refusal(stripe.checkout.sessions.expire(open.id, {}, { stripeAccount: OTHER }))).toMatchObject({ statusCode: 404 })
  })

  it('refunds once per idempotency key and never more than was paid', async () => {
    const session = await paidSession('inv-refund')
    const paymentIntent = String(session.payment_intent)
    const first = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 1000 }, { stripeAccount: STUDIO, idempotencyKey: 'refund-inv-refund-1' })
    const again = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 1000 }, { stripeAccount: STUDIO, idempotencyKey: 'refund-inv-refund-1' })
    expect(again.id).toBe(first.id)
    expect(first).toMatchObject({ id: expect.stringMatching(/^re_/), object: 'refund', status: 'succeeded', amount: 1000, currency: 'usd', payment_intent: paymentIntent })
    expect(fake.refunds().filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(1)

    expect(await refusal(stripe.refunds.create({ payment_intent: paymentIntent, amount: 5000 }, { stripeAccount: STUDIO }))).toMatchObject({ statusCode: 400, param: 'amount' })
    const rest = await stripe.refunds.create({ payment_intent: paymentIntent }, { stripeAccount: STUDIO, idempotencyKey: 'refund-inv-refund-2' })
    expect(rest.amount).toBe(3000)
    expect(await refusal(stripe.refunds.create({ payment_intent: paymentIntent }, { stripeAccount: STUDIO }))).toMatchObject({ statusCode: 400, code: 'charge_already_refunded' })

    expect(await refusal(stripe.refunds.create({ payment_intent: paymentIntent }, { stripeAccount: OTHER }))).toMatchObject({ statusCode: 400, code: 'resource_missing' })
    expect(await refusal(stripe.refunds.create({ payment_intent: 'pi_nothing' }, { stripeAccount: STUDIO }))).toMatchObject({ statusCode: 400, code: 'resource_missing' })
    expect(fake.refunds().filter((refund) => refund.payment_intent === paymentIntent)).toHaveLength(2)
  })

  it('refuses a wrong API key', async () => {
    const stranger = new Stripe('sk_test_someone_else', { host: fake.host, port: fake.port, protocol: fake.protocol, maxNetworkRetries: 0 })
    const refused = await refusal(stranger.accounts.retrieve(STUDIO))
    expect(refused).toBeInstanceOf(Stripe.errors.StripeAuthenticationError)
    expect(refused.statusCode).toBe(401)
  })
})
