import { createHmac, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { escapeHtml, headerOf, headersOf, readBody, sendHtml, sendJson } from './fake-http'

export interface FakeRazorpayOptions {
  keyId?: string
  keySecret?: string
}

/**
 * Razorpay answers an empty notes set as `[]`, not `{}` (a PHP array on its side); a client that
 * only accepts an object breaks on the first order without notes, so the fake answers the same.
 */
export type RazorpayNotes = Record<string, string> | []

export type RazorpayOrderStatus = 'created' | 'attempted' | 'paid'

/** The Order exactly as the API answers it. */
export interface RazorpayOrderObject {
  id: string
  entity: 'order'
  amount: number
  amount_paid: number
  amount_due: number
  currency: string
  receipt: string | null
  offer_id: null
  status: RazorpayOrderStatus
  attempts: number
  notes: RazorpayNotes
  created_at: number
}

export type RazorpayPaymentMethod = 'card' | 'netbanking' | 'upi' | 'wallet'

/** What the merchant's form posted to the hosted checkout; the last one opened for the order wins. */
export interface FakeRazorpayCheckout {
  name: string | null
  description: string | null
  image: string | null
  prefill: { name: string | null; email: string | null; contact: string | null }
  notes: Record<string, string>
  callbackUrl: string
  cancelUrl: string | null
  methods: Record<RazorpayPaymentMethod, boolean>
}

/** An order with what the fake keeps about it beyond the API answer, for assertions. */
export interface FakeRazorpayOrder extends Omit<RazorpayOrderObject, 'notes'> {
  notes: Record<string, string>
  /** The key id that created it: no other key can see it. */
  keyId: string
  checkout: FakeRazorpayCheckout | null
}

export interface RazorpayPaymentObject {
  id: string
  entity: 'payment'
  amount: number
  currency: string
  /** 'refunded' once refunded in full, as Razorpay does; a partial refund leaves it 'captured'. */
  status: 'captured' | 'refunded' | 'failed'
  order_id: string
  method: RazorpayPaymentMethod
  captured: boolean
  amount_refunded: number
  refund_status: null | 'partial' | 'full'
  description: string | null
  email: string
  contact: string
  notes: RazorpayNotes
  error_code: string | null
  error_description: string | null
  error_source: string | null
  error_step: string | null
  error_reason: string | null
  created_at: number
}

export interface FakeRazorpayPayment extends Omit<RazorpayPaymentObject, 'notes'> {
  notes: Record<string, string>
  keyId: string
}

export interface RazorpayRefundObject {
  id: string
  entity: 'refund'
  amount: number
  currency: string
  payment_id: string
  notes: RazorpayNotes
  receipt: string | null
  status: 'processed'
  speed_requested: 'normal' | 'optimum'
  created_at: number
}

export interface FakeRazorpayRefund extends Omit<RazorpayRefundObject, 'notes'> {
  notes: Record<string, string>
  keyId: string
}

export interface FakeRazorpayRequest {
  method: string
  /** The path without its query string. */
  path: string
  /** The raw body as sent (JSON for the API, form encoding for the checkout pages). */
  body: string
  /** Lower-cased names; repeated headers joined with ", ". */
  headers: Record<string, string>
  status: number
}

export interface FakeRazorpayPaid {
  paymentId: string
  signature: string
  /** Where the hosted page would send the buyer; null when no checkout was opened for the order. */
  callbackUrl: string | null
}

export interface FakeRazorpayFailed {
  paymentId: string
  callbackUrl: string | null
  /** The error[...] fields the hosted page POSTs to the callback URL. */
  fields: Record<string, string>
}

export interface FakeRazorpay {
  /** http://127.0.0.1:<port>: the API base (it serves /v1/...) and the hosted checkout. */
  url: string
  keyId: string
  keySecret: string
  /** Another key pair (another merchant); orders made with it are invisible to the others. */
  addKeys(keyId: string, keySecret: string): void
  /** The buyer pays on the hosted checkout, without a browser. */
  pay(orderId: string): Promise<FakeRazorpayPaid>
  /** The buyer's payment attempt fails; the order stays open for another attempt. */
  fail(orderId: string): Promise<FakeRazorpayFailed>
  /** What a correct callback signature is: hex HMAC-SHA256 of `orderId|paymentId`, by default with the order's key secret. */
  signatureFor(orderId: string, paymentId: string, keySecret?: string): string
  orders(): FakeRazorpayOrder[]
  payments(): FakeRazorpayPayment[]
  refunds(): FakeRazorpayRefund[]
  requests(): FakeRazorpayRequest[]
  /** Requests whose method matches and whose path starts with pathPrefix. */
  requestCount(method: string, pathPrefix: string): number
  /** The next request matching method and path prefix answers this status with a SERVER_ERROR body and changes nothing. */
  failNext(method: string, pathPrefix: string, status: number): void
  close(): Promise<void>
}

interface RazorpayErrorBody {
  code: 'BAD_REQUEST_ERROR' | 'SERVER_ERROR'
  description: string
  source: string
  step: string
  reason: string
  metadata: Record<string, never>
  field?: string
}

/** Thrown by API handlers, answered in Razorpay's `{ error: {...} }` shape. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly body: RazorpayErrorBody,
  ) {
    super(body.description)
  }
}

/** Thrown by the hosted checkout, answered as an HTML page: a browser is on the other end. */
class PageRefusal extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
  ) {
    super(title)
  }
}

