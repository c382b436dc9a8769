import { createServer } from 'node:net'
import Stripe from 'stripe'
import type { LedgerMethod } from '#db/tables/checkout'
import { asSystem, withTenant } from '#db/tenant-scope'
import { REFUND_MESSAGES, refundOverLeft } from '#server/invoices/refund-invoice-payment'
import { saveStripeAccount } from '#server/payments/stripe-account'
import type { Tenant } from '#server/tenancy/tenant'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import { form, textOf, toastOf } from '#tests/integration/http/answers'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { request } from '#tests/integration/http/http-client'
import { createContact, createTenant } from '#tests/support/fixtures'
import { createSessionCookie } from '#tests/support/sessions'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const ACCOUNT = 'acct_demo_studio'
const CARD = { number: '4242424242424242', exp_month: '12', exp_year: String(new Date().getUTCFullYear() + 3), cvc: '123' }

type Contact = Awaited<ReturnType<typeof createContact>>

describe(`refunds of invoice payments (${engine})`, () => {
  let app: DemoHttpApp
  let stripe: FakeStripe
  let buyer: Contact
  let studentCookie = ''
  let elsewhere: Tenant
  let elsewhereAdminCookie = ''
  let nextNumber = 90_000

  const get = (path: string, cookie: string | null, host = app.host) => request(app.port, path, { host, headers: cookie ? { cookie } : {} })
  const post = (path: string, fields: Record<string, string>, cookie: string | null, host = app.host) =>
    request(app.port, path, {
      host,
      method: 'POST',
      body: form(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: `http://${host}`, ...(cookie ? { cookie } : {}) },
    })
  const refundPath = (invoice: { guid: string; paymentGuid: string }) => `/invoices/${invoice.guid}/refund?payment=${invoice.paymentGuid}`
  /** The refund form as the page posts it: the payment, what it had given back when shown, and the staff's choices. */
  const refund = (invoice: { guid: string; paymentGuid: string }, fields: { amount: string; refundedBefore?: string; reason?: string; destination?: string }, cookie = app.adminCookie) =>
    post(
      refundPath(invoice),
      { payment: invoice.paymentGuid, refundedBefore: fields.refundedBefore ?? '0', amount: fields.amount, reason: fields.reason ?? '', destination: fields.destination ?? 'money' },
      cookie,
    )

  /** A PaymentIntent the fake Stripe took on the studio's account: created with the secret key, confirmed as Stripe.js would. */
  const paidIntent = async (amountMinor: number): Promise<string> => {
    const created = await fetch(`${stripe.url}/v1/payment_intents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stripe.secretKey}`, 'stripe-account': ACCOUNT, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ amount: String(amountMinor), currency: 'usd' }),
    })
    const intent = (await created.json()) as { id: string; client_secret: string }
    const confirmed = await fetch(`${stripe.url}/v1/payment_intents/${intent.id}/confirm`, {
      method: 'POST',
      body: new URLSearchParams({
        key: stripe.publishableKey,
        client_secret: intent.client_secret,
        _stripe_account: ACCOUNT,
        'payment_method_data[type]': 'card',
        'payment_method_data[card][number]': CARD.number,
        'payment_method_data[card][exp_month]': CARD.exp_month,
        'payment_method_data[card][exp_year]': CARD.exp_year,
        'payment_method_data[card][cvc]': CARD.cvc,
      }),
    })
    expect(((await confirmed.json()) as { status?: string }).status).toBe('succeeded')
    await stripe.idle()
    return intent.id
  }

  /**
   * A paid invoice of `buyer` with one payment, written as the database requires it: balance =
   * total - paid, paid_at set while paid; a card payment names its Stripe attempt.
   */
  const paidInvoice = async (input: { method: LedgerMethod; amountMinor: number; intentId?: string; contact?: Contact }) => {
    nextNumber += 1
    const contact = input.contact ?? buyer
    const now = new Date()
    return withTenant(app.platform.database, app.demo.id, async (trx) => {
      const invoice = await trx
        .insertInto('invoices')
        .values({
          tenant_id: app.demo.id,
          number: nextNumber,
          contact_id: contact.id,
          status: 'paid',
          source: 'staff',
          payment_method: input.method,
          currency: 'USD',
          subtotal_minor: input.amountMinor,
          total_minor: input.amountMinor,
          paid_minor: input.amountMinor,
          balance_minor: 0,
          first_name: contact.first_name,
          last_name: contact.last_name,
          email: contact.email ?? 'buyer@refunds.test',
          paid_at: now,
        })
        .returning(['id', 'guid'])
        .executeTakeFirstOrThrow()
      const attempt = input.intentId
        ? await trx
            .insertInto('payments')
            .values({
              tenant_id: app.demo.id,
              invoice_id: invoice.id,
              provider: 'STRIPE',
              account_id: ACCOUNT,
              checkout_ref: input.intentId,
              payment_ref: input.intentId,
              amount_minor: input.amountMinor,
              currency: 'USD',
              status: 'paid',
              paid_at: now,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        : null
      const payment = await trx
        .insertInto('invoice_payments')
        .values({
          tenant_id: app.demo.id,
          invoice_id: invoice.id,
          method: input.method,
          payment_id: attempt?.id ?? null,
          provider: attempt ? 'STRIPE' : null,
          amount_minor: input.amountMinor,
          currency: 'USD',
          paid_at: now,
        })
        .returning('guid')
        .executeTakeFirstOrThrow()
      return { id: invoice.id, guid: String(invoice.guid), paymentGuid: String(payment.guid) }
    })
  }

  /** What the database holds of an invoice, its one payment and its refunds. */
  const stateOf = (invoice: { id: string }) =>
    asSystem(app.platform.database, 'test: refund state', async (trx) => {
      const row = await trx.selectFrom('invoices').select(['status', 'paid_minor', 'refunded_minor', 'balance_minor', 'paid_at']).where('id', '=', invoice.id).executeTakeFirstOrThrow()
      const ledger = await trx.selectFrom('invoice_payments').select(['id', 'refunded_minor']).where('invoice_id', '=', invoice.id).executeTakeFirstOrThrow()
      const refunds = await trx
        .selectFrom('invoice_refunds')
        .select(['amount_minor', 'refund_ref', 'reason', 'recorded_by'])
        .where('invoice_payment_id', '=', ledger.id)
        .orderBy('created_at')
        .execute()
      return {
        status: row.status,
        paid: Number(row.paid_minor),
        refunded: Number(row.refunded_minor),
        balance: Number(row.balance_minor),
        isPaidAtKept: row.paid_at !== null,
        paymentRefunded: Number(ledger.refunded_minor),
        refunds: refunds.map((each) => ({ amount: Number(each.amount_minor), refundRef: each.refund_ref, reason: each.reason, recordedBy: each.recorded_by })),
      }
    })
  const balanceOf = (contact: Contact) =>
    asSystem(app.platform.database, 'test: account balance', (trx) => trx.selectFrom('contacts').select('balance_minor').where('id', '=', contact.id).executeTakeFirstOrThrow()).then((row) =>
      Number(row.balance_minor),
    )
  const stripeRefundsOf = (intentId: string) => stripe.refunds().filter((each) => each.payment_intent === intentId)

  beforeAll(async () => {
    stripe = await startFakeStripe()
    app = await startDemoHttpApp({ env: stripeEnvFor(stripe) })
    stripe.addAccount(ACCOUNT, { businessName: 'Demo Yoga Studio' })
    await saveStripeAccount(app.platform, app.demo.id, { accountId: ACCOUNT, accountName: 'Demo Yoga Studio' }, new Date())
    buyer = await createContact(app.platform, app.demo, { role: 'ROLE_STUDENT', email: 'rafa.buyer@refunds.test', firstName: 'Rafa', lastName: 'Buyer' })
    const student = await asSystem(app.platform.database, 'test: the demo student', (trx) =>
      trx.selectFrom('contacts').select('id').where('tenant_id', '=', app.demo.id).where('email', '=', 'student@demo.test').executeTakeFirstOrThrow(),
    )
    studentCookie = await createSessionCookie(app.platform, app.demo, student)
    elsewhere = await createTenant(app.platform, { orgId: 'refunds-elsewhere', name: 'Elsewhere Studio' })
    const elsewhereAdmin = await createContact(app.platform, elsewhere, { role: 'ROLE_ADMIN', email: 'admin@refunds-elsewhere.test' })
    elsewhereAdminCookie = await createSessionCookie(app.platform, elsewhere, elsewhereAdmin)
  }, 300_000)

  afterAll(async () => {
    await app?.close()
    await stripe?.close()
  })

  it('shows a cash payment with all of it offered, and a full refund makes the invoice refunded with its balance and paid amount kept', async () => {
    const invoice = await paidInvoice({ method: 'cash', amountMinor: 5000 })
    const page = await get(refundPath(invoice), app.adminCookie)
    expect(page.status).toBe(200)
    const shown = textOf(page.body)
    for (const expected of ['Refund a payment', 'Cash', '$50.00', 'Refunded so far', '$0.00', 'Give the money back', 'As account credit', 'what the invoice gave'])
      expect(shown, expected).toContain(expected)
    expect(page.body).toMatch(/name="amount"[^>]*value="50.00"/)
    expect(page.body).toContain('name="refundedBefore" value="0"')

    const refunded = await refund(invoice, { amount: '50.00', reason: 'Class cancelled' })
    expect(refunded.status).toBe(302)
    expect(refunded.header('location')).toBe(`/invoices/${invoice.guid}`)
    expect(toastOf(refunded)).toBe(REFUND_MESSAGES.recorded)
    expect(await stateOf(invoice)).toEqual({
      status: 'refunded',
      paid: 5000,
      refunded: 5000,
      balance: 0,
      isPaidAtKept: true,
      paymentRefunded: 5000,
      refunds: [{ amount: 5000, refundRef: null, reason: 'Class cancelled', recordedBy: app.adminId }],
    })
    // Money handed back at the desk leaves the account alone.
    expect(await balanceOf(buyer)).toBe(0)
    const list = textOf((await get(`/invoices/${invoice.guid}/refund`, app.adminCookie)).body)
    expect(list).toContain('Given back in full')
    const again = textOf((await get(refundPath(invoice), app.adminCookie)).body)
    expect(again).toContain(REFUND_MESSAGES.nothingLeft)
    expect(again).toContain('Class cancelled')
  })

  it('gives part of a card payment back through Stripe with its amount and a key naming the refund: the invoice stays paid', async () => {
    const intentId = await paidIntent(8000)
    const invoice = await paidInvoice({ method: 'card', amountMinor: 8000, intentId })
    expect(textOf((await get(refundPath(invoice), app.adminCookie)).body)).toContain('Back to the card (Stripe)')

    const part = await refund(invoice, { amount: '30.00', reason: 'Missed two classes' })
    expect(part.status).toBe(302)
    expect(toastOf(part)).toBe(REFUND_MESSAGES.recorded)
    const [given] = stripeRefundsOf(intentId)
    expect(stripeRefundsOf(intentId)).toHaveLength(1)
    expect(given).toMatchObject({ amount: 3000, currency: 'usd', account: ACCOUNT, status: 'succeeded' })
    const call = stripe.requests().find((each) => each.method === 'POST' && each.path === '/v1/refunds' && each.idempotencyKey?.startsWith(`refund-${invoice.paymentGuid}-`))
    expect(call?.idempotencyKey).toBe(`refund-${invoice.paymentGuid}-0-3000`)
    expect(call?.account).toBe(ACCOUNT)
    expect(await stateOf(invoice)).toMatchObject({
      status: 'paid',
      paid: 8000,
      refunded: 3000,
      balance: 0,
      paymentRefunded: 3000,
      refunds: [{ amount: 3000, refundRef: given?.id, reason: 'Missed two classes', recordedBy: app.adminId }],
    })

    // The rest: what Stripe took is now all given back, and the invoice is refunded.
    const rest = await refund(invoice, { amount: '50', refundedBefore: '3000' })
    expect(rest.status).toBe(302)
    expect(stripeRefundsOf(intentId).map((each) => each.amount)).toEqual([3000, 5000])
    expect(await stateOf(invoice)).toMatchObject({ status: 'refunded', refunded: 8000, paymentRefunded: 8000 })
  })

  it('refuses an amount over what is left, an empty or zero amount, and a bad form in words, writing nothing', async () => {
    const intentId = await paidIntent(2000)
    const invoice = await paidInvoice({ method: 'card', amountMinor: 2000, intentId })
    const before = await stateOf(invoice)

    const over = await refund(invoice, { amount: '25.00', reason: 'Too much' })
    expect(over.status).toBe(400)
    const message = refundOverLeft('$20.00')
    expect(message).toBe('The refund is more than the $20.00 left to give back of this payment.')
    expect(textOf(over.body)).toContain(message)
    // The form comes back with what was typed.
    expect(over.body).toMatch(/name="amount"[^>]*value="25.00"/)
    expect(over.body).toMatch(/name="reason"[^>]*value="Too much"/)

    const empty = await refund(invoice, { amount: ' ' })
    expect(empty.status).toBe(400)
    expect(textOf(empty.body)).toContain(REFUND_MESSAGES.amountRequired)
    const zero = await refund(invoice, { amount: '0.00' })
    expect(textOf(zero.body)).toContain(REFUND_MESSAGES.amountZero)
    const words = await refund(invoice, { amount: 'ten dollars' })
    expect(textOf(words.body)).toContain(REFUND_MESSAGES.amountInvalid)
    const long = await refund(invoice, { amount: '5', reason: 'x'.repeat(256) })
    expect(textOf(long.body)).toContain(REFUND_MESSAGES.reasonTooLong)
    const stale = await post(refundPath(invoice), { payment: invoice.paymentGuid, amount: '5' }, app.adminCookie)
    expect(stale.status).toBe(400)
    expect(textOf(stale.body)).toContain(REFUND_MESSAGES.formOutOfDate)

    expect(await stateOf(invoice)).toEqual(before)
    expect(stripeRefundsOf(intentId)).toHaveLength(0)
  })

  it('gives an account payment back to the account, and any payment as account credit when staff choose it, without calling Stripe', async () => {
    const member = await createContact(app.platform, app.demo, { role: 'ROLE_STUDENT', email: 'ada.member@refunds.test', firstName: 'Ada', lastName: 'Member' })
    const fromAccount = await paidInvoice({ method: 'account', amountMinor: 4000, contact: member })
    const accountPage = textOf((await get(refundPath(fromAccount), app.adminCookie)).body)
    expect(accountPage).toContain('the refund goes back to it')
    expect(accountPage).not.toContain('Give the money back')
    const back = await refund(fromAccount, { amount: '15.00', reason: 'Goodwill' })
    expect(back.status).toBe(302)
    expect(toastOf(back)).toBe(REFUND_MESSAGES.recordedAsCredit)
    expect(await balanceOf(member)).toBe(1500)
    expect(await stateOf(fromAccount)).toMatchObject({ status: 'paid', refunded: 1500, refunds: [{ amount: 1500, refundRef: null, reason: 'Goodwill' }] })

    const cash = await paidInvoice({ method: 'cash', amountMinor: 3000, contact: member })
    expect((await refund(cash, { amount: '30', destination: 'credit', reason: 'Keeps it for next term' })).status).toBe(302)
    expect(await balanceOf(member)).toBe(4500)
    expect(await stateOf(cash)).toMatchObject({ status: 'refunded', refunds: [{ amount: 3000, refundRef: null, reason: 'As account credit: Keeps it for next term' }] })

    const intentId = await paidIntent(2500)
    const card = await paidInvoice({ method: 'card', amountMinor: 2500, intentId, contact: member })
    const credited = await refund(card, { amount: '10', destination: 'credit' })
    expect(toastOf(credited)).toBe(REFUND_MESSAGES.recordedAsCredit)
    expect(await balanceOf(member)).toBe(5500)
    expect(stripeRefundsOf(intentId)).toHaveLength(0)
    expect(await stateOf(card)).toMatchObject({ status: 'paid', refunded: 1000, refunds: [{ amount: 1000, refundRef: null, reason: 'As account credit' }] })
  })

  it('records nothing when Stripe refuses the refund or cannot be reached, and says why', async () => {
    // A payment Stripe does not know (made on another platform, say): Stripe's own words are shown.
    const unknown = await paidInvoice({ method: 'card', amountMinor: 1500, intentId: 'pi_unknown_to_stripe_000001' })
    const refused = await refund(unknown, { amount: '15.00' })
    expect(refused.status).toBe(409)
    expect(textOf(refused.body)).toContain("The card payment could not be refunded: No such payment_intent: 'pi_unknown_to_stripe_000001'")
    expect(await stateOf(unknown)).toMatchObject({ status: 'paid', refunded: 0, paymentRefunded: 0, refunds: [] })

    const intentId = await paidIntent(1800)
    const invoice = await paidInvoice({ method: 'card', amountMinor: 1800, intentId })
    const closedPort = await new Promise<number>((done) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as { port: number }
        probe.close(() => done(port))
      })
    })
    const stripeUrl = app.platform.env.STRIPE_API_URL
    // Stripe is down: the server's Stripe address answers nothing for this one post.
    app.platform.env.STRIPE_API_URL = `http://127.0.0.1:${closedPort}`
    let down: Awaited<ReturnType<typeof refund>> | null = null
    try {
      down = await refund(invoice, { amount: '18.00' })
    } finally {
      app.platform.env.STRIPE_API_URL = stripeUrl
    }
    expect(down?.status).toBe(503)
    expect(textOf(down?.body ?? '')).toContain('The card payment could not be refunded: Stripe could not be reached.')
    expect(await stateOf(invoice)).toMatchObject({ status: 'paid', refunded: 0, refunds: [] })
    expect(stripeRefundsOf(intentId)).toHaveLength(0)

    // Once Stripe answers again the same refund goes through, once.
    expect((await refund(invoice, { amount: '18.00' })).status).toBe(302)
    expect(stripeRefundsOf(intentId)).toHaveLength(1)
    expect(await stateOf(invoice)).toMatchObject({ status: 'refunded', refunded: 1800 })
  }, 60_000)

  it("is a 404 for another tenant's admin with the real guids, and for a payment of another invoice", async () => {
    const invoice = await paidInvoice({ method: 'cash', amountMinor: 2200 })
    const other = await paidInvoice({ method: 'cash', amountMinor: 1200 })
    const host = `refunds-elsewhere.localhost:${app.port}`
    expect((await get(refundPath(invoice), elsewhereAdminCookie, host)).status).toBe(404)
    expect((await get(`/invoices/${invoice.guid}/refund`, elsewhereAdminCookie, host)).status).toBe(404)
    const foreign = await post(refundPath(invoice), { payment: invoice.paymentGuid, refundedBefore: '0', amount: '22.00', reason: '', destination: 'money' }, elsewhereAdminCookie, host)
    expect(foreign.status).toBe(404)
    // The cross-tenant probe's small post names no payment at all.
    expect((await post(`/invoices/${invoice.guid}/refund`, { amount: '22.00' }, elsewhereAdminCookie, host)).status).toBe(404)
    expect(textOf(foreign.body)).not.toContain('$22.00')

    // On its own host: a payment of another invoice, an unknown one and a malformed one are not found either.
    const mixed = { guid: invoice.guid, paymentGuid: other.paymentGuid }
    expect((await get(refundPath(mixed), app.adminCookie)).status).toBe(404)
    expect((await refund(mixed, { amount: '12.00' })).status).toBe(404)
    expect((await get(refundPath({ guid: invoice.guid, paymentGuid: '00000000-0000-4000-8000-000000000000' }), app.adminCookie)).status).toBe(404)
    expect((await get(refundPath({ guid: invoice.guid, paymentGuid: 'not-a-guid' }), app.adminCookie)).status).toBe(404)
    expect((await get('/invoices/not-a-guid/refund', app.adminCookie)).status).toBe(404)
    expect(await stateOf(invoice)).toMatchObject({ refunded: 0, refunds: [] })
    expect(await stateOf(other)).toMatchObject({ refunded: 0, refunds: [] })
  })

  it('is closed to a student (403, as on /invoices/{guid}/edit) and a visitor (the page-not-found page), and nothing is refunded', async () => {
    const invoice = await paidInvoice({ method: 'cash', amountMinor: 2600 })
    const asStudent = await get(refundPath(invoice), studentCookie)
    expect(asStudent.status).toBe(403)
    expect(textOf(asStudent.body)).not.toContain('$26.00')
    expect((await get(`/invoices/${invoice.guid}/edit`, studentCookie)).status).toBe(403)
    expect((await refund(invoice, { amount: '26.00' }, studentCookie)).status).toBe(403)
    const asVisitor = await get(refundPath(invoice), null)
    expect(asVisitor.status).toBe(302)
    expect(asVisitor.header('location')).toBe('/404')
    const visitorPost = await refund(invoice, { amount: '26.00' }, '')
    expect(visitorPost.status).toBe(302)
    expect(visitorPost.header('location')).toBe('/404')
    expect(await stateOf(invoice)).toMatchObject({ status: 'paid', refunded: 0, refunds: [] })
  })

  it('gives back once when the same form is posted twice at once, or posted again later', async () => {
    const intentId = await paidIntent(6000)
    const invoice = await paidInvoice({ method: 'card', amountMinor: 6000, intentId })
    const [first, second] = await Promise.all([refund(invoice, { amount: '20.00' }), refund(invoice, { amount: '20.00' })])
    // Both answer as the refund did: the second post found it given and gave nothing more.
    expect([first.status, second.status]).toEqual([302, 302])
    expect([toastOf(first), toastOf(second)]).toEqual([REFUND_MESSAGES.recorded, REFUND_MESSAGES.recorded])
    expect(stripeRefundsOf(intentId).map((each) => each.amount)).toEqual([2000])
    expect(await stateOf(invoice)).toMatchObject({ status: 'paid', refunded: 2000, paymentRefunded: 2000 })
    expect((await stateOf(invoice)).refunds).toHaveLength(1)

    // The same stale form with another amount is told the payment changed, and gives nothing.
    const changed = await refund(invoice, { amount: '10.00' })
    expect(changed.status).toBe(409)
    expect(textOf(changed.body)).toContain(REFUND_MESSAGES.changedMeanwhile)
    expect(stripeRefundsOf(intentId)).toHaveLength(1)
    expect((await stateOf(invoice)).refunds).toHaveLength(1)
  })

  it("a refund Stripe reports failed days later stops counting as given back, once, and the page says so", async () => {
    const intentId = await paidIntent(3000)
    const invoice = await paidInvoice({ method: 'card', amountMinor: 3000, intentId })
    expect((await refund(invoice, { amount: '30.00' })).status).toBe(302)
    expect(await stateOf(invoice)).toMatchObject({ status: 'refunded', refunded: 3000, paymentRefunded: 3000 })
    const [given] = stripeRefundsOf(intentId)
    stripe.setWebhookUrl(`http://127.0.0.1:${app.port}/webhooks/stripe`)
    await stripe.failRefund(given?.id ?? '', 'expired_or_canceled_card')
    await stripe.idle()
    const delivery = stripe.deliveries.find((entry) => entry.type === 'refund.failed')
    expect(delivery?.status).toBe(200)
    expect(await stateOf(invoice)).toMatchObject({ status: 'paid', refunded: 0, paymentRefunded: 0, refunds: [{ amount: 3000, refundRef: given?.id }] })
    // Delivered again: nothing moves twice.
    expect(await stripe.redeliver(delivery?.eventId ?? '')).toBe(200)
    expect(await stateOf(invoice)).toMatchObject({ status: 'paid', refunded: 0, paymentRefunded: 0 })
    const page = textOf((await get(refundPath(invoice), app.adminCookie)).body)
    expect(page).toContain('expired_or_canceled_card')
    // The money is still there to give back, another way if need be.
    expect((await refund(invoice, { amount: '30.00', destination: 'credit' })).status).toBe(302)
    expect(await stateOf(invoice)).toMatchObject({ status: 'refunded', refunded: 3000, paymentRefunded: 3000 })
  })

  it('records the refund Stripe already made when a retry names it with the same key (an answer lost on the way back)', async () => {
    const intentId = await paidIntent(4000)
    const invoice = await paidInvoice({ method: 'card', amountMinor: 4000, intentId })
    // The first try reached Stripe, but its answer never came back and nothing was recorded.
    const sdk = new Stripe(stripe.secretKey, { host: '127.0.0.1', port: stripe.port, protocol: 'http' })
    const earlier = await sdk.refunds.create(
      { payment_intent: intentId, amount: 2500, metadata: { invoicePaymentGuid: invoice.paymentGuid } },
      { stripeAccount: ACCOUNT, idempotencyKey: `refund-${invoice.paymentGuid}-0-2500` },
    )
    const retried = await refund(invoice, { amount: '25.00' })
    expect(retried.status).toBe(302)
    expect(stripeRefundsOf(intentId).map((each) => each.id)).toEqual([earlier.id])
    expect(await stateOf(invoice)).toMatchObject({ status: 'paid', refunded: 2500, refunds: [{ amount: 2500, refundRef: earlier.id }] })
  })
})
