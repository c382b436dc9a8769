import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { escapeHtml, headerOf, headersOf, postOnce, readBody, sendHtml, sendJson } from './fake-http'

export interface FakePhonePeOptions {
  merchantId?: string
  saltKey?: string
  saltIndex?: string
}

export type PhonePeState = 'PENDING' | 'COMPLETED' | 'FAILED'
export type PhonePeRedirectMode = 'REDIRECT' | 'POST'

export interface PhonePePaymentInstrument {
  type: 'UPI'
  utr: string
}

/** The status answer: what GET /pg/v1/status answers and what the server-to-server callback carries. */
export interface PhonePeStatusAnswer {
  success: boolean
  code: 'PAYMENT_SUCCESS' | 'PAYMENT_PENDING' | 'PAYMENT_ERROR'
  message: string
  data: {
    merchantId: string
    merchantTransactionId: string
    /** PhonePe's own id; null while the buyer has not acted yet. */
    transactionId: string | null
    amount: number
    state: PhonePeState
    responseCode: 'SUCCESS' | 'PENDING' | 'PAYMENT_ERROR'
    paymentInstrument: PhonePePaymentInstrument | null
  }
}

/** What the refund API answers, and what the refund's status and callback carry. */
export interface PhonePeRefundAnswer {
  success: true
  code: 'PAYMENT_SUCCESS'
  message: string
  data: {
    merchantId: string
    merchantTransactionId: string
    transactionId: string
    amount: number
    state: 'COMPLETED'
    responseCode: 'SUCCESS'
  }
}

export interface FakePhonePeTransaction {
  merchantId: string
  merchantTransactionId: string
  merchantUserId: string
  amount: number
  redirectUrl: string
  redirectMode: PhonePeRedirectMode
  callbackUrl: string
  mobileNumber: string | null
  state: PhonePeState
  transactionId: string | null
  paymentInstrument: PhonePePaymentInstrument | null
  /** Paise refunded so far. */
  amountRefunded: number
  /** Unix milliseconds. */
  createdAt: number
}

export interface FakePhonePeRefund {
  merchantId: string
  merchantTransactionId: string
  originalTransactionId: string
  merchantUserId: string
  amount: number
  callbackUrl: string
  transactionId: string
  state: 'COMPLETED'
  createdAt: number
}

/** A server-to-server callback, sent or held. */
export interface FakePhonePeCallbackMessage {
  kind: 'payment' | 'refund'
  url: string
  merchantId: string
  merchantTransactionId: string
  /** The JSON body exactly as sent: `{"response":"<base64>"}`. */
  body: string
  /** The X-VERIFY header sent with it. */
  xVerify: string
  /** The status answer inside the base64, decoded, for assertions. */
  payload: PhonePeStatusAnswer | PhonePeRefundAnswer
}

export interface FakePhonePeCallback extends FakePhonePeCallbackMessage {
  /** The receiver's HTTP status, or 0 when it could not be reached. */
  status: number
  error?: string
}

export interface FakePhonePeRequest {
  method: string
  /** The path without its query string. */
  path: string
  body: string
  /** Lower-cased names; repeated headers joined with ", ". */
  headers: Record<string, string>
  status: number
}

