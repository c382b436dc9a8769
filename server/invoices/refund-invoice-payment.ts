import { createHash } from 'node:crypto'
import Stripe from 'stripe'
import { z } from 'zod'
import type { PaymentProvider } from '#db/tables/payments'
import { withTenant } from '#db/tenant-scope'
import { MAX_AMOUNT_MINOR, parseAmountInput } from '#server/catalog/money'
import { moneyText } from '#server/catalog/public/price-text'
import { err, ok, type WordedResult } from '#server/errors/result'
import { isUuid } from '#server/text/is-uuid'
import { PROVIDER_NAMES } from '#server/payments/payment-providers'
import { PaymentSpringRefusal, paymentSpringFor } from '#server/payments/paymentspring-client'
import { phonePeCallbackPath } from '#server/payments/phonepe-checkout'
import { phonePeFor } from '#server/payments/phonepe-client'
import { ProviderCallFailed } from '#server/payments/provider-http'
import { readProviderCredentials } from '#server/payments/provider-keys'
import { razorpayFor } from '#server/payments/razorpay-client'
import { stripeFor } from '#server/payments/stripe-client'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'

/** Where the money of a refund goes: back the way it came, or onto the contact's account. */
export const REFUND_DESTINATIONS = ['money', 'credit'] as const
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number]

export const REFUND_MESSAGES = {
  amountRequired: 'Refund amount is required!',
  amountInvalid: 'Enter the amount as a number, like 25.00.',
  amountZero: 'The refund must be more than 0.',
  reasonTooLong: 'The reason can be at most 255 characters.',
  destinationRequired: 'Choose how the money goes back.',
  formOutOfDate: 'This form is out of date. Please reload the page and try again.',
  nothingLeft: 'This payment has already been given back in full.',
  changedMeanwhile: 'This payment was refunded meanwhile, so nothing more was given back. Check what is left and try again.',
  recorded: 'Refund recorded.',
  recordedAsCredit: 'Refund recorded as account credit.',
  /** The words the reason of a refund given as account credit starts with. */
  asCreditReason: 'As account credit',
  noProviderPayment: 'This card payment does not name the provider payment that took it, so it cannot be refunded here. Refund it in the provider’s dashboard, or give it as account credit.',
  stripeNotConfigured: 'Stripe is not configured here.',
  /** The provider shows refunds of this payment that the ledger does not: nothing more is given until staff look. */
  refundedElsewhere: (provider: string) => `${provider} shows refunds of this payment that are not recorded here. Check the payment in the ${provider} dashboard, then record what was given back.`,
  /** What the refund page says: a refund gives money back, nothing else. */
  givenStays: 'A refund gives money back only: what the invoice gave (an enrolment, a membership, a booking) stays. End or change those on the contact’s profile.',
} as const

export function refundOverLeft(leftText: string): string {
  return `The refund is more than the ${leftText} left to give back of this payment.`
}

export function cardRefundFailed(providerMessage: string): string {
  return `The card payment could not be refunded: ${providerMessage}`
}

function keysGone(providerName: string): string {
  return `the ${providerName} keys this payment was taken with are no longer saved. Refund it in the ${providerName} dashboard, or give it as account credit.`
}

const refundFormSchema = z.object({
  amount: z.string().trim().min(1, REFUND_MESSAGES.amountRequired),
  reason: z.string().trim().max(255, REFUND_MESSAGES.reasonTooLong),
  destination: z.enum(REFUND_DESTINATIONS, { errorMap: () => ({ message: REFUND_MESSAGES.destinationRequired }) }),
  // What the payment had given back when the form was shown: a second post of the same form finds it changed.
  refundedBefore: z.string().regex(/^\d{1,15}$/, REFUND_MESSAGES.formOutOfDate),
})

export interface RefundFormValues {
  amount: string
  reason: string
  destination: string
  refundedBefore: string
}

export type RefundFieldErrors = Partial<Record<keyof RefundFormValues, string>>

export function refundFormValues(form: FormData): RefundFormValues {
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : ''
  }
  return { amount: text('amount'), reason: text('reason'), destination: text('destination') || 'money', refundedBefore: text('refundedBefore') }
}

type RefundPlatform = Pick<Platform, 'database' | 'caches' | 'env' | 'logger'>

/** A provider did not take a refund; `message` is what staff read after "could not be refunded: ". */
class CardRefundRefused extends Error {}

