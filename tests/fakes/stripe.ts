import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import Stripe from 'stripe'
import { createIntentApi, type FakeIntent, type FakeSetupIntent, type IntentEventType, type PaymentIntentObject, type PaymentMethodObject, type CustomerObject, type SetupIntentObject } from './stripe-intents'
import { FAKE_STRIPE_JS } from './stripe-js'
import {
  absoluteUrl,
  escapeHtml,
  formatAmount,
  headerOf,
  integer,
  invalid,
  list,
  metadataOf,
  MINIMUM_CHARGE,
  missing,
  notFoundRoute,
  object,
  parseForm,
  postJson,
  readBody,
  redact,
  randomToken,
  refuseUnknown,
  Refusal,
  sendHtml,
  sendJson,
  signatureHeader,
  nowSeconds,
  text,
  type Answer,
  type FormFields,
} from './stripe-wire'

/** What a session made without a Stripe-Account header (the platform's own sale) is kept under. */
export const PLATFORM_ACCOUNT = ''

export interface FakeStripeOptions {
  secretKey?: string
  publishableKey?: string
  clientId?: string
  webhookSecret?: string
}

export interface FakeAccountDetails {
  email?: string
  businessName?: string
}

/** The Account object as GET /v1/accounts/:id answers it. */
export interface FakeAccount {
  id: string
  object: 'account'
  charges_enabled: boolean
  details_submitted: boolean
  email: string | null
  business_profile: { name: string | null }
  default_currency: string
}

export interface FakeLineItem {
  name: string
  description: string | null
  currency: string
  unit_amount: number
  quantity: number
  amount_total: number
}

/** The Checkout Session exactly as the API answers it and as events carry it. */
export interface CheckoutSessionObject {
  id: string
  object: 'checkout.session'
  /** Null once the session is no longer open, as Stripe does. */
  url: string | null
  amount_total: number
  amount_subtotal: number
  currency: string
  mode: 'payment' | 'setup'
  /** Setup mode: nothing is paid, a card is saved for the customer. */
  payment_status: 'unpaid' | 'paid' | 'no_payment_required'
  status: 'open' | 'complete' | 'expired'
  payment_intent: string | null
  /** Setup mode: the SetupIntent made when the card is saved. */
  setup_intent: string | null
  customer: string | null
  metadata: Record<string, string>
  client_reference_id: string | null
  customer_email: string | null
  success_url: string
  cancel_url: string
  livemode: false
  created: number
  expires_at: number
}

/** A session with what Stripe keeps about it but does not answer by default, for assertions. */
export interface FakeSession extends CheckoutSessionObject {
  /** The connected account (Stripe-Account header) that created it; PLATFORM_ACCOUNT without one. */
  account: string
  line_items: FakeLineItem[]
  payment_intent_data: { application_fee_amount: number | null; metadata: Record<string, string>; setup_future_usage?: 'off_session' | 'on_session' | null }
  setup_intent_data: { metadata: Record<string, string> }
}

export interface RefundObject {
  id: string
  object: 'refund'
  /** 'failed' later, when the card's bank sends it back (failRefund). */
  status: 'succeeded' | 'failed'
  failure_reason?: string
  amount: number
  currency: string
  payment_intent: string
  metadata: Record<string, string>
  reason: string | null
  created: number
}

export interface FakeRefund extends RefundObject {
  account: string
  refund_application_fee: boolean
}

export type FakeStripeEventType = 'checkout.session.completed' | 'checkout.session.expired' | 'refund.failed' | IntentEventType

export interface StripeEventRecord {
  id: string
  object: 'event'
  api_version: string
  created: number
  livemode: false
  type: FakeStripeEventType
  /** The connected account the event happened on: Connect webhooks name it; absent for the platform's own. */
  account?: string
  data: { object: CheckoutSessionObject | PaymentIntentObject | SetupIntentObject | RefundObject }
  pending_webhooks: number
  /** The API request that caused the event; null ids when the buyer caused it on the hosted page. */
  request: { id: string | null; idempotency_key: string | null }
}

export interface WebhookDelivery {
  eventId: string
  type: string
  /** The receiver's HTTP status, or 0 when it could not be reached. */
  status: number
  error?: string
}

export interface FakeStripeRequest {
  method: string
  path: string
  account: string | null
  idempotencyKey: string | null
  status: number
}