export interface FakePhonePe {
  /** http://127.0.0.1:<port>: the API base (it serves /pg/v1/...) and the pay page. */
  url: string
  merchantId: string
  saltKey: string
  saltIndex: string
  /** Another merchant account; its transactions are its own. */
  addMerchant(merchantId: string, saltKey: string, saltIndex: string): void
  /**
   * The buyer pays on the pay page, without a browser; resolves once the callback has been answered
   * (or held). merchantId is needed only when two merchants used the same merchantTransactionId.
   */
  pay(merchantTransactionId: string, merchantId?: string): Promise<void>
  /** The buyer declines; the FAILED callback is delivered like pay's. */
  decline(merchantTransactionId: string, merchantId?: string): Promise<void>
  /** While held, callbacks queue up instead of being sent; un-holding does not send them (releaseHeld does). */
  holdCallbacks(hold: boolean): void
  heldCallbacks(): FakePhonePeCallbackMessage[]
  /** Sends the held callbacks one after another, in the order they were made. */
  releaseHeld(): Promise<void>
  /** Every delivery attempt, in order. */
  callbacks(): FakePhonePeCallback[]
  /** Resolves once every callback under way has been answered: the refund API answers before its callback is sent. */
  idle(): Promise<void>
  transactions(): FakePhonePeTransaction[]
  refunds(): FakePhonePeRefund[]
  requests(): FakePhonePeRequest[]
  /** Requests whose method matches and whose path starts with pathPrefix. */
  requestCount(method: string, pathPrefix: string): number
  /** The next request matching method and path prefix answers this status with an INTERNAL_SERVER_ERROR body and changes nothing. */
  failNext(method: string, pathPrefix: string, status: number): void
  close(): Promise<void>
}

interface Merchant {
  saltKey: string
  saltIndex: string
}

interface PhonePeErrorBody {
  success: false
  code: string
  message: string
  data: Record<string, never>
}

/** Thrown by API handlers, answered in PhonePe's `{ success: false, code, message, data }` shape. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }

  get body(): PhonePeErrorBody {
    return { success: false, code: this.code, message: this.message, data: {} }
  }
}

/** Thrown by the pay page, answered as HTML: a browser is on the other end. */
class PageRefusal extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
  ) {
    super(title)
  }
}

type JsonObject = Record<string, unknown>

const PAY_FIELDS = ['merchantId', 'merchantTransactionId', 'merchantUserId', 'amount', 'redirectUrl', 'redirectMode', 'callbackUrl', 'mobileNumber', 'paymentInstrument']
const REFUND_FIELDS = ['merchantId', 'merchantUserId', 'originalTransactionId', 'merchantTransactionId', 'amount', 'callbackUrl']
const ID_PATTERN = /^[A-Za-z0-9_-]+$/
// PhonePe's smallest payment is one rupee.
const MINIMUM_AMOUNT = 100

/**
 * A local stand-in for PhonePe's PG Standard Checkout (v1): the pay API with its X-VERIFY
 * checksums, a pay page a browser or test can submit, the signed server-to-server callback, the
 * browser's way back (REDIRECT or form POST), the status API and refunds. Point the server at it
 * with phonePeEnvFor.
 */