/** The card payment a refund goes back to, as its provider's refund call needs it. */
interface CardRefund {
  provider: PaymentProvider
  /** The account the money went to: Stripe's connected account, or the key id of a key provider. */
  accountId: string
  paymentRef: string
  amountMinor: number
  /** Names this refund to the provider, so a retry of the same refund gives back once. */
  idempotencyKey: string
  invoicePaymentGuid: string
  /** What this payment had given back before this refund, by the ledger. */
  refundedBefore: number
}

/**
 * 'Refund' of one payment of an invoice (spec: POST item/invoice/{id}/refund), in full or in
 * part. Card money goes back through the provider that took it; cash or other money is handed
 * back by staff; an account payment, or any payment staff choose to give as account credit,
 * goes onto the contact's account. The invoice's balance and paid amount stay (the money was
 * taken, then given back): the payment's and the invoice's refunded amounts rise, and a paid
 * invoice given back in full becomes 'refunded'. What the invoice gave (an enrolment, a
 * membership) is not undone; staff do that on the contact's profile.
 *
 * Exactly once: the invoice and the payment are locked (for update) while the amount is checked
 * and for as long as the provider takes to answer, so two staff refunding at once cannot give
 * back more than was taken, and nothing is recorded unless the provider took the refund. The
 * refund's idempotency key names the payment, what it had given back so far and the amount: a
 * retry after a lost answer or a failed commit gets the provider's first refund back instead of
 * a second one. A lock held across a provider call is acceptable here because refunds are rare
 * and touch one invoice; a pending row committed before the call would need a state column the
 * ledger does not have. A double post of the same form finds the payment changed since the
 * form was shown (refundedBefore) and gives nothing more.
 */
