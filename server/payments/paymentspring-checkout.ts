import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import { invoiceNumberText } from '#server/checkout/order-view'
import { orderPathFor } from '#server/checkout/receipt-email'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Tenant } from '#server/tenancy/tenant'
import { isUuid } from '#server/text/is-uuid'
import { awaitsPayment, CARD_PAYMENT_MESSAGES, loadPayableInvoice } from './payable-invoice'
import { paymentSpringFor, PaymentSpringRefusal, type PaymentSpringCustomer } from './paymentspring-client'
import { BANK_FIELDS, CARD_FIELDS, parseBankForm, parseCardForm, type PayFormErrors, type PayFormValues } from './paymentspring-form'
import { PAYMENTSPRING_TOKEN_MESSAGES, PAYMENTSPRING_TOKEN_PATTERN } from './paymentspring-token'
import type { ProviderCredentials } from './provider-keys'
import { findSavedPaymentMethod, keepSavedPaymentMethod } from './saved-payment-methods'
import { settlePayment, type PaymentPlatform, type Settlement } from './settle-payment'

/** The card and bank form of an order, on the studio's own site (PaymentSpring has no hosted page). */
export function paymentSpringPayPath(invoiceGuid: string): string {
  return `${orderPathFor(invoiceGuid)}/pay`
}

export const PAYMENTSPRING_MESSAGES = {
  savedGone: 'That saved card is no longer on file. Choose another, or None/other and enter a card.',
  dollarsOnly: 'PaymentSpring takes payments in US dollars only. Please contact us to complete this order.',
  inFlight: 'A payment for this order is being made. Please wait a moment and open the order again.',
  down: PAYMENTSPRING_TOKEN_MESSAGES.unreachable,
  unanswered: 'We could not hear back about this payment. Please do not pay again yet: open your order in a few minutes to see whether it went through, or contact us.',
} as const

/** The fields a token stands for: a post with a token carries none of them (the name is shown back, so it may come). */
const SECRET_FIELDS = [...CARD_FIELDS, ...BANK_FIELDS].filter((field) => field !== 'cardOwnerName' && field !== 'bankAccountHolderFirstName' && field !== 'bankAccountHolderLastName')

/** A token made in the buyer's browser, with what the page may show of the card or account. */
const postedTokenSchema = z.object({
  paymentToken: z.string().regex(PAYMENTSPRING_TOKEN_PATTERN),
  last4: z.union([z.literal(''), z.string().regex(/^\d{2,4}$/)]).default(''),
  brand: z.string().max(30).regex(/^[A-Za-z ]*$/).default(''),
})

type PostedToken = { kind: 'none' } | { kind: 'token'; id: string; last4: string; brand: string } | { kind: 'refused'; message: string }

/**
 * The token the browser made, if the post carries one. A token beside raw card or account fields
 * is refused (the browser never sends both, so such a post is not the form's), and a malformed
 * one is refused before anything is written. The refusal never echoes what was posted.
 */
export function readPostedToken(form: FormData): PostedToken {
  if (!form.has('paymentToken')) return { kind: 'none' }
  const rawFieldSent = SECRET_FIELDS.some((field) => form.getAll(field).some((value) => typeof value !== 'string' || value.trim() !== ''))
  if (rawFieldSent) return { kind: 'refused', message: PAYMENTSPRING_TOKEN_MESSAGES.tokenWithCard }
  const text = (name: string) => {
    const value = form.get(name)
    return value === null ? undefined : value
  }
  const parsed = postedTokenSchema.safeParse({ paymentToken: text('paymentToken'), last4: text('last4'), brand: text('brand') })
  if (!parsed.success) return { kind: 'refused', message: PAYMENTSPRING_TOKEN_MESSAGES.badToken }
  return { kind: 'token', id: parsed.data.paymentToken, last4: parsed.data.last4, brand: parsed.data.brand.toLowerCase() }
}

/** An attempt still open this long is taken to have failed (the process making it stopped): Pay is offered again. */
const IN_FLIGHT_MS = 15 * 60_000

export type PaymentSpringPayment = WordedResult<{ settlement: Settlement }, 'invalid_input' | 'conflict' | 'not_found', { errors: PayFormErrors; values: PayFormValues; method: 'card' | 'bank' }>

/**
 * Pays a pending invoice through PaymentSpring with the buyer's card or bank account: the form
 * is checked first (nothing written when it is wrong); an attempt is recorded under the invoice's
 * lock so a double click or a second tab charges once; then the card or account is made into a
 * one-use token with the studio's public key and charged with its private key, and the order is
 * given by the same settling as every provider. A refusal ('Card declined') closes the attempt
 * and comes back to the form. The card number and CSC live only in this request: never stored,
 * never logged, never sent back into the page.
 */