export interface FakeStripe {
  /** http://127.0.0.1:<port>: the OAuth base and the hosted pages live here. */
  url: string
  /** host, port and protocol are what `new Stripe(key, { host, port, protocol })` takes. */
  host: string
  port: number
  protocol: 'http'
  secretKey: string
  publishableKey: string
  clientId: string
  webhookSecret: string
  /** Where events are POSTed; null sends nothing (events are still recorded). */
  setWebhookUrl(url: string | null): void
  /** The account that the next consent (and every one after it) connects. */
  connectAs(accountId: string, details?: FakeAccountDetails): void
  /** The next consent is refused, as when the studio owner clicks "Deny". */
  denyNextConsent(): void
  /** An account already connected, for tests that seed a studio without the OAuth round trip. */
  addAccount(accountId: string, details?: FakeAccountDetails): void
  /** While held, events queue up instead of being sent; un-holding does not send them (releaseHeld does). */
  holdWebhooks(hold: boolean): void
  heldEvents(): StripeEventRecord[]
  /** Sends the held events one after another, so tests can play out-of-order delivery. */
  releaseHeld(order?: 'sent' | 'reverse'): Promise<void>
  /** Sends an event again (same id, fresh signature), as Stripe's retries do; answers the receiver's status. */
  redeliver(eventId: string): Promise<number>
  /** Every delivery attempt, in order. */
  readonly deliveries: WebhookDelivery[]
  /** Every event created, delivered or not. */
  events(): StripeEventRecord[]
  /** The buyer pays on the hosted page; resolves once checkout.session.completed has been delivered (or held). */
  pay(sessionId: string): Promise<void>
  /** The session runs out of time, as Stripe expires it at expires_at; resolves once the event is delivered. */
  expireSession(sessionId: string): Promise<void>
  /** Resolves once every delivery under way has finished: API calls (expire) answer before their event is sent. */
  idle(): Promise<void>
  sessions(): FakeSession[]
  /** PaymentIntents, with the account each lives on. */
  intents(): FakeIntent[]
  setupIntents(): FakeSetupIntent[]
  customers(): CustomerObject[]
  paymentMethods(): PaymentMethodObject[]
  /** A customer on the account with a card kept for later charges; the number picks how charges on it go (Stripe's test cards). */
  keepCard(accountId: string, input: { number: string; email?: string }): { customer: string; paymentMethod: string }
  /** Later charges on a kept card go as this test number's would. */
  changeCardNumber(paymentMethodId: string, number: string): void
  /** The stand-in for https://js.stripe.com/v3/ that a page loads (STRIPE_JS_URL). */
  scriptUrl: string
  refunds(): FakeRefund[]
  /** A refund that succeeded turns failed, as when the card's bank returns it days later; 'refund.failed' is sent. */
  failRefund(refundId: string, failureReason?: string): Promise<void>
  requests(): FakeStripeRequest[]
  /** Requests whose method matches and whose path starts with pathPrefix. */
  requestCount(method: string, pathPrefix: string): number
  close(): Promise<void>
}

interface PendingCode {
  accountId: string
  details: FakeAccountDetails
  scope: string
}

const SESSION_PARAMS = ['mode', 'line_items', 'success_url', 'cancel_url', 'client_reference_id', 'customer_email', 'metadata', 'payment_intent_data', 'expires_at', 'customer', 'setup_intent_data', 'currency']
// Real parameters that change nothing the fake models: accepted so the product may send them,
// while a typo still gets Stripe's "Received unknown parameter".
const SESSION_PARAMS_IGNORED = ['locale', 'payment_method_types', 'submit_type', 'billing_address_collection', 'phone_number_collection', 'allow_promotion_codes', 'customer_creation', 'custom_text']
const PAYMENT_INTENT_DATA_PARAMS = ['application_fee_amount', 'metadata', 'description', 'statement_descriptor', 'statement_descriptor_suffix', 'receipt_email', 'setup_future_usage']
const REFUND_PARAMS = ['payment_intent', 'amount', 'metadata', 'reason', 'refund_application_fee']
const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer']

/**
 * A local stand-in for the parts of Stripe a Connect Standard platform uses: OAuth consent and
 * token exchange, account lookup, Checkout Sessions on connected accounts (with a hosted payment
 * page a browser or test can submit), refunds and signed webhooks. The real SDK talks to it via
 * `new Stripe(secretKey, { host, port, protocol: 'http' })`.
 */