export async function refundInvoicePayment(
  platform: RefundPlatform,
  tenant: Tenant,
  input: { unverifiedGuid: string; unverifiedPaymentGuid: string; values: RefundFormValues; staffContactId: string; origin: string; now: Date },
): Promise<WordedResult<{ message: string }, 'not_found' | 'invalid_input' | 'conflict' | 'unavailable', { fieldErrors: RefundFieldErrors }>> {
  if (!isUuid(input.unverifiedGuid) || !isUuid(input.unverifiedPaymentGuid)) return err('not_found', 'Payment not found', { fieldErrors: {} })
  const parsed = refundFormSchema.safeParse(input.values)
  if (!parsed.success) {
    const fieldErrors: RefundFieldErrors = {}
    for (const issue of parsed.error.issues) fieldErrors[issue.path[0] as keyof RefundFormValues] ??= issue.message
    const formOutOfDate = fieldErrors.refundedBefore !== undefined && Object.keys(fieldErrors).length === 1
    return err('invalid_input', formOutOfDate ? REFUND_MESSAGES.formOutOfDate : 'Please correct the highlighted fields.', { fieldErrors })
  }
  const { reason, destination } = parsed.data
  const refundedBefore = Number(parsed.data.refundedBefore)
  let accountChanged = false
  const outcome = await withTenant(platform.database, tenant.id, async (trx) => {
    const invoice = await trx
      .selectFrom('invoices')
      .select(['id', 'guid', 'status', 'contact_id', 'currency', 'paid_minor', 'refunded_minor'])
      .where('guid', '=', input.unverifiedGuid)
      .forUpdate()
      .executeTakeFirst()
    if (!invoice) return err('not_found', 'Invoice not found', { fieldErrors: {} })
    const payment = await trx
      .selectFrom('invoice_payments')
      .select(['id', 'guid', 'method', 'payment_id', 'amount_minor', 'refunded_minor'])
      .where('invoice_id', '=', invoice.id)
      .where('guid', '=', input.unverifiedPaymentGuid)
      .forUpdate()
      .executeTakeFirst()
    if (!payment) return err('not_found', 'Payment not found', { fieldErrors: {} })

    const amountMinor = parseAmountInput(parsed.data.amount, invoice.currency)
    if (amountMinor === null || amountMinor > MAX_AMOUNT_MINOR) return err('invalid_input', REFUND_MESSAGES.amountInvalid, { fieldErrors: { amount: REFUND_MESSAGES.amountInvalid } })
    if (amountMinor <= 0) return err('invalid_input', REFUND_MESSAGES.amountZero, { fieldErrors: { amount: REFUND_MESSAGES.amountZero } })
    const toAccount = payment.method === 'account' || destination === 'credit'
    const done = ok({ message: toAccount ? REFUND_MESSAGES.recordedAsCredit : REFUND_MESSAGES.recorded })
    const refundedSoFar = Number(payment.refunded_minor)
    if (refundedSoFar !== refundedBefore) {
      // The same form posted twice (a double click without JavaScript): the first post gave
      // this very amount back since the form was shown. Answer as it did; give nothing more.
      const last = await trx.selectFrom('invoice_refunds').select('amount_minor').where('invoice_payment_id', '=', payment.id).orderBy('created_at', 'desc').limit(1).executeTakeFirst()
      const isRepeat = refundedSoFar === refundedBefore + amountMinor && last !== undefined && Number(last.amount_minor) === amountMinor
      if (isRepeat) return done
      return err('conflict', REFUND_MESSAGES.changedMeanwhile, { fieldErrors: {} })
    }
    const leftMinor = Number(payment.amount_minor) - refundedSoFar
    if (leftMinor <= 0) return err('conflict', REFUND_MESSAGES.nothingLeft, { fieldErrors: {} })
    if (amountMinor > leftMinor) {
      const message = refundOverLeft(moneyText(leftMinor, invoice.currency))
      return err('invalid_input', message, { fieldErrors: { amount: message } })
    }

    let refundRef: string | null = null
    if (!toAccount && payment.method === 'card') {
      const attempt = payment.payment_id ? await trx.selectFrom('payments').select(['provider', 'account_id', 'payment_ref']).where('id', '=', payment.payment_id).executeTakeFirst() : undefined
      if (!attempt?.payment_ref) return err('conflict', REFUND_MESSAGES.noProviderPayment, { fieldErrors: {} })
      const refund: CardRefund = {
        provider: attempt.provider,
        accountId: attempt.account_id,
        paymentRef: attempt.payment_ref,
        amountMinor,
        idempotencyKey: `refund-${payment.guid}-${refundedSoFar}-${amountMinor}`,
        invoicePaymentGuid: payment.guid,
        refundedBefore: refundedSoFar,
      }
      try {
        refundRef = await refundOnProvider(platform, tenant, refund, input.origin)
      } catch (error) {
        const message = cardRefundFailed(providerMessage(refund.provider, error))
        platform.logger.warn({ err: error, invoice: invoice.guid, payment: payment.guid, provider: refund.provider }, 'a card refund was not taken by its provider; nothing recorded')
        return err(isUnreachable(error) ? 'unavailable' : 'conflict', message, { fieldErrors: {} })
      }
    }

    const shownReason = destination === 'credit' && payment.method !== 'account' ? [REFUND_MESSAGES.asCreditReason, reason].filter(Boolean).join(': ') : reason
    try {
      await trx
        .insertInto('invoice_refunds')
        .values({
          tenant_id: tenant.id,
          invoice_payment_id: payment.id,
          amount_minor: amountMinor,
          refund_ref: refundRef?.slice(0, 255) ?? null,
          reason: shownReason.slice(0, 255),
          recorded_by: input.staffContactId,
          created_at: input.now,
        })
        .execute()
      await trx
        .updateTable('invoice_payments')
        .set((eb) => ({ refunded_minor: eb('refunded_minor', '+', amountMinor) }))
        .where('id', '=', payment.id)
        .execute()
      const refundedInFull = Number(invoice.refunded_minor) + amountMinor === Number(invoice.paid_minor)
      await trx
        .updateTable('invoices')
        .set((eb) => ({
          refunded_minor: eb('refunded_minor', '+', amountMinor),
          ...(refundedInFull && invoice.status === 'paid' ? { status: 'refunded' as const } : {}),
          updated_at: input.now,
        }))
        .where('id', '=', invoice.id)
        .execute()
      if (toAccount) {
        await trx
          .updateTable('contacts')
          .set((eb) => ({ balance_minor: eb('balance_minor', '+', amountMinor), updated_at: input.now }))
          .where('id', '=', invoice.contact_id)
          .execute()
        accountChanged = true
      }
    } catch (error) {
      // The provider gave the money back but it could not be written: staff retrying the same
      // amount reuse the idempotency key and record the provider's refund once.
      if (refundRef) platform.logger.error({ err: error, invoice: invoice.guid, payment: payment.guid, refundRef }, 'a card refund was given but could not be recorded')
      throw error
    }
    return done
  })
  platform.caches.changed(tenant.id, accountChanged ? ['invoices', 'contacts'] : ['invoices'])
  return outcome
}

