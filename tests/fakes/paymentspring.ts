import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { headerOf, headersOf, readBody, sendJson } from './fake-http'

export interface FakePaymentSpringOptions {
  publicKey?: string
  privateKey?: string
}

export type PaymentSpringCardType = 'visa' | 'mastercard' | 'amex' | 'discover'
export type PaymentSpringTokenType = 'credit_card' | 'bank_account'
export type PaymentSpringBankAccountType = 'checking' | 'savings'
/** SETTLED for cards at once; PENDING for bank (ACH) debits until the test settles them; REVERSED once reversed in full. */
export type PaymentSpringTransactionStatus = 'SETTLED' | 'PENDING' | 'REVERSED'

/** Every refusal has this shape, whatever went wrong: clients read `errors[0].message`. */
export interface PaymentSpringError {
  code: string
  message: string
}

export interface PaymentSpringErrorBody {
  errors: PaymentSpringError[]
}

/** A card token exactly as the API answers it: never the full number or the CSC. */
export interface PaymentSpringCardTokenObject {
  id: string
  class: 'token'
  card_type: PaymentSpringCardType | null
  card_owner_name: string
  last_4: string
  card_exp_month: number
  card_exp_year: number
  token_type: 'credit_card'
}

/** A bank account token as the API answers it: the card fields are there, empty, so one client schema reads both kinds. */
export interface PaymentSpringBankTokenObject {
  id: string
  class: 'token'
  card_type: null
  card_owner_name: null
  last_4: string
  card_exp_month: null
  card_exp_year: null
  token_type: 'bank_account'
  bank_account_holder_first_name: string
  bank_account_holder_last_name: string
  bank_account_type: PaymentSpringBankAccountType
  bank_routing_number: string
}

export type PaymentSpringTokenObject = PaymentSpringCardTokenObject | PaymentSpringBankTokenObject

/** What the fake keeps about a token beyond the API answer, for assertions. */
export interface FakePaymentSpringTokenExtra {
  /** The key pair it was made with: only that pair's private key can charge it. */
  publicKey: string
  privateKey: string
  /** Set by the first charge that reached the card network, declined or not, or by saving it on a customer. */
  used: boolean
  createdAt: string
  zip: string | null
}

export type FakePaymentSpringToken = PaymentSpringTokenObject & FakePaymentSpringTokenExtra

/** What a customer holds whatever was saved on it; fields not sent are null. */
interface PaymentSpringCustomerDetails {
  id: string
  class: 'customer'
  first_name: string | null
  last_name: string | null
  email: string | null
  company: string | null
  address_1: string | null
  city: string | null
  state: string | null
  zip: string | null
  phone: string | null
  created_at: string
}

/** A customer with a card on file, as the API answers it: never the full number. */
export interface PaymentSpringCardCustomerObject extends PaymentSpringCustomerDetails {
  card_type: PaymentSpringCardType | null
  card_owner_name: string
  last_4: string
  card_exp_month: number
  card_exp_year: number
}

/** A customer with a bank account on file: the card fields are there, empty, as on a bank token. */
export interface PaymentSpringBankCustomerObject extends PaymentSpringCustomerDetails {
  card_type: null
  card_owner_name: null
  last_4: null
  card_exp_month: null
  card_exp_year: null
  bank_account_number_last_4: string
  bank_routing_number: string
  bank_account_type: PaymentSpringBankAccountType
  bank_account_holder_first_name: string
  bank_account_holder_last_name: string
}

export type PaymentSpringCustomerObject = PaymentSpringCardCustomerObject | PaymentSpringBankCustomerObject

/** What the fake keeps about a customer beyond the API answer, for assertions. */
export interface FakePaymentSpringCustomerExtra {
  /** The key pair it was made with: only that pair's private key can read, charge or delete it. */
  publicKey: string
  privateKey: string
  /** The token it was made from, used up by it. */
  tokenId: string
  /** Deleted customers stay listed, so a test can see that the server deleted one. */
  deleted: boolean
}

export type FakePaymentSpringCustomer = PaymentSpringCustomerObject & FakePaymentSpringCustomerExtra

/** The transaction exactly as the API answers it. */
export interface PaymentSpringTransactionObject {
  id: string
  class: 'transaction'
  status: PaymentSpringTransactionStatus
  amount_authorized: number
  /** 0 while an ACH debit is PENDING: the money has not moved yet. */
  amount_settled: number
  amount_refunded: number
  card_type: PaymentSpringCardType | null
  last_4: string
  description: string | null
  metadata: Record<string, string>
  created_at: string
  payment_method: PaymentSpringTokenType
  error_message: null
}