export async function startFakePhonePe(options: FakePhonePeOptions = {}): Promise<FakePhonePe> {
  const merchantId = options.merchantId ?? `FAKEMERCHANT${randomDigits(6)}`
  const saltKey = options.saltKey ?? randomUUID()
  const saltIndex = options.saltIndex ?? '1'
  const merchants = new Map<string, Merchant>([[merchantId, { saltKey, saltIndex }]])
  // Keyed by merchant and merchantTransactionId: the ids are unique per merchant only.
  const transactions = new Map<string, FakePhonePeTransaction>()
  const refunds = new Map<string, FakePhonePeRefund>()
  const requests: FakePhonePeRequest[] = []
  const deliveries: FakePhonePeCallback[] = []
  const plannedFailures: { method: string; pathPrefix: string; status: number }[] = []
  const inFlight = new Set<Promise<void>>()
  let holding = false
  let held: FakePhonePeCallbackMessage[] = []
  let url = ''

  const server = createServer((req, res) => {
    const method = req.method ?? 'GET'
    const target = new URL(req.url ?? '/', 'http://fake')
    const entry = { method, path: target.pathname, body: '', headers: headersOf(req) }
    res.on('finish', () => requests.push({ ...entry, status: res.statusCode }))
    readBody(req)
      .then((raw) => {
        entry.body = raw
        return handle(req, res, method, target, raw)
      })
      .catch((error: unknown) => answerError(res, target.pathname, error))
  })

  async function handle(req: IncomingMessage, res: ServerResponse, method: string, target: URL, raw: string): Promise<void> {
    const path = target.pathname
    // A browser on the pay page asks for one; an empty answer keeps its console clean.
    if (method === 'GET' && path === '/favicon.ico') {
      res.writeHead(204)
      res.end()
      return
    }
    const planned = plannedFailures.findIndex((each) => each.method === method && path.startsWith(each.pathPrefix))
    if (planned >= 0) {
      const [failure] = plannedFailures.splice(planned, 1)
      if (isPagePath(path)) throw new PageRefusal(failure.status, 'Something went wrong')
      throw new Refusal(failure.status, 'INTERNAL_SERVER_ERROR', 'There is an error trying to process your transaction at the moment. Please try again in a while.')
    }

    const payPage = /^\/pay-page\/([^/]+)$/.exec(path)
    if (payPage) {
      const transaction = pageTransaction(decodePart(payPage[1]), target.searchParams.get('merchantId'))
      if (method === 'GET') return sendHtml(res, 200, payPageHtml(transaction))
      if (method === 'POST') return submitPayPage(req, res, transaction, raw)
    }
    if (method === 'POST' && path === '/pg/v1/pay') return sendJson(res, 200, startPayment(req, raw))
    const status = /^\/pg\/v1\/status\/([^/]+)\/([^/]+)$/.exec(path)
    if (method === 'GET' && status) return sendJson(res, 200, checkStatus(req, path, decodePart(status[1]), decodePart(status[2])))
    if (method === 'POST' && path === '/pg/v1/refund') {
      const { answer, fresh } = refund(req, raw)
      sendJson(res, 200, answer)
      // The API answers before the callback goes out, as PhonePe does; idle() waits for it.
      if (fresh) void track(dispatch(callbackFor('refund', fresh, answer)))
      return
    }
    throw new Refusal(404, 'NOT_FOUND', `The fake PhonePe in tests/fakes/phonepe.ts does not model ${method} ${path}.`)
  }

  function startPayment(req: IncomingMessage, raw: string): unknown {
    const { payload, merchant } = signedRequest(req, raw, '/pg/v1/pay')
    refuseUnknown(payload, PAY_FIELDS)
    const merchantTransactionId = idField(payload, 'merchantTransactionId', 35)
    const merchantUserId = idField(payload, 'merchantUserId', 36)
    const amount = amountField(payload)
    const redirectUrl = urlField(payload, 'redirectUrl')
    const redirectMode = payload.redirectMode
    if (redirectMode !== 'REDIRECT' && redirectMode !== 'POST') throw badRequest('redirectMode must be REDIRECT or POST')
    const callbackUrl = urlField(payload, 'callbackUrl')
    let mobileNumber: string | null = null
    if (payload.mobileNumber !== undefined && payload.mobileNumber !== null) {
      if (typeof payload.mobileNumber !== 'string' || !/^\d{10}$/.test(payload.mobileNumber)) throw badRequest('mobileNumber must be a 10-digit mobile number')
      mobileNumber = payload.mobileNumber
    }
    const instrument = payload.paymentInstrument
    if (!isObject(instrument)) throw badRequest('paymentInstrument is required')
    if (Object.keys(instrument).some((key) => key !== 'type')) throw badRequest('paymentInstrument takes only type for PAY_PAGE')
    if (instrument.type !== 'PAY_PAGE') throw badRequest('The fake PhonePe models paymentInstrument.type PAY_PAGE only')
    const id = keyOf(merchant, merchantTransactionId)
    if (transactions.has(id) || refunds.has(id)) throw badRequest('Duplicate merchantTransactionId')
    transactions.set(id, {
      merchantId: merchant,
      merchantTransactionId,
      merchantUserId,
      amount,
      redirectUrl,
      redirectMode,
      callbackUrl,
      mobileNumber,
      state: 'PENDING',
      transactionId: null,
      paymentInstrument: null,
      amountRefunded: 0,
      createdAt: Date.now(),
    })
    return {
      success: true,
      code: 'PAYMENT_INITIATED',
      message: 'Payment initiated',
      data: {
        merchantId: merchant,
        merchantTransactionId,
        instrumentResponse: { type: 'PAY_PAGE', redirectInfo: { url: payPageUrl(merchant, merchantTransactionId), method: 'GET' } },
      },
    }
  }

  function checkStatus(req: IncomingMessage, path: string, merchant: string, merchantTransactionId: string): PhonePeStatusAnswer | PhonePeRefundAnswer | PhonePeErrorBody {
    const salt = merchants.get(merchant)
    if (!salt) throw unauthorized('Merchant not found')
    if (headerOf(req, 'x-merchant-id') !== merchant) throw unauthorized('X-MERCHANT-ID header is missing or does not match the merchantId')
    verify(req, path, salt)
    const id = keyOf(merchant, merchantTransactionId)
    const transaction = transactions.get(id)
    if (transaction) return statusAnswer(transaction)
    // A refund is a transaction too: its status is asked the same way.
    const found = refunds.get(id)
    if (found) return refundAnswer(found)
    return { success: false, code: 'TRANSACTION_NOT_FOUND', message: 'No Transaction found with the given details.', data: {} }
  }

  function refund(req: IncomingMessage, raw: string): { answer: PhonePeRefundAnswer; fresh: FakePhonePeRefund | null } {
    const { payload, merchant } = signedRequest(req, raw, '/pg/v1/refund')
    refuseUnknown(payload, REFUND_FIELDS)
    const merchantUserId = idField(payload, 'merchantUserId', 36)
    const originalTransactionId = idField(payload, 'originalTransactionId', 35)
    const merchantTransactionId = idField(payload, 'merchantTransactionId', 35)
    const amount = amountField(payload, 1)
    const callbackUrl = urlField(payload, 'callbackUrl')
    const id = keyOf(merchant, merchantTransactionId)
    const earlier = refunds.get(id)
    if (earlier) {
      // A retry of the same refund answers it again; the same id for a different refund is a bug.
      if (earlier.originalTransactionId !== originalTransactionId || earlier.amount !== amount) throw badRequest('Duplicate merchantTransactionId')
      return { answer: refundAnswer(earlier), fresh: null }
    }
    if (transactions.has(id)) throw badRequest('Duplicate merchantTransactionId')
    const original = transactions.get(keyOf(merchant, originalTransactionId))
    if (!original) throw badRequest(`originalTransactionId ${originalTransactionId} was not found`)
    if (original.state !== 'COMPLETED') throw badRequest(`originalTransactionId ${originalTransactionId} is ${original.state}, not COMPLETED`)
    const left = original.amount - original.amountRefunded
    if (amount > left) throw badRequest(`amount ${amount} is more than the ${left} paise left to refund`)
    original.amountRefunded += amount
    const created: FakePhonePeRefund = {
      merchantId: merchant,
      merchantTransactionId,
      originalTransactionId,
      merchantUserId,
      amount,
      callbackUrl,
      transactionId: newTransactionId(),
      state: 'COMPLETED',
      createdAt: Date.now(),
    }
    refunds.set(id, created)
    return { answer: refundAnswer(created), fresh: created }
  }

  /** Decodes `{ request: base64 }` and checks X-VERIFY with the salt of the merchant it names. */
  function signedRequest(req: IncomingMessage, raw: string, endpoint: string): { payload: JsonObject; merchant: string } {
    if (!/^application\/json\b/i.test(headerOf(req, 'content-type') ?? '')) throw badRequest('Content-Type must be application/json')
    const envelope = parseJson(raw, 'The request body is not valid JSON')
    if (!isObject(envelope)) throw badRequest('The request body must be a JSON object')
    if (Object.keys(envelope).some((key) => key !== 'request')) throw badRequest('The body takes only request')
    const encoded = envelope.request
    if (typeof encoded !== 'string' || encoded === '') throw badRequest('request is required')
    // Buffer's decoder skips characters it does not know; PhonePe would not, so check first.
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(encoded) || encoded.length % 4 !== 0) throw badRequest('request must be base64')
    const payload = parseJson(Buffer.from(encoded, 'base64').toString('utf8'), 'request is not base64 of a JSON object')
    if (!isObject(payload)) throw badRequest('request is not base64 of a JSON object')
    const merchant = payload.merchantId
    if (typeof merchant !== 'string' || merchant === '') throw badRequest('merchantId is required')
    const salt = merchants.get(merchant)
    if (!salt) throw unauthorized('Merchant not found')
    const named = headerOf(req, 'x-merchant-id')
    if (named !== null && named !== merchant) throw unauthorized('X-MERCHANT-ID does not match the merchantId')
    verify(req, encoded + endpoint, salt)
    return { payload, merchant }
  }

  function verify(req: IncomingMessage, signed: string, salt: Merchant): void {
    const header = headerOf(req, 'x-verify')
    if (!header) throw unauthorized('X-VERIFY header is missing')
    const parts = /^([0-9a-fA-F]{64})###(\S+)$/.exec(header)
    if (!parts) throw unauthorized('X-VERIFY header is malformed: expected sha256###saltIndex')
    if (parts[2] !== salt.saltIndex) throw unauthorized('Key not found for the given salt index')
    if (parts[1].toLowerCase() !== sha256(signed + salt.saltKey)) throw unauthorized('X-VERIFY checksum does not match')
  }

  function statusAnswer(transaction: FakePhonePeTransaction): PhonePeStatusAnswer {
    const outcome = {
      COMPLETED: { success: true, code: 'PAYMENT_SUCCESS', message: 'Your payment is successful.', responseCode: 'SUCCESS' },
      PENDING: { success: false, code: 'PAYMENT_PENDING', message: 'Your payment is in pending state.', responseCode: 'PENDING' },
      FAILED: { success: false, code: 'PAYMENT_ERROR', message: 'Payment Failed', responseCode: 'PAYMENT_ERROR' },
    } as const
    const { success, code, message, responseCode } = outcome[transaction.state]
    return {
      success,
      code,
      message,
      data: {
        merchantId: transaction.merchantId,
        merchantTransactionId: transaction.merchantTransactionId,
        transactionId: transaction.transactionId,
        amount: transaction.amount,
        state: transaction.state,
        responseCode,
        paymentInstrument: transaction.paymentInstrument ? { ...transaction.paymentInstrument } : null,
      },
    }
  }

  /** The pay page's link names the merchant, since two merchants may share a merchantTransactionId. */
  function payPageUrl(merchant: string, merchantTransactionId: string): string {
    return `${url}/pay-page/${encodeURIComponent(merchantTransactionId)}?merchantId=${encodeURIComponent(merchant)}`
  }

  function pageTransaction(merchantTransactionId: string, merchant: string | null): FakePhonePeTransaction {
    const matches = [...transactions.values()].filter((each) => each.merchantTransactionId === merchantTransactionId && (merchant === null || each.merchantId === merchant))
    if (matches.length === 0) throw new PageRefusal(404, 'There is no payment at this address.')
    if (matches.length > 1) throw new PageRefusal(400, 'Several merchants have a payment with this id: add ?merchantId= to the address.')
    return matches[0]
  }

  function payPageHtml(transaction: FakePhonePeTransaction): string {
    if (transaction.state !== 'PENDING') return closedPage(transaction)
    const amount = escapeHtml(formatRupees(transaction.amount))
    const body = [
      `<h1>Pay ${amount}</h1>`,
      `<p>To merchant <code>${escapeHtml(transaction.merchantId)}</code>, for transaction <code>${escapeHtml(transaction.merchantTransactionId)}</code>.</p>`,
      transaction.mobileNumber ? `<p>Mobile number: ${escapeHtml(transaction.mobileNumber)}</p>` : '',
      `<form method="post" action="${escapeHtml(pagePath(transaction))}">`,
      '<p><button type="submit" name="outcome" value="pay">Pay</button> <button type="submit" name="outcome" value="decline">Decline</button></p>',
      '</form>',
    ]
    return page(`Pay ${formatRupees(transaction.amount)}`, body.filter((line) => line !== '').join('\n'))
  }

  async function submitPayPage(req: IncomingMessage, res: ServerResponse, transaction: FakePhonePeTransaction, raw: string): Promise<void> {
    if (!/^application\/x-www-form-urlencoded\b/i.test(headerOf(req, 'content-type') ?? '')) throw new PageRefusal(400, 'The pay page takes a form POST.')
    const outcome = new URLSearchParams(raw).get('outcome')
    if (outcome !== 'pay' && outcome !== 'decline') throw new PageRefusal(400, 'outcome must be pay or decline.')
    if (transaction.state !== 'PENDING') return sendHtml(res, 410, closedPage(transaction))
    await settle(transaction, outcome === 'pay' ? 'COMPLETED' : 'FAILED')
    if (transaction.redirectMode === 'REDIRECT') {
      res.writeHead(302, { Location: transaction.redirectUrl })
      res.end()
      return
    }
    sendHtml(res, 200, returnPage(transaction))
  }

  /** Ends the transaction the buyer's way and sends (or holds) its callback, resolving once answered. */
  async function settle(transaction: FakePhonePeTransaction, state: 'COMPLETED' | 'FAILED'): Promise<void> {
    transaction.state = state
    transaction.transactionId = newTransactionId()
    transaction.paymentInstrument = state === 'COMPLETED' ? { type: 'UPI', utr: randomDigits(12) } : null
    await track(dispatch(callbackFor('payment', transaction, statusAnswer(transaction))))
  }

  /** The browser's way back in POST mode: the fields PhonePe posts, with its checksum over them. No script submits it, so tests decide when. */
  function returnPage(transaction: FakePhonePeTransaction): string {
    const salt = merchants.get(transaction.merchantId) ?? { saltKey, saltIndex }
    const code = transaction.state === 'COMPLETED' ? 'PAYMENT_SUCCESS' : 'PAYMENT_ERROR'
    const fields: Record<string, string> = {
      code,
      merchantId: transaction.merchantId,
      transactionId: transaction.merchantTransactionId,
      amount: String(transaction.amount),
      providerReferenceId: transaction.transactionId ?? '',
    }
    // PhonePe's form checksum: SHA256 of the field values in this order (param1..20 are empty here) and the salt key.
    fields.checksum = `${sha256(fields.code + fields.merchantId + fields.transactionId + fields.amount + fields.providerReferenceId + salt.saltKey)}###${salt.saltIndex}`
    const heading = transaction.state === 'COMPLETED' ? 'Payment successful' : 'Payment declined'
    const inputs = Object.entries(fields).map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    const body = [
      `<h1>${heading}</h1>`,
      `<p>${escapeHtml(formatRupees(transaction.amount))} for transaction <code>${escapeHtml(transaction.merchantTransactionId)}</code>.</p>`,
      `<form method="post" action="${escapeHtml(transaction.redirectUrl)}">`,
      ...inputs,
      '<button type="submit">Return to the merchant</button>',
      '</form>',
    ]
    return page(heading, body.join('\n'))
  }

  function callbackFor(
    kind: FakePhonePeCallbackMessage['kind'],
    subject: { merchantId: string; merchantTransactionId: string; callbackUrl: string },
    payload: PhonePeStatusAnswer | PhonePeRefundAnswer,
  ): FakePhonePeCallbackMessage {
    const salt = merchants.get(subject.merchantId) ?? { saltKey, saltIndex }
    const response = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64')
    return {
      kind,
      url: subject.callbackUrl,
      merchantId: subject.merchantId,
      merchantTransactionId: subject.merchantTransactionId,
      body: JSON.stringify({ response }),
      xVerify: `${sha256(response + salt.saltKey)}###${salt.saltIndex}`,
      payload: structuredClone(payload),
    }
  }

  async function dispatch(message: FakePhonePeCallbackMessage): Promise<void> {
    if (holding) {
      held.push(message)
      return
    }
    await deliver(message)
  }

  /** Records the attempt and never throws: a broken receiver must not break the buyer's page. */
  async function deliver(message: FakePhonePeCallbackMessage): Promise<void> {
    try {
      const status = await postJson(message.url, message.body, message.xVerify)
      deliveries.push({ ...structuredClone(message), status })
    } catch (error) {
      deliveries.push({ ...structuredClone(message), status: 0, error: error instanceof Error ? error.message : String(error) })
    }
  }

  function track(work: Promise<void>): Promise<void> {
    inFlight.add(work)
    return work.finally(() => inFlight.delete(work))
  }

  async function idle(): Promise<void> {
    while (inFlight.size > 0) await Promise.allSettled([...inFlight])
  }

  /** A control called on a transaction that does not exist or is settled means the test is wrong: say so loudly. */
  function pendingTransaction(merchantTransactionId: string, merchant: string | undefined): FakePhonePeTransaction {
    const matches = [...transactions.values()].filter((each) => each.merchantTransactionId === merchantTransactionId && (merchant === undefined || each.merchantId === merchant))
    if (matches.length === 0) throw new Error(`fake PhonePe: no transaction ${merchantTransactionId}`)
    if (matches.length > 1) throw new Error(`fake PhonePe: several merchants have a transaction ${merchantTransactionId}; pass the merchantId`)
    if (matches[0].state !== 'PENDING') throw new Error(`fake PhonePe: transaction ${merchantTransactionId} is ${matches[0].state}, not PENDING`)
    return matches[0]
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  url = `http://127.0.0.1:${port}`

  return {
    url,
    merchantId,
    saltKey,
    saltIndex,
    addMerchant(id, key, index) {
      merchants.set(id, { saltKey: key, saltIndex: index })
    },
    async pay(merchantTransactionId, merchant) {
      await settle(pendingTransaction(merchantTransactionId, merchant), 'COMPLETED')
    },
    async decline(merchantTransactionId, merchant) {
      await settle(pendingTransaction(merchantTransactionId, merchant), 'FAILED')
    },
    holdCallbacks(hold) {
      holding = hold
    },
    heldCallbacks: () => held.map((each) => structuredClone(each)),
    async releaseHeld() {
      const batch = held
      held = []
      for (const message of batch) await track(deliver(message))
    },
    callbacks: () => deliveries.map((each) => structuredClone(each)),
    idle,
    transactions: () => [...transactions.values()].map((each) => structuredClone(each)),
    refunds: () => [...refunds.values()].map((each) => structuredClone(each)),
    requests: () => requests.map((each) => structuredClone(each)),
    requestCount: (method, pathPrefix) => requests.filter((each) => each.method === method.toUpperCase() && each.path.startsWith(pathPrefix)).length,
    failNext(method, pathPrefix, status) {
      plannedFailures.push({ method: method.toUpperCase(), pathPrefix, status })
    },
    async close() {
      await idle()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
      })
    },
  }
}