type JsonObject = Record<string, unknown>

const ORDER_FIELDS = ['amount', 'currency', 'receipt', 'notes', 'partial_payment']
const REFUND_FIELDS = ['amount', 'notes', 'receipt', 'speed']
const METHODS: RazorpayPaymentMethod[] = ['card', 'netbanking', 'upi', 'wallet']
const METHOD_LABELS: Record<RazorpayPaymentMethod, string> = { card: 'Card', netbanking: 'Netbanking', upi: 'UPI', wallet: 'Wallet' }
const CHECKOUT_FIELDS = ['key_id', 'order_id', 'name', 'description', 'image', 'callback_url', 'cancel_url']
const PREFILL_FIELDS = ['name', 'email', 'contact']
const MAX_NOTES = 15
const MAX_NOTE_LENGTH = 256
// Razorpay's smallest order is one rupee (100 paise); the same count of minor units elsewhere.
const MINIMUM_AMOUNT = 100
const FAILURE = { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', source: 'customer', step: 'payment_authentication', reason: 'payment_failed' }

/**
 * A local stand-in for Razorpay's Orders API (orders, their payments, refunds) and its Hosted
 * Checkout (the form POST to /v1/checkout/embedded, a page a browser or test can submit, and the
 * signed POST back to the merchant's callback_url). Point the server at it with razorpayEnvFor.
 */
export async function startFakeRazorpay(options: FakeRazorpayOptions = {}): Promise<FakeRazorpay> {
  const keyId = options.keyId ?? `rzp_test_${randomToken(14)}`
  const keySecret = options.keySecret ?? randomToken(24)
  const keys = new Map<string, string>([[keyId, keySecret]])
  const orders = new Map<string, FakeRazorpayOrder>()
  const payments = new Map<string, FakeRazorpayPayment>()
  const refunds: FakeRazorpayRefund[] = []
  const requests: FakeRazorpayRequest[] = []
  const plannedFailures: { method: string; pathPrefix: string; status: number }[] = []

  const server = createServer((req, res) => {
    const method = req.method ?? 'GET'
    const path = new URL(req.url ?? '/', 'http://fake').pathname
    const entry = { method, path, body: '', headers: headersOf(req) }
    res.on('finish', () => requests.push({ ...entry, status: res.statusCode }))
    readBody(req)
      .then((raw) => {
        entry.body = raw
        handle(req, res, method, path, raw)
      })
      .catch((error: unknown) => answerError(res, path, error))
  })

  function handle(req: IncomingMessage, res: ServerResponse, method: string, path: string, raw: string): void {
    // A browser on the checkout page asks for one; an empty answer keeps its console clean.
    if (method === 'GET' && path === '/favicon.ico') {
      res.writeHead(204)
      res.end()
      return
    }
    const planned = plannedFailures.findIndex((each) => each.method === method && path.startsWith(each.pathPrefix))
    if (planned >= 0) {
      const [failure] = plannedFailures.splice(planned, 1)
      if (isCheckoutPath(path)) throw new PageRefusal(failure.status, 'Something went wrong')
      throw new Refusal(failure.status, {
        code: 'SERVER_ERROR',
        description: 'The server encountered an error. The incident has been reported to admins.',
        source: 'NA',
        step: 'NA',
        reason: 'NA',
        metadata: {},
      })
    }
    if (method === 'POST' && path === '/v1/checkout/embedded') return sendHtml(res, 200, openCheckout(req, raw))
    if (method === 'POST' && path === '/v1/checkout/embedded/pay') return sendHtml(res, 200, submitCheckout(req, raw))
    if (path.startsWith('/v1/')) {
      const caller = authenticate(req)
      return sendJson(res, 200, api(caller, method, path, req, raw))
    }
    throw notFoundRoute(method, path)
  }

  function api(caller: string, method: string, path: string, req: IncomingMessage, raw: string): unknown {
    if (path === '/v1/orders' && method === 'POST') {
      const order = createOrder(caller, jsonBody(req, raw))
      orders.set(order.id, order)
      return publicOrder(order)
    }
    const order = /^\/v1\/orders\/([^/]+)$/.exec(path)
    if (order && method === 'GET') return publicOrder(ownOrder(caller, decodePart(order[1])))
    const orderPayments = /^\/v1\/orders\/([^/]+)\/payments$/.exec(path)
    if (orderPayments && method === 'GET') {
      const owned = ownOrder(caller, decodePart(orderPayments[1]))
      const items = [...payments.values()].filter((each) => each.order_id === owned.id).map(publicPayment)
      return { entity: 'collection', count: items.length, items }
    }
    const payment = /^\/v1\/payments\/([^/]+)$/.exec(path)
    if (payment && method === 'GET') return publicPayment(ownPayment(caller, decodePart(payment[1])))
    const paymentRefunds = /^\/v1\/payments\/([^/]+)\/refunds$/.exec(path)
    if (paymentRefunds && method === 'GET') {
      const owned = ownPayment(caller, decodePart(paymentRefunds[1]))
      const items = refunds.filter((each) => each.payment_id === owned.id).map(publicRefund)
      return { entity: 'collection', count: items.length, items }
    }
    const refund = /^\/v1\/payments\/([^/]+)\/refund$/.exec(path)
    if (refund && method === 'POST') {
      const created = createRefund(caller, decodePart(refund[1]), jsonBody(req, raw))
      refunds.push(created)
      return publicRefund(created)
    }
    throw notFoundRoute(method, path)
  }

  /** HTTP Basic with a key pair; answers the key id, which owns whatever the request creates. */
  function authenticate(req: IncomingMessage): string {
    const header = headerOf(req, 'authorization') ?? ''
    const encoded = /^Basic\s+(\S+)$/i.exec(header)?.[1]
    const decoded = encoded ? Buffer.from(encoded, 'base64').toString('utf8') : ''
    const colon = decoded.indexOf(':')
    const id = colon >= 0 ? decoded.slice(0, colon) : ''
    const secret = colon >= 0 ? decoded.slice(colon + 1) : ''
    if (!id || keys.get(id) !== secret) {
      throw new Refusal(401, { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed', source: 'NA', step: 'NA', reason: 'NA', metadata: {} })
    }
    return id
  }

  /** Another key's order reads as missing, as on Razorpay: ids do not leak across merchants. */
  function ownOrder(caller: string, id: string): FakeRazorpayOrder {
    const found = orders.get(id)
    if (!found || found.keyId !== caller) throw invalid('The id provided does not exist', 'id')
    return found
  }

  function ownPayment(caller: string, id: string): FakeRazorpayPayment {
    const found = payments.get(id)
    if (!found || found.keyId !== caller) throw invalid('The id provided does not exist', 'id')
    return found
  }

  function createOrder(caller: string, body: JsonObject): FakeRazorpayOrder {
    refuseUnknown(body, ORDER_FIELDS)
    const currency = body.currency
    if (currency === undefined) throw invalid('The currency field is required.', 'currency')
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) throw invalid('The currency must be a 3-letter ISO code in upper case.', 'currency')
    if (!Intl.supportedValuesOf('currency').includes(currency)) throw invalid('Currency is not supported', 'currency')
    const amount = body.amount
    if (amount === undefined) throw invalid('The amount field is required.', 'amount')
    if (!isInteger(amount)) throw invalid('The amount must be an integer.', 'amount')
    if (amount < MINIMUM_AMOUNT) throw invalid(`The amount must be atleast ${formatAmount(MINIMUM_AMOUNT, currency)}`, 'amount')
    let receipt: string | null = null
    if (body.receipt !== undefined && body.receipt !== null) {
      if (typeof body.receipt !== 'string') throw invalid('The receipt must be a string.', 'receipt')
      if (body.receipt.length > 40) throw invalid('The receipt may not be greater than 40 characters.', 'receipt')
      receipt = body.receipt
    }
    // Accepted because the real API takes it; only its default is modelled.
    if (body.partial_payment !== undefined && body.partial_payment !== false) {
      throw invalid('The fake Razorpay models orders without partial payments only (partial_payment: false).', 'partial_payment')
    }
    return {
      id: `order_${randomToken(14)}`,
      entity: 'order',
      amount,
      amount_paid: 0,
      amount_due: amount,
      currency,
      receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: jsonNotes(body.notes),
      created_at: nowSeconds(),
      keyId: caller,
      checkout: null,
    }
  }

  function createRefund(caller: string, paymentId: string, body: JsonObject): FakeRazorpayRefund {
    refuseUnknown(body, REFUND_FIELDS)
    const payment = ownPayment(caller, paymentId)
    if (!payment.captured) throw invalid('The payment has not been captured, so it cannot be refunded', 'id')
    const left = payment.amount - payment.amount_refunded
    if (left <= 0) throw invalid('The payment has been fully refunded already', 'id')
    let amount = left
    if (body.amount !== undefined) {
      if (!isInteger(body.amount)) throw invalid('The amount must be an integer.', 'amount')
      if (body.amount < 1) throw invalid('The amount must be at least 1.', 'amount')
      amount = body.amount
    }
    if (amount > left) throw invalid('The refund amount provided is greater than amount captured', 'amount')
    const speed = body.speed ?? 'normal'
    if (speed !== 'normal' && speed !== 'optimum') throw invalid('The selected speed is invalid.', 'speed')
    if (body.receipt !== undefined && (typeof body.receipt !== 'string' || body.receipt.length > 40)) {
      throw invalid('The receipt must be a string of at most 40 characters.', 'receipt')
    }
    payment.amount_refunded += amount
    const full = payment.amount_refunded === payment.amount
    payment.refund_status = full ? 'full' : 'partial'
    if (full) payment.status = 'refunded'
    return {
      id: `rfnd_${randomToken(14)}`,
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes: jsonNotes(body.notes),
      receipt: typeof body.receipt === 'string' ? body.receipt : null,
      status: 'processed',
      speed_requested: speed,
      created_at: nowSeconds(),
      keyId: caller,
    }
  }

  /** The merchant's page POSTs its form here; the answer is the checkout page the buyer sees. */
  function openCheckout(req: IncomingMessage, raw: string): string {
    const form = formBody(req, raw)
    for (const name of form.keys()) {
      const nested = /^(prefill|notes|method)\[([^[\]]+)\]$/.exec(name)
      const known = CHECKOUT_FIELDS.includes(name) || (nested !== null && (nested[1] === 'notes' || (nested[1] === 'prefill' ? PREFILL_FIELDS : METHODS).includes(nested[2])))
      if (!known) throw new PageRefusal(400, `${name} is/are not required and should not be sent`)
    }
    const given = (name: string): string | null => form.get(name) || null
    const key = given('key_id')
    if (!key) throw new PageRefusal(400, 'The key_id field is required.')
    if (!keys.has(key)) throw new PageRefusal(400, 'The api key provided is invalid')
    const orderId = given('order_id')
    if (!orderId) throw new PageRefusal(400, 'The order_id field is required.')
    const order = orders.get(orderId)
    if (!order || order.keyId !== key) throw new PageRefusal(400, 'The id provided does not exist')
    if (order.status === 'paid') throw new PageRefusal(400, 'This order has already been paid.')
    const callbackUrl = given('callback_url')
    if (!callbackUrl) throw new PageRefusal(400, 'The callback_url field is required.')
    if (!isWebUrl(callbackUrl)) throw new PageRefusal(400, 'The callback_url must be a valid http(s) URL.')
    const cancelUrl = given('cancel_url')
    if (cancelUrl !== null && !isWebUrl(cancelUrl)) throw new PageRefusal(400, 'The cancel_url must be a valid http(s) URL.')
    // Razorpay offers every method unless the form turns it off.
    const methods: Record<RazorpayPaymentMethod, boolean> = { card: true, netbanking: true, upi: true, wallet: true }
    for (const method of METHODS) {
      const flag = form.get(`method[${method}]`) ?? '1'
      if (flag !== '1' && flag !== '0') throw new PageRefusal(400, `method[${method}] must be 1 or 0.`)
      methods[method] = flag === '1'
    }
    if (!METHODS.some((method) => methods[method])) throw new PageRefusal(400, 'No payment method is enabled for this checkout.')
    const notes: Record<string, string> = {}
    for (const [name, value] of form) {
      const note = /^notes\[([^[\]]+)\]$/.exec(name)
      if (note) notes[note[1]] = value
    }
    checkNotes(notes, (message) => new PageRefusal(400, message))
    order.checkout = {
      name: given('name'),
      description: given('description'),
      image: given('image'),
      prefill: { name: given('prefill[name]'), email: given('prefill[email]'), contact: given('prefill[contact]') },
      notes,
      callbackUrl,
      cancelUrl,
      methods,
    }
    return checkoutPage(order, order.checkout)
  }

  /** The buyer pressed Pay or Fail payment; the answer carries them back to the merchant. */
  function submitCheckout(req: IncomingMessage, raw: string): string {
    const form = formBody(req, raw)
    for (const name of form.keys()) {
      if (!['order_id', 'outcome', 'method'].includes(name)) throw new PageRefusal(400, `${name} is/are not required and should not be sent`)
    }
    const order = orders.get(form.get('order_id') ?? '')
    if (!order) throw new PageRefusal(400, 'The id provided does not exist')
    const checkout = order.checkout
    if (!checkout) throw new PageRefusal(400, 'No checkout was opened for this order.')
    if (order.status === 'paid') throw new PageRefusal(400, 'This order has already been paid.')
    const method = form.get('method') ?? defaultMethod(checkout)
    if (!METHODS.some((each) => each === method && checkout.methods[each])) throw new PageRefusal(400, `The payment method ${method} is not enabled for this checkout.`)
    const chosen = method as RazorpayPaymentMethod
    const outcome = form.get('outcome')
    if (outcome === 'pay') {
      const payment = capture(order, chosen)
      const fields = {
        razorpay_payment_id: payment.id,
        razorpay_order_id: order.id,
        razorpay_signature: sign(order.id, payment.id, secretOf(order.keyId)),
      }
      const body = [
        '<h1>Payment successful</h1>',
        `<p>${escapeHtml(formatAmount(payment.amount, payment.currency))} paid to ${escapeHtml(merchantName(checkout))}.</p>`,
        returnForm(checkout.callbackUrl, fields),
      ].join('\n')
      return page('Payment successful', body)
    }
    if (outcome === 'fail') {
      const payment = failAttempt(order, chosen)
      const body = [
        '<h1>Payment failed</h1>',
        `<p>Your payment of ${escapeHtml(formatAmount(payment.amount, payment.currency))} to ${escapeHtml(merchantName(checkout))} failed.</p>`,
        returnForm(checkout.callbackUrl, failureFields(order, payment)),
      ].join('\n')
      return page('Payment failed', body)
    }
    throw new PageRefusal(400, 'outcome must be pay or fail.')
  }

  function capture(order: FakeRazorpayOrder, method: RazorpayPaymentMethod): FakeRazorpayPayment {
    const payment = newPayment(order, method)
    payment.status = 'captured'
    payment.captured = true
    order.attempts += 1
    order.status = 'paid'
    order.amount_paid = order.amount
    order.amount_due = 0
    payments.set(payment.id, payment)
    return payment
  }

  function failAttempt(order: FakeRazorpayOrder, method: RazorpayPaymentMethod): FakeRazorpayPayment {
    const payment = newPayment(order, method)
    payment.status = 'failed'
    payment.error_code = FAILURE.code
    payment.error_description = FAILURE.description
    payment.error_source = FAILURE.source
    payment.error_step = FAILURE.step
    payment.error_reason = FAILURE.reason
    order.attempts += 1
    order.status = 'attempted'
    payments.set(payment.id, payment)
    return payment
  }

  function newPayment(order: FakeRazorpayOrder, method: RazorpayPaymentMethod): FakeRazorpayPayment {
    const checkout = order.checkout
    return {
      id: `pay_${randomToken(14)}`,
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: 'failed',
      order_id: order.id,
      method,
      captured: false,
      amount_refunded: 0,
      refund_status: null,
      description: checkout?.description ?? null,
      // Razorpay always asks the buyer for these; the prefill is what the merchant suggested.
      email: checkout?.prefill.email ?? 'buyer@example.com',
      contact: checkout?.prefill.contact ?? '+919000090000',
      // Checkout notes travel with the payment, as on Razorpay.
      notes: { ...(checkout?.notes ?? {}) },
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      created_at: nowSeconds(),
      keyId: order.keyId,
    }
  }

  function failureFields(order: FakeRazorpayOrder, payment: FakeRazorpayPayment): Record<string, string> {
    return {
      'error[code]': FAILURE.code,
      'error[description]': FAILURE.description,
      'error[source]': FAILURE.source,
      'error[step]': FAILURE.step,
      'error[reason]': FAILURE.reason,
      'error[metadata]': JSON.stringify({ payment_id: payment.id, order_id: order.id }),
    }
  }

  function secretOf(owner: string): string {
    return keys.get(owner) ?? keySecret
  }

  /** A control was called on an order the fake never made or that is settled: the test is wrong, so say so loudly. */
  function payableOrder(orderId: string): FakeRazorpayOrder {
    const order = orders.get(orderId)
    if (!order) throw new Error(`fake Razorpay: no order ${orderId}`)
    if (order.status === 'paid') throw new Error(`fake Razorpay: order ${orderId} is already paid`)
    return order
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`

  return {
    url,
    keyId,
    keySecret,
    addKeys(id, secret) {
      keys.set(id, secret)
    },
    async pay(orderId) {
      const order = payableOrder(orderId)
      const payment = capture(order, order.checkout ? defaultMethod(order.checkout) : 'card')
      return { paymentId: payment.id, signature: sign(order.id, payment.id, secretOf(order.keyId)), callbackUrl: order.checkout?.callbackUrl ?? null }
    },
    async fail(orderId) {
      const order = payableOrder(orderId)
      const payment = failAttempt(order, order.checkout ? defaultMethod(order.checkout) : 'card')
      return { paymentId: payment.id, callbackUrl: order.checkout?.callbackUrl ?? null, fields: failureFields(order, payment) }
    },
    signatureFor(orderId, paymentId, secret) {
      const owner = orders.get(orderId)?.keyId
      return sign(orderId, paymentId, secret ?? (owner ? secretOf(owner) : keySecret))
    },
    orders: () => [...orders.values()].map((each) => structuredClone(each)),
    payments: () => [...payments.values()].map((each) => structuredClone(each)),
    refunds: () => refunds.map((each) => structuredClone(each)),
    requests: () => requests.map((each) => structuredClone(each)),
    requestCount: (method, pathPrefix) => requests.filter((each) => each.method === method.toUpperCase() && each.path.startsWith(pathPrefix)).length,
    failNext(method, pathPrefix, status) {
      plannedFailures.push({ method: method.toUpperCase(), pathPrefix, status })
    },
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
      })
    },
  }
}

function publicOrder(order: FakeRazorpayOrder): RazorpayOrderObject {
  const { keyId: _keyId, checkout: _checkout, ...shape } = order
  // Overwriting notes in place keeps the key order Razorpay answers with.
  return { ...structuredClone(shape), notes: wireNotes(shape.notes) }
}

function publicPayment(payment: FakeRazorpayPayment): RazorpayPaymentObject {
  const { keyId: _keyId, ...shape } = payment
  return { ...structuredClone(shape), notes: wireNotes(shape.notes) }
}

function publicRefund(refund: FakeRazorpayRefund): RazorpayRefundObject {
  const { keyId: _keyId, ...shape } = refund
  return { ...structuredClone(shape), notes: wireNotes(shape.notes) }
}

function wireNotes(notes: Record<string, string>): RazorpayNotes {
  return Object.keys(notes).length === 0 ? [] : { ...notes }
}

function defaultMethod(checkout: FakeRazorpayCheckout): RazorpayPaymentMethod {
  return METHODS.find((method) => checkout.methods[method]) ?? 'card'
}

function merchantName(checkout: FakeRazorpayCheckout): string {
  return checkout.name ?? 'the merchant'
}

function sign(orderId: string, paymentId: string, secret: string): string {
  return createHmac('sha256', secret).update(`${orderId}|${paymentId}`, 'utf8').digest('hex')
}

function invalid(description: string, field?: string): Refusal {
  return new Refusal(400, {
    code: 'BAD_REQUEST_ERROR',
    description,
    source: 'business',
    step: 'payment_initiation',
    reason: 'input_validation_failed',
    metadata: {},
    ...(field ? { field } : {}),
  })
}

function notFoundRoute(method: string, path: string): Refusal {
  return new Refusal(404, {
    code: 'BAD_REQUEST_ERROR',
    description: `The requested URL was not found on the server. (The fake Razorpay in tests/fakes/razorpay.ts does not model ${method} ${path}.)`,
    source: 'NA',
    step: 'NA',
    reason: 'NA',
    metadata: {},
  })
}

/** Razorpay's SDKs send JSON; a form-encoded body would be accepted there, but the fake models JSON only and says so. */
function jsonBody(req: IncomingMessage, raw: string): JsonObject {
  if (raw.trim() === '') return {}
  const type = headerOf(req, 'content-type') ?? ''
  if (!/^application\/json\b/i.test(type)) throw invalid('The fake Razorpay accepts JSON request bodies only (Content-Type: application/json).')
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw invalid('The request body is not valid JSON.')
  }
  if (!isObject(parsed)) throw invalid('The request body must be a JSON object.')
  return parsed
}

function formBody(req: IncomingMessage, raw: string): URLSearchParams {
  const type = headerOf(req, 'content-type') ?? ''
  if (!/^application\/x-www-form-urlencoded\b/i.test(type)) throw new PageRefusal(400, 'The checkout takes a form POST (application/x-www-form-urlencoded).')
  const form = new URLSearchParams(raw)
  for (const name of new Set(form.keys())) {
    // A field sent twice means the merchant's form is built wrong; which copy wins is anyone's guess.
    if (form.getAll(name).length > 1) throw new PageRefusal(400, `${name} was sent more than once.`)
  }
  return form
}

function refuseUnknown(body: JsonObject, allowed: string[]): void {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key))
  if (unknown.length > 0) throw invalid(`${unknown.join(', ')} is/are not required and should not be sent`, unknown[0])
}

function jsonNotes(value: unknown): Record<string, string> {
  if (value === undefined || value === null) return {}
  // PHP clients send an empty notes set as [], which Razorpay takes as "no notes".
  if (Array.isArray(value) && value.length === 0) return {}
  if (!isObject(value)) throw invalid('The notes must be an object of key-value pairs.', 'notes')
  const notes: Record<string, string> = {}
  for (const [key, entry] of Object.entries(value)) {
    if (typeof entry !== 'string') throw invalid(`The notes.${key} must be a string.`, 'notes')
    notes[key] = entry
  }
  checkNotes(notes, (message) => invalid(message, 'notes'))
  return notes
}

function checkNotes(notes: Record<string, string>, refuse: (message: string) => Error): void {
  if (Object.keys(notes).length > MAX_NOTES) throw refuse(`Number of fields in notes should be less than or equal to ${MAX_NOTES}`)
  for (const [key, entry] of Object.entries(notes)) {
    if (entry.length > MAX_NOTE_LENGTH) throw refuse(`The notes.${key} may not be greater than ${MAX_NOTE_LENGTH} characters.`)
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value)
}

function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false
  const { protocol } = new URL(value)
  return protocol === 'http:' || protocol === 'https:'
}

function isCheckoutPath(path: string): boolean {
  return path.startsWith('/v1/checkout/')
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    throw invalid('The id provided does not exist', 'id')
  }
}

function formatAmount(minor: number, currency: string): string {
  const format = new Intl.NumberFormat('en-IN', { style: 'currency', currency })
  // Currencies without a minor unit (JPY) or with three digits (KWD): Intl knows which.
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  return format.format(minor / 10 ** digits)
}

function checkoutPage(order: FakeRazorpayOrder, checkout: FakeRazorpayCheckout): string {
  const merchant = merchantName(checkout)
  const first = defaultMethod(checkout)
  const methods = METHODS.filter((method) => checkout.methods[method])
    .map((method) => `<label><input type="radio" name="method" value="${method}"${method === first ? ' checked' : ''}> ${METHOD_LABELS[method]}</label>`)
    .join('<br>\n')
  const buyer = [checkout.prefill.name, checkout.prefill.email, checkout.prefill.contact].filter((each): each is string => each !== null)
  // The image is kept but not shown: a remote logo would make the page wait on the network in e2e tests.
  const body = [
    `<h1>Pay ${escapeHtml(merchant)}</h1>`,
    checkout.description ? `<p>${escapeHtml(checkout.description)}</p>` : '',
    `<p>Amount: <strong>${escapeHtml(formatAmount(order.amount, order.currency))}</strong></p>`,
    `<p>Order: <code>${escapeHtml(order.id)}</code></p>`,
    buyer.length > 0 ? `<p>Paying as ${escapeHtml(buyer.join(', '))}</p>` : '',
    '<form method="post" action="/v1/checkout/embedded/pay">',
    `<input type="hidden" name="order_id" value="${escapeHtml(order.id)}">`,
    `<fieldset><legend>Payment method</legend>\n${methods}\n</fieldset>`,
    '<p><button type="submit" name="outcome" value="pay">Pay</button> <button type="submit" name="outcome" value="fail">Fail payment</button></p>',
    '</form>',
    checkout.cancelUrl ? `<p><a href="${escapeHtml(checkout.cancelUrl)}">Cancel</a></p>` : '',
  ]
  return page(`Pay ${merchant}`, body.filter((line) => line !== '').join('\n'))
}

/** No script submits it: tests decide when the buyer goes back, and can stop in between. */
function returnForm(action: string, fields: Record<string, string>): string {
  const inputs = Object.entries(fields).map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
  return [`<form method="post" action="${escapeHtml(action)}">`, ...inputs, '<button type="submit">Return to the merchant</button>', '</form>'].join('\n')
}

function page(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} · Fake Razorpay Checkout</title></head>`,
    `<body><main>\n${body}\n</main></body>`,
    '</html>',
  ].join('\n')
}

function answerError(res: ServerResponse, path: string, error: unknown): void {
  if (res.headersSent) {
    res.end()
    return
  }
  if (error instanceof PageRefusal) {
    return sendHtml(res, error.status, page(error.title, `<h1>Checkout error</h1>\n<p>${escapeHtml(error.title)}</p>`))
  }
  if (error instanceof Refusal) return sendJson(res, error.status, { error: error.body })
  const description = error instanceof Error ? error.message : String(error)
  if (isCheckoutPath(path)) return sendHtml(res, 500, page('Something went wrong', `<h1>Checkout error</h1>\n<p>${escapeHtml(description)}</p>`))
  sendJson(res, 500, { error: { code: 'SERVER_ERROR', description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} } })
}

function randomToken(length: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
  return [...randomBytes(length)].map((byte) => alphabet[byte % alphabet.length]).join('')
}

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000)
}

/** The server's Razorpay setting that points it at this fake. */
export function razorpayEnvFor(fake: Pick<FakeRazorpay, 'url'>): Record<string, string> {
  return { RAZORPAY_API_URL: fake.url }
}