export interface FakePaymentSpringTransaction extends PaymentSpringTransactionObject {
  publicKey: string
  privateKey: string
  /** The token charged; for a charge of a customer's card on file, the token that card was saved from. */
  tokenId: string
  sendReceipt: boolean
  customerId: string | null
}

export interface FakePaymentSpringReversal {
  transactionId: string
  amount: number
  publicKey: string
  privateKey: string
  createdAt: string
}

export interface FakePaymentSpringRequest {
  method: string
  /** The path without its query string. */
  path: string
  /**
   * The body as received, with card and bank account numbers cut to their last 4 and the CSC
   * replaced by '***': a test log is still a log, and card data must never be written to one.
   * A JSON body is re-serialised to do that, so its spacing may differ from what was sent.
   */
  body: string
  /** Lower-cased names; repeated headers joined with ", ". */
  headers: Record<string, string>
  status: number
}

export interface FakePaymentSpring {
  /** http://127.0.0.1:<port>; the API lives under /api/v1/ below it. */
  url: string
  publicKey: string
  privateKey: string
  /** Another key pair (another merchant): its tokens, customers and transactions are invisible to the others. */
  addKeys(publicKey: string, privateKey: string): void
  /** Moves a PENDING bank debit to SETTLED, as the ACH network would days later. */
  settle(transactionId: string): void
  tokens(): FakePaymentSpringToken[]
  customers(): FakePaymentSpringCustomer[]
  transactions(): FakePaymentSpringTransaction[]
  reversals(): FakePaymentSpringReversal[]
  requests(): FakePaymentSpringRequest[]
  /** Requests whose method matches and whose path starts with pathPrefix. */
  requestCount(method: string, pathPrefix: string): number
  /** The next request matching method and path prefix answers this status with an errors body and changes nothing. */
  failNext(method: string, pathPrefix: string, status: number): void
  /**
   * The next request matching method and path prefix waits this long before it is handled, so
   * a second click can arrive while the first charge is still in flight. Later requests are not
   * held back; close() cuts any wait short.
   */
  delayNext(method: string, pathPrefix: string, ms: number): void
  close(): Promise<void>
}

/** Thrown by API handlers, answered in the `{ errors: [...] }` shape. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly errors: PaymentSpringError[],
  ) {
    super(errors.map((each) => each.message).join('; '))
  }
}

type JsonObject = Record<string, unknown>

interface KeyPair {
  publicKey: string
  privateKey: string
}

interface StoredToken {
  wire: PaymentSpringTokenObject
  extra: FakePaymentSpringTokenExtra
  /** Whether a charge with it is refused: kept instead of the number, which the fake never stores. */
  refused: boolean
}

interface StoredCustomer {
  wire: PaymentSpringCustomerObject
  pair: KeyPair
  /** The token it was made from: what a charge of the customer reads the card and its fate from. */
  source: StoredToken
  deleted: boolean
}

interface StoredTransaction {
  wire: PaymentSpringTransactionObject
  pair: KeyPair
  tokenId: string
  sendReceipt: boolean
  customerId: string | null
}

interface Planned {
  method: string
  pathPrefix: string
}

/**
 * Codes: the numeric ones the provider's reference lists where one fits, our own otherwise.
 * Clients should branch on the HTTP status and show the message, not parse these.
 */
const CODES = {
  badRequest: '10000',
  missingField: '10001',
  unknownField: '10002',
  invalidField: '10003',
  invalidKey: '2001',
  cardNumber: '11112',
  expiryFormat: '11110',
  expired: '11111',
  csc: '234722',
  routingNumber: '10004',
  bankAccountNumber: '10005',
  amount: '38501',
  tokenNotFound: '882719',
  tokenUsed: '882720',
  declined: '38',
  bankRejected: '10006',
  reversal: '10007',
  notFound: '404',
  customerNotFound: '10008',
} as const

const CARD_FIELDS = ['token_type', 'card_owner_name', 'card_number', 'card_exp_month', 'card_exp_year', 'csc', 'zip']
const BANK_FIELDS = ['token_type', 'bank_account_number', 'bank_routing_number', 'bank_account_holder_first_name', 'bank_account_holder_last_name', 'bank_account_type']
const CHARGE_FIELDS = ['token', 'amount', 'send_receipt', 'description', 'metadata', 'customer_id']
const REVERSE_FIELDS = ['amount']
const CUSTOMER_FIELDS = ['token', 'first_name', 'last_name', 'email', 'company', 'address_1', 'city', 'state', 'zip', 'phone']
const ZIP_CODE = /^[A-Za-z0-9 -]{1,10}$/
// Loose on purpose: enough to catch a name or phone number sent in the email field.
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/
// Passes the Luhn check, so it gets as far as the card network, which then says no.
const DECLINED_CARD = '4000000000000002'
const REJECTED_BANK_ACCOUNT = '000000000'
const MAX_DESCRIPTION = 255
/** Body fields whose values a log must not hold in full. */
const MASKED_NUMBERS = new Set(['card_number', 'bank_account_number'])
// The misspellings too: a client that sends the CSC as cvv is refused, but its request is still logged.
const SECURITY_CODE = /^(csc|cvv2?|cvc2?|cid|security_code)$/i