function refundAnswer(refund: FakePhonePeRefund): PhonePeRefundAnswer {
  return {
    success: true,
    code: 'PAYMENT_SUCCESS',
    message: 'Your request has been successfully completed.',
    data: {
      merchantId: refund.merchantId,
      merchantTransactionId: refund.merchantTransactionId,
      transactionId: refund.transactionId,
      amount: refund.amount,
      state: 'COMPLETED',
      responseCode: 'SUCCESS',
    },
  }
}

function keyOf(merchant: string, merchantTransactionId: string): string {
  return `${merchant}\n${merchantTransactionId}`
}

function pagePath(transaction: FakePhonePeTransaction): string {
  return `/pay-page/${encodeURIComponent(transaction.merchantTransactionId)}?merchantId=${encodeURIComponent(transaction.merchantId)}`
}

function closedPage(transaction: FakePhonePeTransaction): string {
  const why = transaction.state === 'COMPLETED' ? 'It has already been paid.' : 'It was declined.'
  return page('Payment closed', `<h1>Payment closed</h1>\n<p>This payment is no longer open. ${why}</p>`)
}

function badRequest(message: string): Refusal {
  return new Refusal(400, 'BAD_REQUEST', message)
}

function unauthorized(message: string): Refusal {
  return new Refusal(401, 'AUTHORIZATION_FAILED', message)
}

