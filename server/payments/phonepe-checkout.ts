import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import { orderPathFor } from '#server/checkout/receipt-email'
import type { Tenant } from '#server/tenancy/tenant'
import { CARD_PAYMENT_MESSAGES, recordAttempt, type CheckoutStart, type PayableInvoice } from './payable-invoice'
import { scheduleAttemptCheck } from './schedule-attempt-check'
import { isPhonePeChecksumValid, phonePeFor, type PhonePeStatus } from './phonepe-client'
import type { ProviderCredentials } from './provider-keys'
import { settlePayment, type PaymentPlatform, type ProviderOutcome, type Settlement } from './settle-payment'

/** Spec 000's confirm address: PhonePe sends the buyer back here, and the status is asked from PhonePe. */
export function phonePeConfirmPath(tenantId: string, merchantTransactionId: string): string {
  return `/item/phonepe/${tenantId}/confirm/${merchantTransactionId}`
}

/** PhonePe's server-to-server callback: outside the same-origin post check, verified by its checksum instead. */
export function phonePeCallbackPath(tenantId: string): string {
  return `/item/phonepe/${tenantId}/callback`
}

/** 1 to 35 letters, digits, '_' or '-', as PhonePe takes a merchant transaction id. */
export const MERCHANT_TRANSACTION_ID = /^[A-Za-z0-9_-]{1,35}$/

/** The invoice and the attempt, in PhonePe's 35 characters: unique across every studio on one merchant id. */
function transactionIdFor(invoiceGuid: string, attempt: number): string {
  return `T${invoiceGuid.replace(/-/g, '').slice(0, 28)}A${attempt}`.slice(0, 35)
}

/**
 * Pay through PhonePe's pay page: a payment is started on the studio's merchant id for the
 * invoice's total and the buyer is sent to the page PhonePe answers with. PhonePe takes rupees
 * only. Each Pay starts a new transaction (PhonePe's page address is not kept); one still open
 * is asked first, so Pay after a payment whose callback is late shows the paid order.
 */
export async function startPhonePeCheckout(platform: PaymentPlatform, tenant: Tenant, found: PayableInvoice, credentials: ProviderCredentials, input: { origin: string; now: Date }): Promise<CheckoutStart> {
  const { invoice } = found
  if (invoice.currency !== 'INR') return { kind: 'refused', message: CARD_PAYMENT_MESSAGES.rupeesOnly }
  const orderUrl = `${input.origin}${orderPathFor(invoice.guid)}`
  const open = found.attempts.filter((attempt) => attempt.provider === 'PHONEPE' && attempt.status === 'open' && attempt.account_id === credentials.apiKey)
  for (const attempt of open) {
    const settled = await settlePhonePeTransaction(platform, tenant, credentials, attempt.checkout_ref, input).catch((error: unknown) => {
      platform.logger.warn({ err: error, transaction: attempt.checkout_ref }, 'an open PhonePe transaction could not be read')
      return 'unknown' as const
    })
    if (settled === 'paid' || settled === 'already-settled' || settled === 'refunded') return { kind: 'redirect', url: orderUrl }
  }
  const merchantTransactionId = transactionIdFor(invoice.guid, found.attempts.length + 1)
  let url: string | undefined
  try {
    const answer = await phonePeFor(platform.env, credentials).pay({
      merchantTransactionId,
      merchantUserId: `U${invoice.contactId.replace(/-/g, '')}`.slice(0, 36),
      amount: invoice.dueMinor,
      redirectUrl: `${input.origin}${phonePeConfirmPath(tenant.id, merchantTransactionId)}`,
      callbackUrl: `${input.origin}${phonePeCallbackPath(tenant.id)}`,
      ...(invoice.phone && /^\d{10}$/.test(invoice.phone) ? { mobileNumber: invoice.phone } : {}),
    })
    url = answer.success ? answer.data?.instrumentResponse?.redirectInfo?.url : undefined
    if (!url) platform.logger.error({ invoice: invoice.guid, code: answer.code }, 'PhonePe did not start a payment')
  } catch (error) {
    platform.logger.error({ err: error, invoice: invoice.guid }, 'a PhonePe payment could not be started')
  }
  if (!url) return { kind: 'refused', message: CARD_PAYMENT_MESSAGES.providerDown }
  await recordAttempt(platform, tenant.id, { invoiceId: invoice.id, provider: 'PHONEPE', accountId: credentials.apiKey, checkoutRef: merchantTransactionId, amountMinor: invoice.dueMinor, currency: invoice.currency, now: input.now })
  await scheduleAttemptCheck(platform, { tenantId: tenant.id, provider: 'PHONEPE', checkoutRef: merchantTransactionId, origin: input.origin })
  return { kind: 'redirect', url }
}