/**
 * A local stand-in for the PaymentSpring REST API v1: single-use tokens made with a public key;
 * customers (a token's card or bank account kept on file), charges, reads and reversals made with
 * the private key of the same pair. Point the server at it with paymentSpringEnvFor.
 */
export async function startFakePaymentSpring(options: FakePaymentSpringOptions = {}): Promise<FakePaymentSpring> {
  const publicKey = options.publicKey ?? `test_pub_${randomBytes(12).toString('hex')}`
  const privateKey = options.privateKey ?? `test_prv_${randomBytes(12).toString('hex')}`
  // Both directions, because a request names one key and the pair is what owns things.
  const privateOf = new Map<string, string>()
  const publicOf = new Map<string, string>()
  const tokens = new Map<string, StoredToken>()
  const customers = new Map<string, StoredCustomer>()
  const transactions = new Map<string, StoredTransaction>()
  const reversals: FakePaymentSpringReversal[] = []
  const requests: FakePaymentSpringRequest[] = []
  const plannedFailures: (Planned & { status: number })[] = []
  const plannedDelays: (Planned & { ms: number })[] = []
  const waiting = new Set<() => void>()
  let closing = false

  addPair(publicKey, privateKey)

  function addPair(pub: string, prv: string): void {
    for (const key of [pub, prv]) {
      // A colon cannot be sent as a Basic user name; a test that tries has a typo, not a key.
      if (typeof key !== 'string' || key === '' || key.includes(':')) throw new Error(`fake PaymentSpring: unusable API key ${JSON.stringify(key)}`)
    }
    if (pub === prv) throw new Error('fake PaymentSpring: the public and private key of a pair must differ')
    if (privateOf.get(pub) === prv) return
    if (privateOf.has(pub) || publicOf.has(pub) || privateOf.has(prv) || publicOf.has(prv)) {
      throw new Error('fake PaymentSpring: a key already belongs to another pair')
    }
    privateOf.set(pub, prv)
    publicOf.set(prv, pub)
  }

  const server = createServer((req, res) => {
    const method = req.method ?? 'GET'
    const path = new URL(req.url ?? '/', 'http://fake').pathname
    const entry = { method, path, body: '', headers: headersOf(req) }
    res.on('finish', () => requests.push({ ...entry, status: res.statusCode }))
    // Tokens are made from buyers' browsers too (with the public key), so that endpoint answers
    // cross-origin calls, preflight included; everything else is for servers only, as on the real API.
    if (path === '/api/v1/tokens') {
      res.setHeader('Access-Control-Allow-Origin', headerOf(req, 'origin') ?? '*')
      res.setHeader('Vary', 'Origin')
      if (method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Methods': 'POST',
          'Access-Control-Allow-Headers': 'authorization, content-type, accept',
          'Access-Control-Max-Age': '600',
          'Content-Length': '0',
        })
        res.end()
        return
      }
    }
    // Taken on arrival, so of two quick requests only the first is held back.
    const delay = takePlanned(plannedDelays, method, path)
    readBody(req)
      .then(async (raw) => {
        entry.body = maskBody(raw)
        await wait(delay?.ms ?? 0)
        // A request held past close() would otherwise leave a keep-alive socket that holds close() open.
        if (closing) res.setHeader('Connection', 'close')
        sendJson(res, 200, handle(req, method, path, raw))
      })
      .catch((error: unknown) => answerError(res, error))
  })

  function handle(req: IncomingMessage, method: string, path: string, raw: string): unknown {
    const failure = takePlanned(plannedFailures, method, path)
    if (failure) throw new Refusal(failure.status, [{ code: String(failure.status), message: 'An unexpected error occurred' }])
    if (method === 'POST' && path === '/api/v1/tokens') {
      const pair = authenticate(req, 'public')
      return createToken(pair, jsonBody(req, raw))
    }
    if (method === 'POST' && path === '/api/v1/charge') {
      const pair = authenticate(req, 'private')
      return charge(pair, jsonBody(req, raw))
    }
    if (method === 'POST' && path === '/api/v1/customers') {
      const pair = authenticate(req, 'private')
      return createCustomer(pair, jsonBody(req, raw))
    }
    const customer = /^\/api\/v1\/customers\/([^/]+)$/.exec(path)
    if (customer && (method === 'GET' || method === 'DELETE')) {
      const pair = authenticate(req, 'private')
      const found = ownCustomer(pair, decodePart(customer[1], 'Customer not found'))
      if (method === 'GET') return structuredClone(found.wire)
      found.deleted = true
      return { success: true }
    }
    const read = /^\/api\/v1\/transaction\/([^/]+)$/.exec(path)
    if (read && method === 'GET') {
      const pair = authenticate(req, 'private')
      return structuredClone(ownTransaction(pair, decodePart(read[1], 'Transaction not found')).wire)
    }
    const reverse = /^\/api\/v1\/transaction\/([^/]+)\/reverse$/.exec(path)
    if (reverse && method === 'POST') {
      const pair = authenticate(req, 'private')
      return reverseTransaction(pair, decodePart(reverse[1], 'Transaction not found'), jsonBody(req, raw))
    }
    throw new Refusal(404, [{ code: CODES.notFound, message: `Not found (the fake in tests/fakes/paymentspring.ts does not model ${method} ${path})` }])
  }

  /**
   * HTTP Basic, the key as the user name and no password. Tokens take the public key, everything
   * else the private one, so a swapped pair in the settings fails in tests, not first in production.
   */
  function authenticate(req: IncomingMessage, kind: 'public' | 'private'): KeyPair {
    const refuse = () => new Refusal(401, [{ code: CODES.invalidKey, message: 'Invalid API key' }])
    const encoded = /^Basic\s+([A-Za-z0-9+/]+=*)\s*$/i.exec(headerOf(req, 'authorization') ?? '')?.[1]
    if (!encoded) throw refuse()
    const decoded = Buffer.from(encoded, 'base64').toString('utf8')
    const colon = decoded.indexOf(':')
    if (colon <= 0 || decoded.slice(colon + 1) !== '') throw refuse()
    const key = decoded.slice(0, colon)
    if (kind === 'public') {
      const prv = privateOf.get(key)
      if (prv === undefined) throw refuse()
      return { publicKey: key, privateKey: prv }
    }
    const pub = publicOf.get(key)
    if (pub === undefined) throw refuse()
    return { publicKey: pub, privateKey: key }
  }

  function createToken(pair: KeyPair, body: JsonObject): PaymentSpringTokenObject {
    const type = body.token_type ?? 'credit_card'
    if (type !== 'credit_card' && type !== 'bank_account') throw invalid(CODES.invalidField, "token_type must be 'credit_card' or 'bank_account'")
    const stored = type === 'bank_account' ? bankToken(pair, body) : cardToken(pair, body)
    tokens.set(stored.wire.id, stored)
    return structuredClone(stored.wire)
  }

  function cardToken(pair: KeyPair, body: JsonObject): StoredToken {
    refuseUnknown(body, CARD_FIELDS)
    const errors: PaymentSpringError[] = []
    const name = requiredText(body, 'card_owner_name', errors)
    const number = required(body, 'card_number', errors)
    if (number !== undefined && !isCardNumber(number)) errors.push({ code: CODES.cardNumber, message: 'Card number is invalid' })
    const month = required(body, 'card_exp_month', errors)
    const expMonth = month === undefined ? null : parseMonth(month)
    if (month !== undefined && expMonth === null) errors.push({ code: CODES.expiryFormat, message: 'Card expiration month is invalid' })
    const year = required(body, 'card_exp_year', errors)
    const expYear = year === undefined ? null : parseYear(year)
    if (year !== undefined && expYear === null) errors.push({ code: CODES.expiryFormat, message: 'Card expiration year is invalid' })
    if (expMonth !== null && expYear !== null && isExpired(expMonth, expYear)) errors.push({ code: CODES.expired, message: 'Card is expired' })
    const csc = required(body, 'csc', errors)
    // A string only: a number would lose the leading zero of a CSC such as 012.
    if (csc !== undefined && !(typeof csc === 'string' && /^\d{3,4}$/.test(csc))) errors.push({ code: CODES.csc, message: 'CSC is invalid' })
    const zip = optional(body, 'zip')
    if (zip !== undefined && !(typeof zip === 'string' && ZIP_CODE.test(zip))) errors.push({ code: CODES.invalidField, message: 'Zip is invalid' })
    if (errors.length > 0) throw new Refusal(422, errors)
    const digits = number as string
    return {
      wire: {
        id: hexId(),
        class: 'token',
        card_type: cardTypeOf(digits),
        card_owner_name: name as string,
        last_4: digits.slice(-4),
        card_exp_month: expMonth as number,
        card_exp_year: expYear as number,
        token_type: 'credit_card',
      },
      extra: { ...pair, used: false, createdAt: new Date().toISOString(), zip: typeof zip === 'string' ? zip : null },
      refused: digits === DECLINED_CARD,
    }
  }

  function bankToken(pair: KeyPair, body: JsonObject): StoredToken {
    refuseUnknown(body, BANK_FIELDS)
    const errors: PaymentSpringError[] = []
    const account = required(body, 'bank_account_number', errors)
    if (account !== undefined && !(typeof account === 'string' && /^\d{4,17}$/.test(account))) {
      errors.push({ code: CODES.bankAccountNumber, message: 'Bank account number is invalid' })
    }
    const routing = required(body, 'bank_routing_number', errors)
    if (routing !== undefined && !isRoutingNumber(routing)) errors.push({ code: CODES.routingNumber, message: 'Routing number is invalid' })
    const first = requiredText(body, 'bank_account_holder_first_name', errors)
    const last = requiredText(body, 'bank_account_holder_last_name', errors)
    const accountType = required(body, 'bank_account_type', errors)
    if (accountType !== undefined && accountType !== 'checking' && accountType !== 'savings') {
      errors.push({ code: CODES.invalidField, message: "Bank account type must be 'checking' or 'savings'" })
    }
    if (errors.length > 0) throw new Refusal(422, errors)
    const digits = account as string
    return {
      wire: {
        id: hexId(),
        class: 'token',
        card_type: null,
        card_owner_name: null,
        last_4: digits.slice(-4),
        card_exp_month: null,
        card_exp_year: null,
        token_type: 'bank_account',
        bank_account_holder_first_name: first as string,
        bank_account_holder_last_name: last as string,
        bank_account_type: accountType as PaymentSpringBankAccountType,
        bank_routing_number: routing as string,
      },
      extra: { ...pair, used: false, createdAt: new Date().toISOString(), zip: null },
      refused: digits === REJECTED_BANK_ACCOUNT,
    }
  }

  function createCustomer(pair: KeyPair, body: JsonObject): PaymentSpringCustomerObject {
    refuseUnknown(body, CUSTOMER_FIELDS)
    const errors: PaymentSpringError[] = []
    const tokenId = required(body, 'token', errors)
    if (tokenId !== undefined && typeof tokenId !== 'string') errors.push({ code: CODES.invalidField, message: 'Token must be a string' })
    const text = (field: string) => optionalText(body, field, errors)
    const details = {
      first_name: text('first_name'),
      last_name: text('last_name'),
      email: text('email'),
      company: text('company'),
      address_1: text('address_1'),
      city: text('city'),
      state: text('state'),
      zip: text('zip'),
      phone: text('phone'),
    }
    if (details.email !== null && !EMAIL.test(details.email)) errors.push({ code: CODES.invalidField, message: 'Email is invalid' })
    if (details.zip !== null && !ZIP_CODE.test(details.zip)) errors.push({ code: CODES.invalidField, message: 'Zip is invalid' })
    if (errors.length > 0) throw new Refusal(422, errors)
    // Used up as a charge would use it: the card is now on file, and the customer id is what charges it again.
    const source = takeToken(pair, tokenId as string)
    const base = { id: hexId(), class: 'customer' as const, ...details, created_at: new Date().toISOString() }
    const token = source.wire
    const wire: PaymentSpringCustomerObject =
      token.token_type === 'bank_account'
        ? {
            ...base,
            card_type: null,
            card_owner_name: null,
            last_4: null,
            card_exp_month: null,
            card_exp_year: null,
            bank_account_number_last_4: token.last_4,
            bank_routing_number: token.bank_routing_number,
            bank_account_type: token.bank_account_type,
            bank_account_holder_first_name: token.bank_account_holder_first_name,
            bank_account_holder_last_name: token.bank_account_holder_last_name,
          }
        : {
            ...base,
            card_type: token.card_type,
            card_owner_name: token.card_owner_name,
            last_4: token.last_4,
            card_exp_month: token.card_exp_month,
            card_exp_year: token.card_exp_year,
          }
    customers.set(wire.id, { wire, pair, source, deleted: false })
    return structuredClone(wire)
  }

  /** The token, marked used: it is single use whether a charge or a customer takes it. */
  function takeToken(pair: KeyPair, id: string): StoredToken {
    const token = tokens.get(id)
    // Another pair's token reads as missing: ids do not leak across merchants.
    if (!token || token.extra.publicKey !== pair.publicKey) throw invalid(CODES.tokenNotFound, 'Token not found')
    if (token.extra.used) throw invalid(CODES.tokenUsed, 'Token has already been used')
    token.extra.used = true
    return token
  }

  /** Another pair's customer reads as missing, as its tokens do; a deleted one is gone for good. */
  function findCustomer(pair: KeyPair, id: string): StoredCustomer | undefined {
    const found = customers.get(id)
    return found && !found.deleted && found.pair.publicKey === pair.publicKey ? found : undefined
  }

  function ownCustomer(pair: KeyPair, id: string): StoredCustomer {
    const found = findCustomer(pair, id)
    if (!found) throw new Refusal(404, [{ code: CODES.notFound, message: 'Customer not found' }])
    return found
  }

  /**
   * Charges the token when one is sent, and otherwise the card or bank account on file for
   * customer_id; with both, the token is charged and the customer id only recorded.
   */
  function charge(pair: KeyPair, body: JsonObject): PaymentSpringTransactionObject {
    refuseUnknown(body, CHARGE_FIELDS)
    const errors: PaymentSpringError[] = []
    const customerId = optional(body, 'customer_id')
    if (customerId !== undefined && !(typeof customerId === 'string' && customerId !== '')) errors.push({ code: CODES.invalidField, message: 'Customer id must be a string' })
    // A customer's card on file stands in for the token; with neither, the token is what is missing.
    const givenToken = optional(body, 'token')
    const tokenId = customerId === undefined || (givenToken !== undefined && givenToken !== '') ? required(body, 'token', errors) : undefined
    if (tokenId !== undefined && typeof tokenId !== 'string') errors.push({ code: CODES.invalidField, message: 'Token must be a string' })
    const amount = required(body, 'amount', errors)
    if (amount !== undefined && !(isInteger(amount) && amount >= 1)) errors.push({ code: CODES.amount, message: 'Amount must be a whole number of cents, at least 1' })
    const sendReceipt = optional(body, 'send_receipt')
    if (sendReceipt !== undefined && typeof sendReceipt !== 'boolean') errors.push({ code: CODES.invalidField, message: 'send_receipt must be true or false' })
    const description = optional(body, 'description')
    if (description !== undefined && typeof description !== 'string') errors.push({ code: CODES.invalidField, message: 'Description must be a string' })
    if (typeof description === 'string' && description.length > MAX_DESCRIPTION) {
      errors.push({ code: CODES.invalidField, message: `Description must be at most ${MAX_DESCRIPTION} characters` })
    }
    const metadata = optional(body, 'metadata')
    if (metadata !== undefined && !(isObject(metadata) && Object.values(metadata).every((each) => typeof each === 'string'))) {
      errors.push({ code: CODES.invalidField, message: 'Metadata must be an object of strings' })
    }
    if (errors.length > 0) throw new Refusal(422, errors)

    // Looked up before the token is taken: a charge refused for a wrong customer id never reached the network.
    const customer = typeof customerId === 'string' ? findCustomer(pair, customerId) : undefined
    if (typeof customerId === 'string' && !customer) throw invalid(CODES.customerNotFound, 'Customer not found')
    // A decline uses the token up too: the card data went to the network, so the buyer types it again.
    // A card on file is not used up: it declines again, or is charged again, every time.
    const source = typeof tokenId === 'string' ? takeToken(pair, tokenId) : (customer as StoredCustomer).source
    const bank = source.wire.token_type === 'bank_account'
    if (source.refused) throw bank ? invalid(CODES.bankRejected, 'Bank account was rejected') : invalid(CODES.declined, 'Card declined')
    const cents = amount as number
    const stored: StoredTransaction = {
      wire: {
        id: hexId(),
        class: 'transaction',
        status: bank ? 'PENDING' : 'SETTLED',
        amount_authorized: cents,
        amount_settled: bank ? 0 : cents,
        amount_refunded: 0,
        card_type: source.wire.card_type,
        last_4: source.wire.last_4,
        description: typeof description === 'string' ? description : null,
        metadata: isObject(metadata) ? (structuredClone(metadata) as Record<string, string>) : {},
        created_at: new Date().toISOString(),
        payment_method: source.wire.token_type,
        error_message: null,
      },
      pair,
      tokenId: source.wire.id,
      sendReceipt: sendReceipt === true,
      customerId: typeof customerId === 'string' ? customerId : null,
    }
    transactions.set(stored.wire.id, stored)
    return structuredClone(stored.wire)
  }

  function reverseTransaction(pair: KeyPair, id: string, body: JsonObject): PaymentSpringTransactionObject {
    refuseUnknown(body, REVERSE_FIELDS)
    const stored = ownTransaction(pair, id)
    const left = stored.wire.amount_authorized - stored.wire.amount_refunded
    if (left <= 0) throw invalid(CODES.reversal, 'Transaction has already been reversed')
    const given = optional(body, 'amount')
    let amount = left
    if (given !== undefined) {
      if (!(isInteger(given) && given >= 1)) throw invalid(CODES.amount, 'Amount must be a whole number of cents, at least 1')
      amount = given
    }
    if (amount > left) throw invalid(CODES.reversal, `Amount is more than the ${left} cents left to reverse`)
    stored.wire.amount_refunded += amount
    if (stored.wire.amount_refunded === stored.wire.amount_authorized) stored.wire.status = 'REVERSED'
    reversals.push({ transactionId: id, amount, ...pair, createdAt: new Date().toISOString() })
    return structuredClone(stored.wire)
  }

  function ownTransaction(pair: KeyPair, id: string): StoredTransaction {
    const found = transactions.get(id)
    if (!found || found.pair.publicKey !== pair.publicKey) throw new Refusal(404, [{ code: CODES.notFound, message: 'Transaction not found' }])
    return found
  }

  /** Resolves after ms, or at once when close() is called, so a held request never outlives the fake. */
  function wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve()
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer)
        waiting.delete(finish)
        resolve()
      }
      const timer = setTimeout(finish, ms)
      waiting.add(finish)
    })
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const url = `http://127.0.0.1:${port}`

  return {
    url,
    publicKey,
    privateKey,
    addKeys: addPair,
    settle(transactionId) {
      const stored = transactions.get(transactionId)
      // A control misused means the test is wrong: say so loudly instead of answering quietly.
      if (!stored) throw new Error(`fake PaymentSpring: no transaction ${transactionId}`)
      if (stored.wire.status !== 'PENDING') throw new Error(`fake PaymentSpring: transaction ${transactionId} is ${stored.wire.status}, not PENDING`)
      stored.wire.status = 'SETTLED'
      stored.wire.amount_settled = stored.wire.amount_authorized
    },
    tokens: () => [...tokens.values()].map((each) => ({ ...structuredClone(each.wire), ...each.extra })),
    customers: () =>
      [...customers.values()].map((each) => ({
        ...structuredClone(each.wire),
        ...each.pair,
        tokenId: each.source.wire.id,
        deleted: each.deleted,
      })),
    transactions: () =>
      [...transactions.values()].map((each) => ({
        ...structuredClone(each.wire),
        ...each.pair,
        tokenId: each.tokenId,
        sendReceipt: each.sendReceipt,
        customerId: each.customerId,
      })),
    reversals: () => reversals.map((each) => ({ ...each })),
    requests: () => requests.map((each) => structuredClone(each)),
    requestCount: (method, pathPrefix) => requests.filter((each) => each.method === method.toUpperCase() && each.path.startsWith(pathPrefix)).length,
    failNext(method, pathPrefix, status) {
      plannedFailures.push({ method: method.toUpperCase(), pathPrefix, status })
    },
    delayNext(method, pathPrefix, ms) {
      plannedDelays.push({ method: method.toUpperCase(), pathPrefix, ms })
    },
    async close() {
      closing = true
      for (const finish of [...waiting]) finish()
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeIdleConnections()
      })
    },
  }
}