function refuseUnknown(payload: JsonObject, allowed: string[]): void {
  const unknown = Object.keys(payload).filter((key) => !allowed.includes(key))
  if (unknown.length > 0) throw badRequest(`Unknown field(s) in request: ${unknown.join(', ')}`)
}

function idField(payload: JsonObject, name: string, maxLength: number): string {
  const value = payload[name]
  if (value === undefined || value === null || value === '') throw badRequest(`${name} is required`)
  if (typeof value !== 'string' || value.length > maxLength || !ID_PATTERN.test(value)) {
    throw badRequest(`${name} must be 1-${maxLength} characters of A-Z, a-z, 0-9, _ and -`)
  }
  return value
}

function amountField(payload: JsonObject, minimum = MINIMUM_AMOUNT): number {
  const value = payload.amount
  if (value === undefined || value === null) throw badRequest('amount is required')
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw badRequest('amount must be an integer number of paise')
  if (value < minimum) throw badRequest(`amount must be at least ${minimum} paise`)
  return value
}

function urlField(payload: JsonObject, name: string): string {
  const value = payload[name]
  if (value === undefined || value === null || value === '') throw badRequest(`${name} is required`)
  if (typeof value !== 'string' || !URL.canParse(value) || !['http:', 'https:'].includes(new URL(value).protocol)) throw badRequest(`${name} must be an http(s) URL`)
  return value
}