export async function payWithPaymentSpring(
  platform: PaymentPlatform,
  tenant: Tenant,
  credentials: ProviderCredentials,
  input: { invoiceGuid: string; method: 'card' | 'bank'; form: FormData; signedInContactId: string | null; origin: string; now: Date },
): Promise<PaymentSpringPayment> {
  const blank = { errors: {}, values: {}, method: input.method }
  const found = await loadPayableInvoice(platform, tenant.id, input.invoiceGuid)
  if (!found) return err('not_found', 'Order not found', blank)
  const { invoice } = found
  if (!awaitsPayment(invoice.status) || invoice.dueMinor <= 0) return err('conflict', CARD_PAYMENT_MESSAGES.notPending, blank)
  if (invoice.currency !== 'USD') return err('conflict', PAYMENTSPRING_MESSAGES.dollarsOnly, blank)
  const paymentSpring = paymentSpringFor(platform.env, credentials)
  // Kept cards are the buyer's own: offered and used only when the order's contact is signed in.
  const owner = input.signedInContactId !== null && input.signedInContactId === invoice.contactId ? invoice.contactId : null
  const savedChoice = typeof input.form.get('savedMethod') === 'string' ? String(input.form.get('savedMethod')) : ''
  const kept = owner && savedChoice !== '' && savedChoice !== 'other' ? await findSavedPaymentMethod(platform, tenant.id, { id: savedChoice, contactId: owner, provider: 'PSPRING', accountId: credentials.apiKey }) : null
  if (savedChoice !== '' && savedChoice !== 'other' && !kept) return err('invalid_input', PAYMENTSPRING_MESSAGES.savedGone, blank)
  const saveForNext = owner !== null && !kept && input.form.get('saveForNext') === 'on'
  let makeToken: (() => Promise<{ id: string }>) | null = null
  const posted = kept ? ({ kind: 'none' } as const) : readPostedToken(input.form)
  if (posted.kind === 'refused') return err('invalid_input', posted.message, blank)
  if (posted.kind === 'token') {
    // Made in the buyer's browser with the public key: the card or account never came here.
    const token = { id: posted.id }
    makeToken = () => Promise.resolve(token)
  } else if (!kept && input.method === 'card') {
    const card = parseCardForm(input.form, input.now)
    if (!card.ok) return err('invalid_input', card.message, { ...card.details, method: input.method })
    makeToken = () => paymentSpring.cardToken(card.value)
  } else if (!kept) {
    const bank = parseBankForm(input.form)
    if (!bank.ok) return err('invalid_input', bank.message, { ...bank.details, method: input.method })
    makeToken = () => paymentSpring.bankToken(bank.value)
  }

  const attemptRef = `psa_${randomUUID()}`
  const started = await withTenant(platform.database, tenant.id, async (trx) => {
    const locked = await trx.selectFrom('invoices').select(['status']).where('id', '=', invoice.id).forUpdate().executeTakeFirstOrThrow()
    if (!awaitsPayment(locked.status)) return 'not-pending' as const
    const inFlight = await trx
      .selectFrom('payments')
      .select('id')
      .where('invoice_id', '=', invoice.id)
      .where('provider', '=', 'PSPRING')
      .where('status', '=', 'open')
      .where('created_at', '>', new Date(input.now.getTime() - IN_FLIGHT_MS))
      .executeTakeFirst()
    if (inFlight) return 'in-flight' as const
    await trx
      .insertInto('payments')
      .values({ tenant_id: tenant.id, invoice_id: invoice.id, provider: 'PSPRING', account_id: credentials.apiKey, checkout_ref: attemptRef, amount_minor: invoice.dueMinor, currency: invoice.currency, status: 'open', created_at: input.now })
      .execute()
    return 'started' as const
  })
  if (started === 'not-pending') return err('conflict', CARD_PAYMENT_MESSAGES.notPending, blank)
  if (started === 'in-flight') return err('conflict', PAYMENTSPRING_MESSAGES.inFlight, blank)

  const chargeOf = { amount: invoice.dueMinor, description: `Order ${invoiceNumberText(invoice.number)}`.slice(0, 255), metadata: { invoiceGuid: invoice.guid, attempt: attemptRef } }
  let transactionId: string
  let savedCustomer: PaymentSpringCustomer | null = null
  // Whether the charge call went out: after it, an unanswered call may still have taken the money.
  let charging = false
  try {
    let payWith: { customer_id: string } | { token: string }
    if (kept) payWith = { customer_id: kept.customerRef }
    else if (makeToken && saveForNext) {
      // 'Save for my next payment': the token becomes a customer, and the customer is charged.
      savedCustomer = await paymentSpring.saveCustomer({ token: (await makeToken()).id, firstName: invoice.firstName, lastName: invoice.lastName, email: invoice.email })
      payWith = { customer_id: savedCustomer.id }
    } else if (makeToken) payWith = { token: (await makeToken()).id }
    else throw new Error('a PaymentSpring payment had neither a kept card nor a new one')
    charging = true
    transactionId = (await paymentSpring.charge({ ...payWith, ...chargeOf })).id
  } catch (error) {
    if (error instanceof PaymentSpringRefusal || !charging) {
      // Nothing was taken: a card kept for this payment is not kept, and Pay is offered again.
      if (savedCustomer) await paymentSpring.deleteCustomer(savedCustomer.id).catch(() => undefined)
      await closeAttempt(platform, tenant.id, attemptRef)
    }
    if (error instanceof PaymentSpringRefusal) return err('invalid_input', error.message, { ...blank, values: shownValues(input.form, input.method) })
    platform.logger.error({ err: error, invoice: invoice.guid, attempt: attemptRef, charging }, 'a PaymentSpring payment could not be made')
    // A charge that went unanswered stays open, so Pay waits rather than risk charging twice.
    return err('conflict', charging ? PAYMENTSPRING_MESSAGES.unanswered : PAYMENTSPRING_MESSAGES.down, blank)
  }
  if (savedCustomer && owner) {
    // PaymentSpring's own account of the card comes first; the browser's is only what it was shown.
    const shown = posted.kind === 'token' ? posted : { last4: '', brand: '' }
    const last4 = (savedCustomer.last_4 ?? savedCustomer.bank_account_number_last_4 ?? shown.last4).slice(-4)
    if (/^\d{2,4}$/.test(last4)) {
      await keepSavedPaymentMethod(platform, tenant.id, {
        contactId: owner,
        provider: 'PSPRING',
        accountId: credentials.apiKey,
        customerRef: savedCustomer.id,
        kind: input.method,
        brand: savedCustomer.card_type ?? shown.brand,
        last4,
        expMonth: monthOf(savedCustomer.card_exp_month),
        expYear: yearOf(savedCustomer.card_exp_year),
        now: input.now,
      })
    }
  }
  const settlement = await settlePayment(
    platform,
    tenant,
    { provider: 'PSPRING', checkoutRef: attemptRef },
    { state: 'paid', amountMinor: invoice.dueMinor, currency: invoice.currency, paymentRef: transactionId },
    { origin: input.origin, now: input.now, refund: async (due) => (await paymentSpring.reverse(due.paymentRef, due.amountMinor)).id },
  )
  return ok({ settlement })
}