function takePlanned<T extends Planned>(planned: T[], method: string, path: string): T | undefined {
  const index = planned.findIndex((each) => each.method === method && path.startsWith(each.pathPrefix))
  return index >= 0 ? planned.splice(index, 1)[0] : undefined
}

function invalid(code: string, message: string): Refusal {
  return new Refusal(422, [{ code, message }])
}

/** A misspelt field would otherwise be dropped in silence and the charge made without it. */
function refuseUnknown(body: JsonObject, allowed: string[]): void {
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key))
  if (unknown.length > 0) throw new Refusal(422, unknown.map((key) => ({ code: CODES.unknownField, message: `Unknown field: ${key}` })))
}

/** null counts as absent for the optional fields, as JSON clients often send it for "none". */
function optional(body: JsonObject, field: string): unknown {
  const value = body[field]
  return value === null ? undefined : value
}

function required(body: JsonObject, field: string, errors: PaymentSpringError[]): unknown {
  const value = optional(body, field)
  if (value === undefined || value === '') {
    errors.push({ code: CODES.missingField, message: `Missing required field: ${field}` })
    return undefined
  }
  return value
}

function requiredText(body: JsonObject, field: string, errors: PaymentSpringError[]): string | undefined {
  const value = required(body, field, errors)
  if (value === undefined) return undefined
  if (typeof value !== 'string') {
    errors.push({ code: CODES.invalidField, message: `${field} must be a string` })
    return undefined
  }
  const trimmed = value.trim()
  if (trimmed === '') errors.push({ code: CODES.missingField, message: `Missing required field: ${field}` })
  return trimmed
}

