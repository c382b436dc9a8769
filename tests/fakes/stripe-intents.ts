import type { IncomingMessage } from 'node:http'
import { formatAmount, integer, invalid, metadataOf, MINIMUM_CHARGE, missing, nowSeconds, object, randomToken, refuseUnknown, Refusal, text, type Answer, type FormFields } from './stripe-wire'

/** The PaymentIntent as the API answers it and as events carry it (the fields the product reads). */
export interface PaymentIntentObject {
  id: string
  object: 'payment_intent'
  amount: number
  amount_received: number
  currency: string
  status: 'requires_payment_method' | 'requires_action' | 'succeeded' | 'canceled'
  client_secret: string
  metadata: Record<string, string>
  customer: string | null
  payment_method: string | null
  payment_method_types: string[]
  setup_future_usage: 'off_session' | 'on_session' | null
  application_fee_amount: number | null
  description: string | null
  receipt_email: string | null
  last_payment_error: CardErrorBody | null
  latest_charge: string | null
  cancellation_reason: string | null
  livemode: false
  created: number
}

export interface SetupIntentObject {
  id: string
  object: 'setup_intent'
  status: 'requires_payment_method' | 'succeeded' | 'canceled'
  client_secret: string
  customer: string | null
  payment_method: string | null
  payment_method_types: string[]
  usage: 'off_session' | 'on_session'
  metadata: Record<string, string>
  last_setup_error: CardErrorBody | null
  livemode: false
  created: number
}

export interface PaymentMethodObject {
  id: string
  object: 'payment_method'
  type: 'card'
  customer: string | null
  card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: 'credit' }
  billing_details: { name: string | null; email: string | null }
  created: number
  livemode: false
}

export interface CustomerObject {
  id: string
  object: 'customer'
  email: string | null
  name: string | null
  metadata: Record<string, string>
  created: number
  livemode: false
}

export interface CardErrorBody {
  type: 'card_error' | 'invalid_request_error'
  code: string
  decline_code?: string
  message: string
  param?: string
}

/** What the fake keeps of each object besides its API shape: the connected account it lives on. */
export interface FakeIntent extends PaymentIntentObject {
  account: string
}
export interface FakeSetupIntent extends SetupIntentObject {
  account: string
}
interface KeptMethod extends PaymentMethodObject {
  account: string
  /** The test number it was made from: it decides how later charges on it go. */
  number: string
}
interface KeptCustomer extends CustomerObject {
  account: string
}

export type IntentEventType = 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'payment_intent.canceled' | 'setup_intent.succeeded'

export interface IntentEvents {
  emit(type: IntentEventType, account: string, object: PaymentIntentObject | SetupIntentObject): void
}

const INTENT_PARAMS = [
  'amount',
  'currency',
  'metadata',
  'application_fee_amount',
  'customer',
  'setup_future_usage',
  'payment_method',
  'payment_method_types',
  'allowed_payment_method_types',
  'automatic_payment_methods',
  'confirm',
  'off_session',
  'description',
  'receipt_email',
  'return_url',
  'statement_descriptor_suffix',
]
const INTENT_UPDATE_PARAMS = ['metadata', 'customer', 'setup_future_usage', 'description', 'receipt_email', 'payment_method_types']
const SETUP_PARAMS = ['customer', 'usage', 'payment_method_types', 'allowed_payment_method_types', 'automatic_payment_methods', 'metadata', 'description']
const BROWSER_CONFIRM_PARAMS = ['key', 'client_secret', '_stripe_account', 'payment_method_data', 'payment_method', 'return_url', 'expected_payment_method_type', 'use_stripe_sdk']

/**
 * Stripe's test cards (docs.stripe.com/testing): the number decides the outcome. Any other
 * number that passes the Luhn check is a Visa that pays.
 */