function parseJson(raw: string, complaint: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    throw badRequest(complaint)
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isPagePath(path: string): boolean {
  return path.startsWith('/pay-page/')
}

function decodePart(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    throw badRequest('The address is not validly encoded')
  }
}

function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex')
}

/** PhonePe's own ids look like T2403151234567890123: a T and digits. */
function newTransactionId(): string {
  return `T${randomDigits(21)}`
}

function randomDigits(length: number): string {
  return [...randomBytes(length)].map((byte) => String(byte % 10)).join('')
}

function formatRupees(paise: number): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(paise / 100)
}

function page(title: string, body: string): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)} · Fake PhonePe</title></head>`,
    `<body><main>\n${body}\n</main></body>`,
    '</html>',
  ].join('\n')
}

function answerError(res: ServerResponse, path: string, error: unknown): void {
  if (res.headersSent) {
    res.end()
    return
  }
  if (error instanceof PageRefusal) return sendHtml(res, error.status, page(error.title, `<h1>Payment error</h1>\n<p>${escapeHtml(error.title)}</p>`))
  if (error instanceof Refusal) return sendJson(res, error.status, error.body)
  const message = error instanceof Error ? error.message : String(error)
  if (isPagePath(path)) return sendHtml(res, 500, page('Something went wrong', `<h1>Payment error</h1>\n<p>${escapeHtml(message)}</p>`))
  sendJson(res, 500, { success: false, code: 'INTERNAL_SERVER_ERROR', message, data: {} })
}

/** The server's PhonePe settings that point it at this fake, live and sandbox alike. */
export function phonePeEnvFor(fake: Pick<FakePhonePe, 'url'>): Record<string, string> {
  return { PHONEPE_API_URL: fake.url, PHONEPE_SANDBOX_API_URL: fake.url }
}

/** PhonePe's server-to-server callback: the payload with its X-VERIFY, one POST. */
function postJson(target: string, payload: string, xVerify: string): Promise<number> {
  return postOnce(target, payload, { 'Content-Type': 'application/json', 'X-VERIFY': xVerify }, 'callback receiver')
}