/** Blank is as good as absent for the optional details, so it is kept as null like a field not sent. */
function optionalText(body: JsonObject, field: string, errors: PaymentSpringError[]): string | null {
  const value = optional(body, field)
  if (value === undefined) return null
  if (typeof value !== 'string') {
    errors.push({ code: CODES.invalidField, message: `${field} must be a string` })
    return null
  }
  const trimmed = value.trim()
  return trimmed === '' ? null : trimmed
}

/** A string of digits only: a JSON number would round a 16-digit card number. */
function isCardNumber(value: unknown): value is string {
  return typeof value === 'string' && /^\d{13,19}$/.test(value) && passesLuhn(value)
}

function passesLuhn(digits: string): boolean {
  let sum = 0
  for (let place = 0; place < digits.length; place++) {
    let digit = Number(digits[digits.length - 1 - place])
    if (place % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** The ABA checksum: weights 3, 7, 1 over the nine digits must sum to a multiple of ten. */
function isRoutingNumber(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{9}$/.test(value)) return false
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1]
  const sum = [...value].reduce((total, digit, index) => total + Number(digit) * weights[index], 0)
  return sum % 10 === 0
}

function cardTypeOf(digits: string): PaymentSpringCardType | null {
  const six = Number(digits.slice(0, 6))
  if (digits.startsWith('4')) return 'visa'
  if (/^3[47]/.test(digits)) return 'amex'
  if (/^5[1-5]/.test(digits) || (six >= 222100 && six <= 272099)) return 'mastercard'
  if (/^(6011|65|64[4-9])/.test(digits) || (six >= 622126 && six <= 622925)) return 'discover'
  return null
}

/** Number or string, as HTML forms send strings and JSON clients numbers; "08" is fine. */
function parseMonth(value: unknown): number | null {
  const month = typeof value === 'string' && /^\d{1,2}$/.test(value) ? Number(value) : value
  return isInteger(month) && month >= 1 && month <= 12 ? month : null
}

/** Four digits only: a two-digit year would be read as the first century. */
function parseYear(value: unknown): number | null {
  const year = typeof value === 'string' && /^\d{4}$/.test(value) ? Number(value) : value
  return isInteger(year) && year >= 1000 && year <= 9999 ? year : null
}

/** A card is good through the last day of its expiry month. */
function isExpired(month: number, year: number): boolean {
  const now = new Date()
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth() + 1
  return year * 12 + month < current
}

function hexId(): string {
  return randomBytes(16).toString('hex')
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function isInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value)
}