/** PhonePe's status answer, in settling's terms: COMPLETED is paid, FAILED can no longer be paid, anything else waits. */
function outcomeOf(status: PhonePeStatus): ProviderOutcome {
  const data = status.data && 'state' in status.data ? status.data : null
  if (!data) return { state: 'waiting', amountMinor: null, currency: null, paymentRef: null }
  if (status.success && status.code === 'PAYMENT_SUCCESS' && data.state === 'COMPLETED') {
    return { state: 'paid', amountMinor: data.amount, currency: 'INR', paymentRef: data.merchantTransactionId }
  }
  if (data.state === 'FAILED') return { state: 'expired', amountMinor: null, currency: null, paymentRef: null }
  return { state: 'waiting', amountMinor: null, currency: null, paymentRef: null }
}

/**
 * Asks PhonePe for a transaction's status (the only answer trusted) and settles the attempt by
 * it. A refund goes back as a new refund transaction named after the original, so asking twice
 * refunds once.
 */
export async function settlePhonePeTransaction(platform: PaymentPlatform, tenant: Tenant, credentials: ProviderCredentials, merchantTransactionId: string, input: { origin: string; now: Date }): Promise<Settlement> {
  const phonePe = phonePeFor(platform.env, credentials)
  const status = await phonePe.status(merchantTransactionId)
  return settlePayment(platform, tenant, { provider: 'PHONEPE', checkoutRef: merchantTransactionId }, outcomeOf(status), {
    ...input,
    refund: async (due) => {
      const refundId = `R${due.checkoutRef}`.slice(0, 35)
      const answer = await phonePe.refund({
        merchantUserId: 'REFUND',
        originalTransactionId: due.paymentRef,
        merchantTransactionId: refundId,
        amount: due.amountMinor,
        callbackUrl: `${input.origin}${phonePeCallbackPath(tenant.id)}`,
      })
      if (!answer.success) throw new Error(`PhonePe refused the refund of ${due.checkoutRef}: ${answer.code}`)
      return refundId
    },
  })
}

const callbackSchema = z.object({ response: z.string().min(1).max(20_000) })
const callbackPayloadSchema = z.object({ data: z.object({ merchantTransactionId: z.string().regex(MERCHANT_TRANSACTION_ID) }) })

/**
 * PhonePe's callback after a payment: its checksum must be the studio's; the transaction it
 * names is then asked from PhonePe and settled, so a forged or replayed body can do no more
 * than make us ask. Answers whether the callback was genuine.
 */
export async function takePhonePeCallback(platform: PaymentPlatform, tenant: Tenant, credentials: ProviderCredentials, input: { body: unknown; checksum: string; origin: string; now: Date }): Promise<boolean> {
  const parsed = callbackSchema.safeParse(input.body)
  if (!parsed.success || !isPhonePeChecksumValid(parsed.data.response, input.checksum, credentials)) return false
  let payload: unknown
  try {
    payload = JSON.parse(Buffer.from(parsed.data.response, 'base64').toString('utf8'))
  } catch {
    return false
  }
  const named = callbackPayloadSchema.safeParse(payload)
  if (!named.success) return false
  await settlePhonePeTransaction(platform, tenant, credentials, named.data.data.merchantTransactionId, input)
  return true
}

/** The order a PhonePe transaction pays, and the merchant id it was made on; null for one of no order here. */
export async function findPhonePeAttempt(platform: Pick<PaymentPlatform, 'database'>, tenantId: string, merchantTransactionId: string): Promise<{ invoiceGuid: string; accountId: string } | null> {
  if (!MERCHANT_TRANSACTION_ID.test(merchantTransactionId)) return null
  const row = await withTenant(platform.database, tenantId, (trx) =>
    trx
      .selectFrom('payments')
      .innerJoin('invoices', 'invoices.id', 'payments.invoice_id')
      .select(['invoices.guid', 'payments.account_id'])
      .where('payments.provider', '=', 'PHONEPE')
      .where('payments.checkout_ref', '=', merchantTransactionId)
      .executeTakeFirst(),
  )
  return row ? { invoiceGuid: row.guid, accountId: row.account_id } : null
}