const TEST_CARDS: Record<string, { brand: string; decline?: CardDecline; declinesCharges?: CardDecline }> = {
  '4242424242424242': { brand: 'visa' },
  '5555555555554444': { brand: 'mastercard' },
  '378282246310005': { brand: 'amex' },
  '6011111111111117': { brand: 'discover' },
  '4000000000000002': { brand: 'visa', decline: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
  '4000000000009995': { brand: 'visa', decline: { code: 'card_declined', decline_code: 'insufficient_funds', message: 'Your card has insufficient funds.' } },
  '4000000000000069': { brand: 'visa', decline: { code: 'expired_card', message: 'Your card has expired.' } },
  '4000000000000127': { brand: 'visa', decline: { code: 'incorrect_cvc', message: "Your card's security code is incorrect." } },
  // Kept on a customer without trouble, then every charge on it is declined (a card that later fails).
  '4000000000000341': { brand: 'visa', declinesCharges: { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' } },
}

interface CardDecline {
  code: string
  decline_code?: string
  message: string
}

/**
 * PaymentIntents, SetupIntents, customers and card payment methods on connected accounts, as
 * the platform's secret key reaches them and as Stripe.js confirms them in the buyer's browser
 * (with the publishable key and the intent's client secret).
 */
/** The platform's own account (no Stripe-Account header); the same as PLATFORM_ACCOUNT in stripe.ts. */
const PLATFORM = ''

export function createIntentApi(deps: { publishableKey: string; connectedAccount: (req: IncomingMessage) => string | null; hasAccount: (id: string) => boolean; events: IntentEvents }) {
  const intents = new Map<string, FakeIntent>()
  const setups = new Map<string, FakeSetupIntent>()
  const methods = new Map<string, KeptMethod>()
  const customers = new Map<string, KeptCustomer>()

  function requireAccount(req: IncomingMessage, what: string): string {
    const account = deps.connectedAccount(req)
    if (!account) throw invalid(`The fake Stripe makes ${what} on connected accounts only: send the Stripe-Account header.`)
    return account
  }

  /**
   * The account a customer or card request is for: the connected account its Stripe-Account
   * header names, or the platform's own (PLATFORM) without one, where the platform keeps the
   * cards studios pay their plans with.
   */
  function accountOf(req: IncomingMessage): string {
    return deps.connectedAccount(req) ?? PLATFORM
  }

  /**
   * PaymentIntents go to connected accounts, except the platform's off-session charges of a card
   * it keeps for its own customer (plan renewals): nothing else is modelled on the platform.
   */
  function intentAccount(req: IncomingMessage, form: FormFields): string {
    const account = deps.connectedAccount(req)
    if (account) return account
    const customer = text(form, 'customer')
    if (!customer || text(form, 'off_session') !== 'true') return requireAccount(req, 'PaymentIntents')
    ownCustomer(PLATFORM, customer)
    return PLATFORM
  }

  function ownIntent(account: string | null, id: string): FakeIntent {
    const intent = intents.get(id)
    if (!intent || intent.account !== account) throw missing('payment_intent', id)
    return intent
  }

  function ownCustomer(account: string, id: string): KeptCustomer {
    const customer = customers.get(id)
    if (!customer || customer.account !== account) throw new Refusal(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'customer', message: `No such customer: '${id}'` })
    return customer
  }

  function ownMethod(account: string, id: string, param = 'payment_method'): KeptMethod {
    const method = methods.get(id)
    if (!method || method.account !== account) throw new Refusal(400, { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such PaymentMethod: '${id}'` })
    return method
  }

  /** Answers for the secret-key endpoints, or null when the path is not one of these. */
  function api(req: IncomingMessage, method: string, path: string, form: FormFields, query: URLSearchParams): Answer | null {
    if (path === '/v1/payment_intents' && method === 'POST') {
      const intent = createIntent(form, intentAccount(req, form))
      return { status: 200, body: publicIntent(intent) }
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/cancel|\/confirm)?$/.exec(path)
    if (intentPath) {
      const intent = ownIntent(accountOf(req), decodeURIComponent(intentPath[1]))
      if (method === 'GET' && !intentPath[2]) return { status: 200, body: expandIntent(intent, query) }
      if (method === 'POST' && !intentPath[2]) return { status: 200, body: publicIntent(updateIntent(intent, form)) }
      if (method === 'POST' && intentPath[2] === '/cancel') {
        refuseUnknown(form, ['cancellation_reason'])
        if (intent.status === 'succeeded' || intent.status === 'canceled') {
          throw invalid(
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.`,
          )
        }
        intent.status = 'canceled'
        intent.cancellation_reason = text(form, 'cancellation_reason') ?? null
        deps.events.emit('payment_intent.canceled', intent.account, publicIntent(intent))
        return { status: 200, body: publicIntent(intent) }
      }
      if (method === 'POST' && intentPath[2] === '/confirm') {
        refuseUnknown(form, ['payment_method', 'return_url', 'off_session'])
        const pm = text(form, 'payment_method')
        if (pm) intent.payment_method = ownMethod(intent.account, pm).id
        return chargeAnswer(intent)
      }
    }
    if (path === '/v1/setup_intents' && method === 'POST') {
      const account = requireAccount(req, 'SetupIntents')
      return { status: 200, body: publicSetup(createSetup(form, account)) }
    }
    const setupPath = /^\/v1\/setup_intents\/([^/]+)$/.exec(path)
    if (setupPath && method === 'GET') {
      const setup = setups.get(decodeURIComponent(setupPath[1]))
      if (!setup || setup.account !== deps.connectedAccount(req)) throw missing('setup_intent', decodeURIComponent(setupPath[1]))
      return { status: 200, body: publicSetup(setup) }
    }
    if (path === '/v1/customers' && method === 'POST') {
      const account = accountOf(req)
      refuseUnknown(form, ['email', 'name', 'metadata', 'description', 'phone'])
      const customer: KeptCustomer = {
        id: `cus_${randomToken(14)}`,
        object: 'customer',
        email: text(form, 'email') || null,
        name: text(form, 'name') || null,
        metadata: metadataOf(form, 'metadata'),
        created: nowSeconds(),
        livemode: false,
        account,
      }
      customers.set(customer.id, customer)
      return { status: 200, body: publicOf(customer) }
    }
    const customerMethods = /^\/v1\/customers\/([^/]+)\/payment_methods$/.exec(path)
    if (customerMethods && method === 'GET') {
      const account = accountOf(req)
      const customer = ownCustomer(account, decodeURIComponent(customerMethods[1]))
      const data = [...methods.values()].filter((each) => each.customer === customer.id).map(publicMethod)
      return { status: 200, body: { object: 'list', data: data.reverse(), has_more: false, url: path } }
    }
    const methodPath = /^\/v1\/payment_methods\/([^/]+)(\/detach)?$/.exec(path)
    if (methodPath) {
      const account = accountOf(req)
      const found = ownMethod(account, decodeURIComponent(methodPath[1]), 'id')
      if (method === 'GET' && !methodPath[2]) return { status: 200, body: publicMethod(found) }
      if (method === 'POST' && methodPath[2]) {
        refuseUnknown(form, [])
        if (!found.customer) throw invalid(`The payment method you provided is not attached to a customer so detachment is impossible.`)
        found.customer = null
        return { status: 200, body: publicMethod(found) }
      }
    }
    return null
  }

  /**
   * Stripe.js in the buyer's browser: confirm and read an intent with the publishable key and
   * the intent's client secret (never the secret key). Card details arrive here, not at the
   * studio's server, as with the real Payment Element.
   */
  function browser(method: string, path: string, form: FormFields, query: URLSearchParams): Answer | null {
    const confirm = /^\/v1\/(payment_intents|setup_intents)\/([^/]+)\/confirm$/.exec(path)
    const read = /^\/v1\/(payment_intents|setup_intents)\/([^/]+)$/.exec(path)
    if (!(confirm && method === 'POST') && !(read && method === 'GET')) return null
    const kind = (confirm ?? read)![1]
    const id = decodeURIComponent((confirm ?? read)![2])
    const params = method === 'GET' ? Object.fromEntries(query) : form
    if (text(params, 'key') !== deps.publishableKey) {
      throw new Refusal(401, { type: 'invalid_request_error', message: `Invalid API Key provided: ${text(params, 'key') ?? ''}` })
    }
    const target = kind === 'payment_intents' ? intents.get(id) : setups.get(id)
    if (!target || text(params, 'client_secret') !== target.client_secret) {
      throw new Refusal(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind === 'payment_intents' ? 'payment_intent' : 'setup_intent'}: '${id}'` })
    }
    const stripeAccount = text(params, '_stripe_account')
    if (stripeAccount !== undefined && stripeAccount !== target.account) {
      throw new Refusal(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind === 'payment_intents' ? 'payment_intent' : 'setup_intent'}: '${id}'` })
    }
    if (method === 'GET') return { status: 200, body: target.object === 'payment_intent' ? publicIntent(target) : publicSetup(target) }
    refuseUnknown(form, BROWSER_CONFIRM_PARAMS)
    const card = methodFrom(form, target.account, target.customer)
    if ('error' in card) return { status: 402, body: { error: card.error } }
    if (target.object === 'setup_intent') return confirmSetup(target, card.method)
    if (target.status !== 'requires_payment_method') {
      throw invalid(`You cannot confirm this PaymentIntent because it has a status of ${target.status}.`)
    }
    target.payment_method = card.method.id
    return chargeAnswer(target)
  }

  /** A card from the browser's fields, or a kept one of the intent's customer. */
  function methodFrom(form: FormFields, account: string, customer: string | null): { method: KeptMethod } | { error: CardErrorBody } {
    const existing = text(form, 'payment_method')
    if (existing) {
      const method = ownMethod(account, existing)
      if (method.customer !== customer) return { error: { type: 'invalid_request_error', code: 'payment_method_unexpected_state', message: 'The payment method does not belong to this customer.' } }
      return { method }
    }
    const data = object(form, 'payment_method_data') ?? {}
    if (text(data, 'type') !== 'card')
      return { error: { type: 'invalid_request_error', code: 'parameter_missing', param: 'payment_method_data[type]', message: 'Missing required param: payment_method_data[type].' } }
    const fields = object(data, 'card', 'payment_method_data[card]') ?? {}
    const number = (text(fields, 'number') ?? '').replace(/\s+/g, '')
    if (!/^\d{12,19}$/.test(number) || !luhn(number)) return { error: { type: 'card_error', code: 'incorrect_number', param: 'number', message: 'Your card number is incorrect.' } }
    const month = Number(text(fields, 'exp_month') ?? '')
    const rawYear = Number(text(fields, 'exp_year') ?? '')
    const year = rawYear < 100 ? 2000 + rawYear : rawYear
    if (!Number.isInteger(month) || month < 1 || month > 12)
      return { error: { type: 'card_error', code: 'invalid_expiry_month', param: 'exp_month', message: "Your card's expiration month is invalid." } }
    const now = new Date()
    if (!Number.isInteger(year) || year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)) {
      return { error: { type: 'card_error', code: 'invalid_expiry_year', param: 'exp_year', message: "Your card's expiration year is in the past." } }
    }
    const cvc = text(fields, 'cvc') ?? ''
    if (!/^\d{3,4}$/.test(cvc)) return { error: { type: 'card_error', code: 'invalid_cvc', param: 'cvc', message: "Your card's security code is invalid." } }
    const billing = object(data, 'billing_details', 'payment_method_data[billing_details]') ?? {}
    const method: KeptMethod = {
      id: `pm_${randomToken(24)}`,
      object: 'payment_method',
      type: 'card',
      customer: null,
      card: { brand: TEST_CARDS[number]?.brand ?? 'visa', last4: number.slice(-4), exp_month: month, exp_year: year, funding: 'credit' },
      billing_details: { name: text(billing, 'name') || null, email: text(billing, 'email') || null },
      created: nowSeconds(),
      livemode: false,
      account,
      number,
    }
    methods.set(method.id, method)
    return { method }
  }

  /** Charges the intent's card: succeeded (kept on the customer when asked) or declined. */
  function chargeAnswer(intent: FakeIntent): Answer {
    if (!intent.payment_method) throw invalid('You cannot confirm this PaymentIntent because it has no payment method.', 'payment_method')
    const method = methods.get(intent.payment_method)!
    const decline = TEST_CARDS[method.number]?.decline ?? TEST_CARDS[method.number]?.declinesCharges
    if (decline) {
      const error: CardErrorBody = { type: 'card_error', ...decline }
      intent.status = 'requires_payment_method'
      intent.last_payment_error = error
      intent.payment_method = null
      deps.events.emit('payment_intent.payment_failed', intent.account, publicIntent(intent))
      return { status: 402, body: { error: { ...error, payment_intent: publicIntent(intent) } } }
    }
    intent.status = 'succeeded'
    intent.amount_received = intent.amount
    intent.last_payment_error = null
    intent.latest_charge = `ch_${randomToken(24)}`
    if (intent.setup_future_usage && intent.customer) method.customer = intent.customer
    deps.events.emit('payment_intent.succeeded', intent.account, publicIntent(intent))
    return { status: 200, body: publicIntent(intent) }
  }

  function confirmSetup(setup: FakeSetupIntent, method: KeptMethod): Answer {
    if (setup.status !== 'requires_payment_method') throw invalid(`You cannot confirm this SetupIntent because it has a status of ${setup.status}.`)
    const decline = TEST_CARDS[method.number]?.decline
    if (decline) {
      setup.last_setup_error = { type: 'card_error', ...decline }
      return { status: 402, body: { error: { type: 'card_error', ...decline, setup_intent: publicSetup(setup) } } }
    }
    setup.status = 'succeeded'
    setup.payment_method = method.id
    setup.last_setup_error = null
    if (setup.customer) method.customer = setup.customer
    deps.events.emit('setup_intent.succeeded', setup.account, publicSetup(setup))
    return { status: 200, body: publicSetup(setup) }
  }

  function createIntent(form: FormFields, account: string): FakeIntent {
    refuseUnknown(form, INTENT_PARAMS)
    const amountRaw = text(form, 'amount')
    if (!amountRaw) throw invalid('Missing required param: amount.', 'amount')
    const amount = integer(amountRaw, 'amount')
    const currency = (text(form, 'currency') ?? '').toLowerCase()
    if (!currency) throw invalid('Missing required param: currency.', 'currency')
    if (!/^[a-z]{3}$/.test(currency)) throw invalid(`Invalid currency: ${currency}`, 'currency')
    const minimum = MINIMUM_CHARGE[currency] ?? 1
    if (amount < minimum) throw invalid(`Amount must be at least ${formatAmount(minimum, currency)}`, 'amount')
    const feeRaw = text(form, 'application_fee_amount')
    const fee = feeRaw ? integer(feeRaw, 'application_fee_amount') : null
    if (fee !== null && fee > amount) throw invalid('The application fee amount cannot be greater than the amount.', 'application_fee_amount')
    const customer = text(form, 'customer') ? ownCustomer(account, text(form, 'customer')!).id : null
    const usage = setupUsage(form)
    if (usage && !customer) {
      // Stripe allows it (the card is kept for a customer attached later); the product never does that, so the fake refuses it.
      throw invalid('The fake Stripe keeps cards for customers only: send customer with setup_future_usage.', 'setup_future_usage')
    }
    const listed = object(form, 'allowed_payment_method_types') ?? object(form, 'payment_method_types')
    const types = listed ? Object.values(listed).map((type) => (typeof type === 'string' ? type : '')) : ['card']
    if (types.some((type) => type !== 'card')) throw invalid(`The fake Stripe models card payments only, not ${types.join(', ')}.`, 'payment_method_types')
    const pm = text(form, 'payment_method')
    const paymentMethod = pm ? ownMethod(account, pm) : null
    if (paymentMethod && paymentMethod.customer !== customer) {
      throw invalid(
        `The provided PaymentMethod ${paymentMethod.id} was previously used without being attached to a Customer or was detached from a Customer, and may not be used again.`,
        'payment_method',
      )
    }
    const id = `pi_${randomToken(24)}`
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency,
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomToken(24)}`,
      metadata: metadataOf(form, 'metadata'),
      customer,
      payment_method: paymentMethod?.id ?? null,
      payment_method_types: types,
      setup_future_usage: usage,
      application_fee_amount: fee,
      description: text(form, 'description') || null,
      receipt_email: text(form, 'receipt_email') || null,
      last_payment_error: null,
      latest_charge: null,
      cancellation_reason: null,
      livemode: false,
      created: nowSeconds(),
      account,
    }
    intents.set(id, intent)
    if (text(form, 'confirm') === 'true') {
      if (!paymentMethod) throw invalid('You cannot confirm this PaymentIntent because it has no payment method.', 'payment_method')
      const answer = chargeAnswer(intent)
      if (answer.status !== 200) throw new Refusal(402, (answer.body as { error: CardErrorBody & { type: 'invalid_request_error' } }).error)
    }
    return intent
  }

  function updateIntent(intent: FakeIntent, form: FormFields): FakeIntent {
    refuseUnknown(form, INTENT_UPDATE_PARAMS)
    if (intent.status !== 'requires_payment_method') throw invalid(`You cannot update this PaymentIntent because it has a status of ${intent.status}.`)
    if (form.customer !== undefined) intent.customer = text(form, 'customer') ? ownCustomer(intent.account, text(form, 'customer')!).id : null
    if (form.setup_future_usage !== undefined) intent.setup_future_usage = setupUsage(form)
    if (intent.setup_future_usage && !intent.customer) throw invalid('The fake Stripe keeps cards for customers only: send customer with setup_future_usage.', 'setup_future_usage')
    if (form.metadata !== undefined) intent.metadata = { ...intent.metadata, ...metadataOf(form, 'metadata') }
    if (form.description !== undefined) intent.description = text(form, 'description') || null
    return intent
  }

  function createSetup(form: FormFields, account: string): FakeSetupIntent {
    refuseUnknown(form, SETUP_PARAMS)
    const customer = text(form, 'customer') ? ownCustomer(account, text(form, 'customer')!).id : null
    const usage = text(form, 'usage') ?? 'off_session'
    if (usage !== 'off_session' && usage !== 'on_session') throw invalid(`Invalid usage: must be one of on_session or off_session`, 'usage')
    const id = `seti_${randomToken(24)}`
    const setup: FakeSetupIntent = {
      id,
      object: 'setup_intent',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomToken(24)}`,
      customer,
      payment_method: null,
      payment_method_types: ['card'],
      usage,
      metadata: metadataOf(form, 'metadata'),
      last_setup_error: null,
      livemode: false,
      created: nowSeconds(),
      account,
    }
    setups.set(id, setup)
    return setup
  }

  function expandIntent(intent: FakeIntent, query: URLSearchParams): unknown {
    const body: Record<string, unknown> = { ...publicIntent(intent) }
    const expand = [...query.entries()].filter(([name]) => name === 'expand[]' || /^expand\[\d+\]$/.test(name)).map(([, value]) => value)
    for (const field of expand) {
      if (field !== 'payment_method') throw invalid(`The fake Stripe expands payment_method only, not ${field}.`, 'expand')
      body.payment_method = intent.payment_method ? publicMethod(methods.get(intent.payment_method)!) : null
    }
    return body
  }

  /**
   * A card saved on Stripe's hosted page (a Checkout Session in setup mode): a succeeded
   * SetupIntent whose card (Stripe's 4242 test Visa) now hangs on the customer.
   */
  function completeHostedSetup(account: string, customer: string, metadata: Record<string, string>): string {
    const now = new Date()
    const method: KeptMethod = {
      id: `pm_${randomToken(24)}`,
      object: 'payment_method',
      type: 'card',
      customer,
      card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: now.getUTCFullYear() + 3, funding: 'credit' },
      billing_details: { name: null, email: null },
      created: nowSeconds(),
      livemode: false,
      account,
      number: '4242424242424242',
    }
    methods.set(method.id, method)
    const id = `seti_${randomToken(24)}`
    const setup: FakeSetupIntent = {
      id,
      object: 'setup_intent',
      status: 'succeeded',
      client_secret: `${id}_secret_${randomToken(24)}`,
      customer,
      payment_method: method.id,
      payment_method_types: ['card'],
      usage: 'off_session',
      metadata,
      last_setup_error: null,
      livemode: false,
      created: nowSeconds(),
      account,
    }
    setups.set(id, setup)
    deps.events.emit('setup_intent.succeeded', account, publicSetup(setup))
    return id
  }

  /**
   * A payment on Stripe's hosted page (a Checkout Session) that keeps the card: a succeeded
   * PaymentIntent whose card (Stripe's 4242 test Visa) now hangs on the customer.
   */
  function completeHostedPayment(
    account: string,
    input: { customer: string; amount: number; currency: string; metadata: Record<string, string>; usage: 'off_session' | 'on_session'; fee: number | null },
  ): string {
    const kept = keepCardFor(account, input.customer, '4242424242424242')
    const id = `pi_${randomToken(24)}`
    intents.set(id, {
      id,
      object: 'payment_intent',
      amount: input.amount,
      amount_received: input.amount,
      currency: input.currency,
      status: 'succeeded',
      client_secret: `${id}_secret_${randomToken(24)}`,
      metadata: input.metadata,
      customer: input.customer,
      payment_method: kept,
      payment_method_types: ['card'],
      setup_future_usage: input.usage,
      application_fee_amount: input.fee,
      description: null,
      receipt_email: null,
      last_payment_error: null,
      latest_charge: `ch_${randomToken(24)}`,
      cancellation_reason: null,
      livemode: false,
      created: nowSeconds(),
      account,
    })
    return id
  }

  function keepCardFor(account: string, customer: string, number: string): string {
    const method: KeptMethod = {
      id: `pm_${randomToken(24)}`,
      object: 'payment_method',
      type: 'card',
      customer,
      card: { brand: TEST_CARDS[number]?.brand ?? 'visa', last4: number.slice(-4), exp_month: 12, exp_year: new Date().getUTCFullYear() + 3, funding: 'credit' },
      billing_details: { name: null, email: null },
      created: nowSeconds(),
      livemode: false,
      account,
      number,
    }
    methods.set(method.id, method)
    return method.id
  }

  /** A customer with a card kept for later charges, as after a paid checkout that saved it (tests that start from a member). */
  function keepCard(account: string, input: { number: string; email?: string }): { customer: string; paymentMethod: string } {
    const customer: KeptCustomer = { id: `cus_${randomToken(14)}`, object: 'customer', email: input.email ?? null, name: null, metadata: {}, created: nowSeconds(), livemode: false, account }
    customers.set(customer.id, customer)
    return { customer: customer.id, paymentMethod: keepCardFor(account, customer.id, input.number) }
  }

  /** The bank's answer for a kept card changes (a card that starts failing, or is fixed), as when it expires or its holder calls the bank. */
  function changeCardNumber(methodId: string, number: string): void {
    const method = methods.get(methodId)
    if (!method) throw new Error(`no payment method ${methodId}`)
    method.number = number
  }

  return {
    api,
    browser,
    completeHostedSetup,
    keepCard,
    changeCardNumber,
    completeHostedPayment,
    ownsCustomer: (account: string, id: string) => customers.get(id)?.account === account,
    /** A succeeded intent of this account, for refunds. */
    paidIntent(account: string | null, id: string): FakeIntent | null {
      const intent = intents.get(id)
      return intent && intent.account === account && intent.status === 'succeeded' ? intent : null
    },
    intents: () => [...intents.values()].map((intent) => structuredClone(intent)),
    setupIntents: () => [...setups.values()].map((setup) => structuredClone(setup)),
    customers: () => [...customers.values()].map((customer) => structuredClone(customer)),
    paymentMethods: () => [...methods.values()].map((method) => structuredClone(publicMethod(method))),
    hasAccount: deps.hasAccount,
  }
}

export type IntentApi = ReturnType<typeof createIntentApi>

function setupUsage(form: FormFields): 'off_session' | 'on_session' | null {
  const usage = text(form, 'setup_future_usage')
  if (!usage) return null
  if (usage !== 'off_session' && usage !== 'on_session') throw invalid('Invalid setup_future_usage: must be one of on_session or off_session', 'setup_future_usage')
  return usage
}

function publicIntent(intent: FakeIntent): PaymentIntentObject {
  const { account, ...shape } = intent
  return structuredClone(shape)
}

function publicSetup(setup: FakeSetupIntent): SetupIntentObject {
  const { account, ...shape } = setup
  return structuredClone(shape)
}

function publicMethod(method: KeptMethod): PaymentMethodObject {
  const { account, number, ...shape } = method
  return structuredClone(shape)
}

function publicOf(customer: KeptCustomer): CustomerObject {
  const { account, ...shape } = customer
  return structuredClone(shape)
}

function luhn(number: string): boolean {
  let sum = 0
  for (let index = 0; index < number.length; index += 1) {
    let digit = Number(number[number.length - 1 - index])
    if (index % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}