/** A malformed id cannot name anything, so it is answered as the missing thing it names. */
function decodePart(part: string, notFound: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    throw new Refusal(404, [{ code: CODES.notFound, message: notFound }])
  }
}

/** The fake models JSON bodies only, and says so instead of guessing at another encoding. */
function jsonBody(req: IncomingMessage, raw: string): JsonObject {
  if (raw.trim() === '') return {}
  const type = headerOf(req, 'content-type') ?? ''
  if (!/^application\/json\b/i.test(type)) throw new Refusal(415, [{ code: CODES.badRequest, message: 'The fake accepts JSON request bodies only (Content-Type: application/json)' }])
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw new Refusal(400, [{ code: CODES.badRequest, message: 'The request body is not valid JSON' }])
  }
  if (!isObject(parsed)) throw new Refusal(400, [{ code: CODES.badRequest, message: 'The request body must be a JSON object' }])
  return parsed
}

function maskBody(raw: string): string {
  if (raw.trim() === '') return raw
  try {
    return JSON.stringify(maskValue(JSON.parse(raw)))
  } catch {
    // Not JSON (and refused for it), but it may still carry card data: mask anything that looks like it.
    return raw.replace(/\d{8,}/g, (digits) => `****${digits.slice(-4)}`).replace(/(csc["']?\s*[:=]\s*["']?)\d+/gi, '$1***')
  }
}

function maskValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskValue)
  if (!isObject(value)) return value
  const masked: JsonObject = {}
  for (const [key, entry] of Object.entries(value)) {
    const digits = typeof entry === 'string' || typeof entry === 'number' ? String(entry) : null
    if (SECURITY_CODE.test(key) && entry !== null) masked[key] = '***'
    // A long digit run under any other name is treated as a card number sent under the wrong field.
    else if (digits !== null && (MASKED_NUMBERS.has(key) || /^\d{12,}$/.test(digits))) masked[key] = `****${digits.slice(-4)}`
    else masked[key] = maskValue(entry)
  }
  return masked
}

function answerError(res: ServerResponse, error: unknown): void {
  if (res.headersSent) {
    res.end()
    return
  }
  if (error instanceof Refusal) return sendJson(res, error.status, { errors: error.errors } satisfies PaymentSpringErrorBody)
  const message = error instanceof Error ? error.message : String(error)
  sendJson(res, 500, { errors: [{ code: '500', message }] } satisfies PaymentSpringErrorBody)
}

/** The server's PaymentSpring setting that points it at this fake. */
export function paymentSpringEnvFor(fake: Pick<FakePaymentSpring, 'url'>): Record<string, string> {
  return { PAYMENTSPRING_API_URL: fake.url }
}