/** A refused or failed attempt is closed, so Pay is offered again at once. */
async function closeAttempt(platform: Pick<PaymentPlatform, 'database'>, tenantId: string, attemptRef: string): Promise<void> {
  await withTenant(platform.database, tenantId, (trx) =>
    trx.updateTable('payments').set({ status: 'expired' }).where('provider', '=', 'PSPRING').where('checkout_ref', '=', attemptRef).where('status', '=', 'open').execute(),
  )
}

/** What a refused form shows back: names, expiry and routing number, never a card or account number or the CSC. */
function shownValues(form: FormData, method: 'card' | 'bank'): PayFormValues {
  const names = method === 'card' ? (['cardOwnerName', 'cardExpMonth', 'cardExpYear', 'zip'] as const) : (['bankAccountHolderFirstName', 'bankAccountHolderLastName', 'bankRoutingNumber', 'bankAccountType'] as const)
  const values: PayFormValues = {}
  for (const name of names) {
    const value = form.get(name)
    if (typeof value === 'string') values[name] = value.trim().slice(0, 100)
  }
  return values
}

function monthOf(value: string | number | null | undefined): number | null {
  const month = Number(value)
  return Number.isInteger(month) && month >= 1 && month <= 12 ? month : null
}

function yearOf(value: string | number | null | undefined): number | null {
  const year = Number(value)
  return Number.isInteger(year) && year >= 2000 && year <= 2100 ? year : null
}

/** The order's contact when it is the one signed in (kept cards are theirs alone), else null. */
export async function orderContactIfSignedIn(platform: Pick<PaymentPlatform, 'database'>, tenantId: string, invoiceGuid: string, signedInContactId: string | null): Promise<string | null> {
  if (!signedInContactId || !isUuid(invoiceGuid)) return null
  const row = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('invoices').select('contact_id').where('guid', '=', invoiceGuid).executeTakeFirst())
  return row?.contact_id === signedInContactId ? signedInContactId : null
}