/** Gives `refund.amountMinor` back on the provider that took the payment; answers the provider's refund id. */
async function refundOnProvider(platform: RefundPlatform, tenant: Tenant, refund: CardRefund, origin: string): Promise<string> {
  if (refund.provider === 'STRIPE') {
    const stripe = stripeFor(platform.env)
    if (!stripe) throw new CardRefundRefused(REFUND_MESSAGES.stripeNotConfigured)
    // The metadata is fixed by the payment (never the reason typed), so a retry sends the same request for the same key.
    const given = await stripe.refunds.create(
      { payment_intent: refund.paymentRef, amount: refund.amountMinor, metadata: { invoicePaymentGuid: refund.invoicePaymentGuid } },
      { stripeAccount: refund.accountId, idempotencyKey: refund.idempotencyKey },
    )
    if (given.status === 'failed' || given.status === 'canceled') throw new CardRefundRefused(`Stripe answered the refund as ${given.status}.`)
    return given.id
  }
  const name = PROVIDER_NAMES[refund.provider]
  const credentials = await readProviderCredentials(platform, tenant.id, refund.provider)
  if (!credentials || credentials.apiKey !== refund.accountId) throw new CardRefundRefused(keysGone(name))
  switch (refund.provider) {
    case 'RAZORPAY': {
      // Razorpay takes no idempotency key: the key goes into the refund's notes, and a retry
      // (after an answer lost on the way back) finds that refund instead of making another.
      const razorpay = razorpayFor(platform.env, credentials)
      const earlier = (await razorpay.paymentRefunds(refund.paymentRef)).find((each) => each.notes.refundKey === refund.idempotencyKey)
      if (earlier) return earlier.id
      return (await razorpay.refund(refund.paymentRef, { amount: refund.amountMinor, notes: { invoicePayment: refund.invoicePaymentGuid, refundKey: refund.idempotencyKey } })).id
    }
    case 'PHONEPE': {
      // A refund is a PhonePe transaction of its own; its id, derived from the key, makes a retry the same refund.
      const refundId = `R${createHash('sha256').update(refund.idempotencyKey).digest('hex').slice(0, 34)}`
      const answer = await phonePeFor(platform.env, credentials).refund({
        merchantUserId: 'REFUND',
        originalTransactionId: refund.paymentRef,
        merchantTransactionId: refundId,
        amount: refund.amountMinor,
        callbackUrl: `${origin}${phonePeCallbackPath(tenant.id)}`,
      })
      if (!answer.success) throw new CardRefundRefused(answer.message || answer.code)
      return refundId
    }
    case 'PSPRING': {
      // PaymentSpring takes no idempotency key either: what the transaction has given back
      // says whether this refund was made already (a lost answer) or someone refunded it elsewhere.
      const paymentSpring = paymentSpringFor(platform.env, credentials)
      const given = (await paymentSpring.transaction(refund.paymentRef)).amount_refunded ?? 0
      if (given === refund.refundedBefore + refund.amountMinor) return refund.paymentRef
      if (given !== refund.refundedBefore) throw new CardRefundRefused(REFUND_MESSAGES.refundedElsewhere(name))
      return (await paymentSpring.reverse(refund.paymentRef, refund.amountMinor)).id
    }
  }
}

function isUnreachable(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || (error instanceof ProviderCallFailed && error.status === null)
}

/** The provider's own words where it gave them; what happened otherwise. */
function providerMessage(provider: PaymentProvider, error: unknown): string {
  const name = PROVIDER_NAMES[provider]
  if (error instanceof CardRefundRefused || error instanceof PaymentSpringRefusal) return error.message
  if (isUnreachable(error)) return `${name} could not be reached. Nothing was given back; try again in a moment.`
  if (error instanceof Stripe.errors.StripeError) return error.message
  if (error instanceof ProviderCallFailed) return `${name} refused it (HTTP ${error.status ?? 'error'}). Check the payment in the ${name} dashboard.`
  return `${name} did not answer as expected. Check the payment in the ${name} dashboard before trying again.`
}