export async function startFakeStripe(options: FakeStripeOptions = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? 'sk_test_fake'
  const publishableKey = options.publishableKey ?? 'pk_test_fake'
  const clientId = options.clientId ?? 'ca_fake'
  const webhookSecret = options.webhookSecret ?? 'whsec_fake'

  let consentAccount: { id: string; details: FakeAccountDetails } = { id: 'acct_fake_studio', details: {} }
  let denyNext = false
  let webhookUrl: string | null = null
  let holding = false
  let held: StripeEventRecord[] = []
  const codes = new Map<string, PendingCode>()
  const accounts = new Map<string, FakeAccount>()
  const sessions = new Map<string, FakeSession>()
  const refunds: FakeRefund[] = []
  const events: StripeEventRecord[] = []
  const deliveries: WebhookDelivery[] = []
  const requests: FakeStripeRequest[] = []
  const inFlight = new Set<Promise<void>>()
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>()
  let url = ''
  const intentApi = createIntentApi({
    publishableKey,
    connectedAccount: (req) => connectedAccount(req),
    hasAccount: (id) => accounts.has(id),
    events: {
      emit(type, account, object) {
        void track(emitObject(type, account, object, { id: null, idempotency_key: null }))
      },
    },
  })

  const server = createServer((req, res) => {
    const started = { method: req.method ?? 'GET', path: new URL(req.url ?? '/', 'http://fake').pathname }
    res.on('finish', () => {
      requests.push({
        ...started,
        account: headerOf(req, 'stripe-account'),
        idempotencyKey: headerOf(req, 'idempotency-key'),
        status: res.statusCode,
      })
    })
    handle(req, res).catch((error: unknown) => {
      if (error instanceof Refusal) return sendJson(res, error.status, { error: error.body })
      sendJson(res, 500, { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } })
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const method = req.method ?? 'GET'
    const target = new URL(req.url ?? '/', 'http://fake')
    const path = target.pathname
    if (method === 'GET' && path === '/oauth/authorize') return authorize(target, res)
    // A browser on the hosted page asks for one; an empty answer keeps its console clean.
    if (method === 'GET' && path === '/favicon.ico') {
      res.writeHead(204)
      res.end()
      return
    }
    if (method === 'POST' && path === '/oauth/token') return token(req, await readBody(req), res)

    const payPage = /^\/pay\/([^/]+)$/.exec(path)
    if (payPage && method === 'GET') return showPayPage(decodeURIComponent(payPage[1]), res)
    if (payPage && method === 'POST') {
      await readBody(req)
      return submitPayPage(decodeURIComponent(payPage[1]), res)
    }

    if (method === 'GET' && (path === '/v3' || path === '/v3/')) {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' })
      res.end(FAKE_STRIPE_JS)
      return
    }
    // Stripe.js calls from the buyer's page: the publishable key and a client secret, across origins.
    if (path.startsWith('/v1/') && !headerOf(req, 'authorization')) {
      res.setHeader('Access-Control-Allow-Origin', '*')
      if (method === 'OPTIONS') {
        res.writeHead(204, { 'Access-Control-Allow-Methods': 'GET, POST', 'Access-Control-Allow-Headers': 'Content-Type' })
        res.end()
        return
      }
      const raw = method === 'POST' ? await readBody(req) : ''
      const answer = intentApi.browser(method, path, parseForm(raw), target.searchParams)
      if (answer) return sendJson(res, answer.status, answer.body)
    }

    if (path.startsWith('/v1/')) {
      const requestId = `req_${randomToken(14)}`
      res.setHeader('Request-Id', requestId)
      authenticate(req)
      const raw = method === 'POST' ? await readBody(req) : ''
      const key = method === 'POST' ? headerOf(req, 'idempotency-key') : null
      const scope = `${headerOf(req, 'stripe-account') ?? ''}\n${key ?? ''}`
      const fingerprint = `${method} ${path}\n${raw}`
      const prior = key ? idempotent.get(scope) : undefined
      if (key && prior) {
        if (prior.fingerprint !== fingerprint) {
          throw new Refusal(400, {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
          })
        }
        res.setHeader('Idempotent-Replayed', 'true')
        return sendJson(res, prior.answer.status, prior.answer.body)
      }
      let answer: Answer
      try {
        answer = api(req, method, path, parseForm(raw), target.searchParams, { id: requestId, idempotency_key: key })
      } catch (error) {
        // A card refused (402) is a request that ran: Stripe keeps it and replays it under the same key.
        if (!(error instanceof Refusal) || error.status !== 402) throw error
        answer = { status: 402, body: { error: error.body } }
      }
      // Stripe saves only requests that ran: a validation error may be retried with the same key.
      if (key) idempotent.set(scope, { fingerprint, answer })
      return sendJson(res, answer.status, answer.body)
    }
    throw notFoundRoute(method, path)
  }

  function api(req: IncomingMessage, method: string, path: string, form: FormFields, query: URLSearchParams, request: StripeEventRecord['request']): Answer {
    const intentAnswer = intentApi.api(req, method, path, form, query)
    if (intentAnswer) return intentAnswer
    const account = /^\/v1\/accounts\/([^/]+)$/.exec(path)
    if (account && method === 'GET') {
      const found = accounts.get(decodeURIComponent(account[1]))
      if (!found) throw missing('account', decodeURIComponent(account[1]))
      return { status: 200, body: found }
    }
    if (path === '/v1/checkout/sessions' && method === 'POST') {
      // Without the Stripe-Account header the session is the platform's own (PLATFORM_ACCOUNT).
      const session = createSession(form, connectedAccount(req) ?? PLATFORM_ACCOUNT)
      sessions.set(session.id, session)
      return { status: 200, body: publicSession(session) }
    }
    const one = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)
    if (one && method === 'GET') return { status: 200, body: publicSession(ownSession(req, decodeURIComponent(one[1]))) }
    const expire = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path)
    if (expire && method === 'POST') {
      refuseUnknown(form, [])
      const session = ownSession(req, decodeURIComponent(expire[1]))
      if (session.status !== 'open') {
        throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`)
      }
      markExpired(session)
      // The API answers before the webhook is sent, as Stripe does; idle() waits for it.
      track(emit('checkout.session.expired', session, request))
      return { status: 200, body: publicSession(session) }
    }
    if (path === '/v1/refunds' && method === 'POST') {
      const refund = createRefund(form, connectedAccount(req))
      refunds.push(refund)
      return { status: 200, body: publicRefund(refund) }
    }
    throw notFoundRoute(method, path)
  }

  function authenticate(req: IncomingMessage): void {
    const header = headerOf(req, 'authorization')
    if (!header) {
      throw new Refusal(401, {
        type: 'invalid_request_error',
        message: 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').',
      })
    }
    const given = /^Bearer (.+)$/.exec(header)?.[1] ?? ''
    if (given !== secretKey) throw new Refusal(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${redact(given)}` })
  }

  /** The Stripe-Account header, refused when it names an account this platform never connected. */
  function connectedAccount(req: IncomingMessage): string | null {
    const id = headerOf(req, 'stripe-account')
    if (id === null) return null
    if (!accounts.has(id)) {
      throw new Refusal(400, {
        type: 'invalid_request_error',
        code: 'account_invalid',
        message: `The provided key '${redact(secretKey)}' does not have access to account '${id}' (or that account does not exist). Application access may have been revoked.`,
      })
    }
    return id
  }

  /** A session is invisible to every account but the one that created it, as on Stripe. */
  function ownSession(req: IncomingMessage, id: string): FakeSession {
    const owner = connectedAccount(req) ?? PLATFORM_ACCOUNT
    const session = sessions.get(id)
    if (!session || session.account !== owner) throw missing('checkout.session', id)
    return session
  }

  function createSession(form: FormFields, account: string): FakeSession {
    refuseUnknown(form, [...SESSION_PARAMS, ...SESSION_PARAMS_IGNORED])
    const mode = text(form, 'mode')
    if (!mode) throw invalid('Missing required param: mode.', 'mode')
    if (mode === 'setup') return createSetupSession(form, account)
    if (mode !== 'payment') throw invalid(`The fake Stripe models mode=payment and mode=setup only, not mode=${mode}.`, 'mode')
    if (form.setup_intent_data !== undefined) throw invalid('setup_intent_data cannot be used in payment mode.')
    const customer = text(form, 'customer') || null
    if (customer && !intentApi.ownsCustomer(account, customer)) throw new Refusal(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: `No such customer: '${customer}'` })
    if (customer && form.customer_email !== undefined) throw invalid('You may only specify one of these parameters: customer, customer_email.', 'customer_email')

    const items = list(form, 'line_items')
    if (items.length === 0) throw invalid('Missing required param: line_items.', 'line_items')
    const lineItems = items.map((item, index) => lineItemOf(item, `line_items[${index}]`))
    const currency = lineItems[0].currency
    if (lineItems.some((item) => item.currency !== currency)) {
      throw invalid('Checkout Sessions cannot contain line items with different currencies.', 'line_items')
    }
    const amount = lineItems.reduce((sum, item) => sum + item.amount_total, 0)
    const minimum = MINIMUM_CHARGE[currency] ?? 1
    if (amount < minimum) {
      throw invalid(`The Checkout Session's total amount due must add up to at least ${formatAmount(minimum, currency)}.`, 'line_items')
    }

    const successUrl = absoluteUrl(form, 'success_url')
    const cancelUrl = absoluteUrl(form, 'cancel_url')
    const clientReference = text(form, 'client_reference_id') || null
    if (clientReference && clientReference.length > 200) throw invalid('client_reference_id must be at most 200 characters.', 'client_reference_id')
    const email = text(form, 'customer_email') || null
    if (email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) throw invalid(`Invalid email address: ${email}`, 'customer_email')

    const created = nowSeconds()
    const expiresRaw = text(form, 'expires_at')
    const expiresAt = expiresRaw ? integer(expiresRaw, 'expires_at') : created + 24 * 3600
    // Stripe's window is 30 minutes to 24 hours; a few seconds' slack for a caller that computed
    // "now + 30 minutes" a moment before the request arrived.
    if (expiresAt < created + 30 * 60 - 5) throw invalid('The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.', 'expires_at')
    if (expiresAt > created + 24 * 3600 + 5) throw invalid('The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.', 'expires_at')

    const intentData = object(form, 'payment_intent_data') ?? {}
    refuseUnknown(intentData, PAYMENT_INTENT_DATA_PARAMS, 'payment_intent_data')
    const feeRaw = text(intentData, 'application_fee_amount')
    const fee = feeRaw ? integer(feeRaw, 'payment_intent_data[application_fee_amount]') : null
    if (fee !== null && fee > amount) {
      throw invalid('The application fee amount cannot be greater than the amount of the Checkout Session.', 'payment_intent_data[application_fee_amount]')
    }
    const usage = text(intentData, 'setup_future_usage') || null
    if (usage !== null && usage !== 'off_session' && usage !== 'on_session') throw invalid('Invalid payment_intent_data[setup_future_usage]: must be one of on_session or off_session', 'payment_intent_data[setup_future_usage]')
    if (usage !== null && !customer) throw invalid('The fake Stripe keeps cards for customers only: send customer with payment_intent_data[setup_future_usage].', 'payment_intent_data[setup_future_usage]')

    const id = `cs_test_${randomToken(24)}`
    return {
      id,
      object: 'checkout.session',
      url: `${url}/pay/${id}`,
      amount_total: amount,
      amount_subtotal: amount,
      currency,
      mode: 'payment',
      payment_status: 'unpaid',
      status: 'open',
      payment_intent: null,
      setup_intent: null,
      customer,
      metadata: metadataOf(form, 'metadata'),
      client_reference_id: clientReference,
      customer_email: email,
      success_url: successUrl,
      cancel_url: cancelUrl,
      livemode: false,
      created,
      expires_at: expiresAt,
      account,
      line_items: lineItems,
      payment_intent_data: { application_fee_amount: fee, metadata: metadataOf(intentData, 'metadata', 'payment_intent_data[metadata]'), setup_future_usage: usage },
      setup_intent_data: { metadata: {} },
    }
  }

  /** A hosted page that saves a card for a customer (mode=setup), as the product's Add a card uses it. */
  function createSetupSession(form: FormFields, account: string): FakeSession {
    if (form.line_items !== undefined || form.payment_intent_data !== undefined) throw invalid('line_items and payment_intent_data cannot be used in setup mode.')
    const customer = text(form, 'customer') || null
    if (!customer) throw invalid('The fake Stripe saves cards for customers only: send customer in setup mode.', 'customer')
    if (!intentApi.ownsCustomer(account, customer)) throw new Refusal(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: `No such customer: '${customer}'` })
    const setupData = object(form, 'setup_intent_data') ?? {}
    refuseUnknown(setupData, ['metadata', 'description'], 'setup_intent_data')
    const created = nowSeconds()
    const id = `cs_test_${randomToken(24)}`
    return {
      id,
      object: 'checkout.session',
      url: `${url}/pay/${id}`,
      amount_total: 0,
      amount_subtotal: 0,
      currency: (text(form, 'currency') || 'usd').toLowerCase(),
      mode: 'setup',
      payment_status: 'no_payment_required',
      status: 'open',
      payment_intent: null,
      setup_intent: null,
      customer,
      metadata: metadataOf(form, 'metadata'),
      client_reference_id: text(form, 'client_reference_id') || null,
      customer_email: null,
      success_url: absoluteUrl(form, 'success_url'),
      cancel_url: absoluteUrl(form, 'cancel_url'),
      livemode: false,
      created,
      expires_at: created + 24 * 3600,
      account,
      line_items: [],
      payment_intent_data: { application_fee_amount: null, metadata: {} },
      setup_intent_data: { metadata: metadataOf(setupData, 'metadata', 'setup_intent_data[metadata]') },
    }
  }

  function createRefund(form: FormFields, account: string | null): FakeRefund {
    refuseUnknown(form, REFUND_PARAMS)
    const intent = text(form, 'payment_intent')
    if (!intent) throw invalid('One of the following params should be provided for this request: payment_intent or charge.', 'payment_intent')
    const paidSession = [...sessions.values()].find((each) => each.payment_intent === intent && each.account === account && each.payment_status === 'paid')
    const paidIntent = intentApi.paidIntent(account, intent)
    const session = paidSession
      ? { amount_total: paidSession.amount_total, currency: paidSession.currency, account: paidSession.account }
      : paidIntent
        ? { amount_total: paidIntent.amount, currency: paidIntent.currency, account: paidIntent.account }
        : null
    if (!session) {
      throw new Refusal(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_intent', message: `No such payment_intent: '${intent}'` })
    }
    const refunded = refunds.filter((each) => each.payment_intent === intent).reduce((sum, each) => sum + each.amount, 0)
    const left = session.amount_total - refunded
    if (left <= 0) {
      throw new Refusal(400, { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge for payment intent ${intent} has already been refunded.` })
    }
    const amountRaw = text(form, 'amount')
    const amount = amountRaw ? integer(amountRaw, 'amount') : left
    if (amount < 1) throw invalid(`Invalid positive integer: ${amountRaw ?? ''}`, 'amount')
    if (amount > left) {
      throw invalid(
        `Refund amount (${formatAmount(amount, session.currency)}) is greater than unrefunded amount on charge (${formatAmount(left, session.currency)})`,
        'amount',
      )
    }
    const reason = text(form, 'reason') || null
    if (reason && !REFUND_REASONS.includes(reason)) throw invalid(`Invalid reason: must be one of ${REFUND_REASONS.join(', ')}`, 'reason')
    const feeFlag = text(form, 'refund_application_fee')
    if (feeFlag !== undefined && feeFlag !== 'true' && feeFlag !== 'false') throw invalid(`Invalid boolean: ${feeFlag}`, 'refund_application_fee')
    return {
      id: `re_${randomToken(24)}`,
      object: 'refund',
      status: 'succeeded',
      amount,
      currency: session.currency,
      payment_intent: intent,
      metadata: metadataOf(form, 'metadata'),
      reason,
      created: nowSeconds(),
      account: session.account,
      refund_application_fee: feeFlag === 'true',
    }
  }

  function authorize(target: URL, res: ServerResponse): void {
    const params = target.searchParams
    const redirectUri = params.get('redirect_uri') ?? ''
    if (params.get('client_id') !== clientId) {
      return sendJson(res, 400, { error: 'invalid_client', error_description: `No application matches the supplied client identifier: ${params.get('client_id') ?? ''}` })
    }
    if (!redirectUri || !URL.canParse(redirectUri)) return sendJson(res, 400, { error: 'invalid_redirect_uri', error_description: 'A valid redirect_uri is required.' })
    if (params.get('response_type') !== 'code') return sendJson(res, 400, { error: 'unsupported_response_type', error_description: 'Only response_type=code is supported.' })
    const scope = params.get('scope') ?? 'read_only'
    if (scope !== 'read_write' && scope !== 'read_only') return sendJson(res, 400, { error: 'invalid_scope', error_description: `Invalid scope: ${scope}` })
    const back = new URL(redirectUri)
    if (denyNext) {
      denyNext = false
      back.searchParams.set('error', 'access_denied')
      back.searchParams.set('error_description', 'The user denied your request')
    } else {
      const code = `ac_${randomToken(24)}`
      codes.set(code, { accountId: consentAccount.id, details: consentAccount.details, scope })
      back.searchParams.set('code', code)
    }
    back.searchParams.set('state', params.get('state') ?? '')
    res.writeHead(302, { Location: back.toString() })
    res.end()
  }

  function token(req: IncomingMessage, raw: string, res: ServerResponse): void {
    const body = new URLSearchParams(raw)
    const secret = body.get('client_secret') ?? /^Bearer (.+)$/.exec(headerOf(req, 'authorization') ?? '')?.[1] ?? ''
    if (secret !== secretKey) return sendJson(res, 401, { error: 'invalid_client', error_description: `Invalid API Key provided: ${redact(secret)}` })
    if (body.get('grant_type') !== 'authorization_code') {
      return sendJson(res, 400, { error: 'unsupported_grant_type', error_description: `Unsupported grant type: ${body.get('grant_type') ?? ''}` })
    }
    const code = body.get('code') ?? ''
    const pending = codes.get(code)
    codes.delete(code)
    if (!pending) return sendJson(res, 400, { error: 'invalid_grant', error_description: `Authorization code does not exist: ${code}` })
    register(pending.accountId, pending.details)
    sendJson(res, 200, {
      access_token: `sk_test_${randomToken(24)}`,
      refresh_token: `rt_${randomToken(24)}`,
      token_type: 'bearer',
      scope: pending.scope,
      livemode: false,
      stripe_user_id: pending.accountId,
      stripe_publishable_key: `pk_test_${randomToken(24)}`,
    })
  }

  function register(id: string, details: FakeAccountDetails): void {
    accounts.set(id, {
      id,
      object: 'account',
      charges_enabled: true,
      details_submitted: true,
      email: details.email ?? null,
      business_profile: { name: details.businessName ?? null },
      default_currency: 'usd',
    })
  }

  function showPayPage(id: string, res: ServerResponse): void {
    const session = sessions.get(id)
    if (!session) return sendHtml(res, 404, page('Checkout not found', '<h1>Checkout not found</h1><p>There is no checkout at this address.</p>'))
    const payee = accounts.get(session.account)?.business_profile.name ?? (session.account || 'the platform')
    if (session.status !== 'open') return sendHtml(res, 410, closedPage(session, payee))
    if (session.mode === 'setup') {
      const setupBody = [
        `<h1>Save a card with ${escapeHtml(payee)}</h1>`,
        '<p>Nothing is charged now. The test card Visa ending 4242 is saved.</p>',
        `<form method="post" action="/pay/${encodeURIComponent(session.id)}"><button type="submit">Save card</button></form>`,
        `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>`,
      ].join('\n')
      return sendHtml(res, 200, page(`Save a card with ${payee}`, setupBody))
    }
    const items = session.line_items
      .map((item) => `<li>${escapeHtml(item.name)} × ${item.quantity}: ${escapeHtml(formatAmount(item.amount_total, item.currency))}</li>`)
      .join('')
    const body = [
      `<h1>Pay ${escapeHtml(payee)}</h1>`,
      `<p>Total: <strong>${escapeHtml(formatAmount(session.amount_total, session.currency))}</strong></p>`,
      `<h2>Items</h2><ul>${items}</ul>`,
      `<form method="post" action="/pay/${encodeURIComponent(session.id)}"><button type="submit">Pay</button></form>`,
      `<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>`,
    ].join('\n')
    sendHtml(res, 200, page(`Pay ${payee}`, body))
  }

  async function submitPayPage(id: string, res: ServerResponse): Promise<void> {
    const session = sessions.get(id)
    if (!session) return sendHtml(res, 404, page('Checkout not found', '<h1>Checkout not found</h1><p>There is no checkout at this address.</p>'))
    if (session.status !== 'open') return sendHtml(res, 410, closedPage(session, accounts.get(session.account)?.business_profile.name ?? (session.account || 'the platform')))
    if (session.mode === 'setup') {
      session.setup_intent = intentApi.completeHostedSetup(session.account, session.customer ?? '', session.setup_intent_data.metadata)
      session.status = 'complete'
      session.url = null
    } else markPaid(session)
    await track(emit('checkout.session.completed', session, { id: null, idempotency_key: null }))
    res.writeHead(303, { Location: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) })
    res.end()
  }

  function markPaid(session: FakeSession): void {
    session.status = 'complete'
    session.payment_status = 'paid'
    const { setup_future_usage: usage, metadata, application_fee_amount: fee } = session.payment_intent_data
    // A session that keeps the card leaves a PaymentIntent that names it, as the product reads it back.
    session.payment_intent =
      usage && session.customer
        ? intentApi.completeHostedPayment(session.account, { customer: session.customer, amount: session.amount_total, currency: session.currency, metadata, usage, fee })
        : `pi_${randomToken(24)}`
    session.url = null
  }

  function markExpired(session: FakeSession): void {
    session.status = 'expired'
    session.url = null
  }

  function emit(type: FakeStripeEventType, session: FakeSession, request: StripeEventRecord['request']): Promise<void> {
    return emitObject(type, session.account, publicSession(session), request)
  }

  async function emitObject(type: FakeStripeEventType, account: string, object: StripeEventRecord['data']['object'], request: StripeEventRecord['request']): Promise<void> {
    const event: StripeEventRecord = {
      id: `evt_${randomToken(24)}`,
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: nowSeconds(),
      livemode: false,
      type,
      // Events of the platform's own account name no connected account, as on Stripe.
      ...(account === PLATFORM_ACCOUNT ? {} : { account }),
      data: { object },
      pending_webhooks: 1,
      request,
    }
    events.push(event)
    if (holding) {
      held.push(event)
      return
    }
    await deliver(event)
  }

  /** Records the attempt and never throws: a broken receiver must not break the buyer's page. */
  async function deliver(event: StripeEventRecord): Promise<number> {
    if (!webhookUrl) return 0
    // Pretty-printed like Stripe's payloads, so a receiver that verifies a re-serialised body fails here too.
    const payload = JSON.stringify(event, null, 2)
    try {
      const status = await postJson(webhookUrl, payload, signatureHeader(payload, webhookSecret))
      deliveries.push({ eventId: event.id, type: event.type, status })
      return status
    } catch (error) {
      deliveries.push({ eventId: event.id, type: event.type, status: 0, error: error instanceof Error ? error.message : String(error) })
      return 0
    }
  }

  function track(work: Promise<void>): Promise<void> {
    inFlight.add(work)
    return work.finally(() => inFlight.delete(work))
  }

  async function idle(): Promise<void> {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight])
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  url = `http://127.0.0.1:${port}`

  return {
    url,
    host: '127.0.0.1',
    port,
    protocol: 'http',
    secretKey,
    publishableKey,
    clientId,
    webhookSecret,
    setWebhookUrl(next) {
      webhookUrl = next
    },
    connectAs(accountId, details = {}) {
      consentAccount = { id: accountId, details }
    },
    denyNextConsent() {
      denyNext = true
    },
    addAccount(accountId, details = {}) {
      register(accountId, details)
    },
    holdWebhooks(hold) {
      holding = hold
    },
    heldEvents: () => [...held],
    async releaseHeld(order = 'sent') {
      const batch = order === 'reverse' ? [...held].reverse() : [...held]
      held = []
      for (const event of batch) await deliver(event)
    },
    async redeliver(eventId) {
      const event = events.find((each) => each.id === eventId)
      if (!event) throw new Error(`fake Stripe: no event ${eventId}`)
      if (!webhookUrl) throw new Error('fake Stripe: no webhook URL set')
      return deliver(event)
    },
    get deliveries() {
      return [...deliveries]
    },
    events: () => [...events],
    async pay(sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`fake Stripe: no session ${sessionId}`)
      if (session.status !== 'open') throw new Error(`fake Stripe: session ${sessionId} is ${session.status}, not open`)
      markPaid(session)
      await track(emit('checkout.session.completed', session, { id: null, idempotency_key: null }))
    },
    async expireSession(sessionId) {
      const session = sessions.get(sessionId)
      if (!session) throw new Error(`fake Stripe: no session ${sessionId}`)
      if (session.status !== 'open') throw new Error(`fake Stripe: session ${sessionId} is ${session.status}, not open`)
      markExpired(session)
      await track(emit('checkout.session.expired', session, { id: null, idempotency_key: null }))
    },
    idle,
    sessions: () => [...sessions.values()].map((session) => structuredClone(session)),
    intents: intentApi.intents,
    setupIntents: intentApi.setupIntents,
    customers: intentApi.customers,
    paymentMethods: intentApi.paymentMethods,
    keepCard: intentApi.keepCard,
    changeCardNumber: intentApi.changeCardNumber,
    scriptUrl: `${url}/v3/`,
    refunds: () => refunds.map((refund) => structuredClone(refund)),
    async failRefund(refundId, failureReason = 'expired_or_canceled_card') {
      const refund = refunds.find((each) => each.id === refundId)
      if (!refund) throw new Error(`fake Stripe: no refund ${refundId}`)
      refund.status = 'failed'
      refund.failure_reason = failureReason
      await track(emitObject('refund.failed', refund.account, publicRefund(refund), { id: null, idempotency_key: null }))
    },
    requests: () => [...requests],
    requestCount: (method, pathPrefix) => requests.filter((each) => each.method === method.toUpperCase() && each.path.startsWith(pathPrefix)).length,
    async close() {
      await idle()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
      })
    },
  }
}

function publicSession(session: FakeSession): CheckoutSessionObject {
  const { account, line_items, payment_intent_data, setup_intent_data, ...shape } = session
  return structuredClone(shape)
}

function publicRefund(refund: FakeRefund): RefundObject {
  const { account, refund_application_fee, ...shape } = refund
  return structuredClone(shape)
}

function lineItemOf(item: FormFields, param: string): FakeLineItem {
  refuseUnknown(item, ['price_data', 'quantity', 'price'], param)
  if (item.price !== undefined) throw invalid('The fake Stripe models price_data line items only, not saved prices.', `${param}[price]`)
  const priceData = object(item, 'price_data', `${param}[price_data]`)
  if (!priceData) throw invalid(`Missing required param: ${param}[price_data].`, `${param}[price_data]`)
  refuseUnknown(priceData, ['currency', 'unit_amount', 'product_data', 'tax_behavior'], `${param}[price_data]`)
  const currency = (text(priceData, 'currency') ?? '').toLowerCase()
  if (!currency) throw invalid(`Missing required param: ${param}[price_data][currency].`, `${param}[price_data][currency]`)
  if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}`, `${param}[price_data][currency]`)
  const unitRaw = text(priceData, 'unit_amount')
  if (unitRaw === undefined || unitRaw === '') throw invalid(`Missing required param: ${param}[price_data][unit_amount].`, `${param}[price_data][unit_amount]`)
  const unitAmount = integer(unitRaw, `${param}[price_data][unit_amount]`)
  const product = object(priceData, 'product_data', `${param}[price_data][product_data]`)
  if (!product) throw invalid(`Missing required param: ${param}[price_data][product_data].`, `${param}[price_data][product_data]`)
  refuseUnknown(product, ['name', 'description', 'images', 'metadata'], `${param}[price_data][product_data]`)
  const name = text(product, 'name')
  if (!name) throw invalid(`Missing required param: ${param}[price_data][product_data][name].`, `${param}[price_data][product_data][name]`)
  const quantityRaw = text(item, 'quantity')
  if (quantityRaw === undefined || quantityRaw === '') throw invalid(`Missing required param: ${param}[quantity].`, `${param}[quantity]`)
  const quantity = integer(quantityRaw, `${param}[quantity]`)
  if (quantity < 1) throw invalid('Quantity must be at least 1.', `${param}[quantity]`)
  return { name, description: text(product, 'description') || null, currency, unit_amount: unitAmount, quantity, amount_total: unitAmount * quantity }
}

function page(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} · Fake Stripe Checkout</title></head>`,
    `<body><main>\n${body}\n</main></body>`,
    '</html>',
  ].join('\n')
}

function closedPage(session: FakeSession, payee: string): string {
  const why = session.status !== 'complete' ? 'It has expired.' : session.mode === 'setup' ? 'The card is saved.' : 'It has already been paid.'
  return page(`Pay ${payee}`, `<h1>Pay ${escapeHtml(payee)}</h1>\n<p>This checkout is no longer open. ${why}</p>\n<p><a href="${escapeHtml(session.cancel_url)}">Back</a></p>`)
}

/** The server's Stripe settings that point it at this fake (README: STRIPE_*). */
export function stripeEnvFor(fake: Pick<FakeStripe, 'secretKey' | 'publishableKey' | 'clientId' | 'webhookSecret' | 'url'>): Record<string, string> {
  return {
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_PUBLISHABLE_KEY: fake.publishableKey,
    STRIPE_CONNECT_CLIENT_ID: fake.clientId,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
    STRIPE_API_URL: fake.url,
    STRIPE_CONNECT_URL: fake.url,
    STRIPE_JS_URL: `${fake.url}/v3/`,
  }
}
