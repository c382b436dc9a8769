import { moneyText } from '#server/catalog/public/price-text'
import { invoiceNumberText } from '#server/checkout/order-view'
import { orderPathFor } from '#server/checkout/receipt-email'
import type { Tenant } from '#server/tenancy/tenant'
import { asksForWhatIsDue, CARD_PAYMENT_MESSAGES, recordAttempt, type CheckoutStart, type PayableInvoice } from './payable-invoice'
import type { ProviderCredentials } from './provider-keys'
import { isRazorpaySignatureValid, razorpayFor, razorpayHostedCheckoutUrl, type RazorpayPayment } from './razorpay-client'
import { scheduleAttemptCheck } from './schedule-attempt-check'
import { settlePayment, type PaymentPlatform, type ProviderOutcome, type Settlement } from './settle-payment'

/** Where Razorpay's hosted checkout posts the buyer back: outside the same-origin post check, verified by signature instead. */
export function razorpayReturnPath(invoiceGuid: string): string {
  return `${orderPathFor(invoiceGuid)}/razorpay`
}

const RETURN_PATH = /^\/checkout\/orders\/[0-9a-f-]{36}\/razorpay$/i

/** Whether a post is Razorpay's return to razorpayReturnPath (let through the same-origin check). */
export function isRazorpayReturn(path: string): boolean {
  return RETURN_PATH.test(path)
}

/**
 * Pay through Razorpay: an order made on the studio's keys for the invoice's total (an open
 * one is used again, since a Razorpay order takes several attempts), then the buyer's browser
 * posts it to Razorpay's hosted checkout, which needs no JavaScript on our side. Card and net
 * banking are on, UPI and wallets off (spec 000's checkout theme).
 */
export async function startRazorpayCheckout(platform: PaymentPlatform, tenant: Tenant, found: PayableInvoice, credentials: ProviderCredentials, input: { origin: string; now: Date }): Promise<CheckoutStart> {
  const { invoice } = found
  const razorpay = razorpayFor(platform.env, credentials)
  const orderUrl = `${input.origin}${orderPathFor(invoice.guid)}`
  let orderId: string | null = null
  const open = found.attempts.find((attempt) => attempt.provider === 'RAZORPAY' && attempt.status === 'open' && attempt.account_id === credentials.apiKey && asksForWhatIsDue(attempt, found))
  if (open) {
    const settled = await settleRazorpayOrder(platform, tenant, credentials, open.checkout_ref, input).catch((error: unknown) => {
      platform.logger.warn({ err: error, order: open.checkout_ref }, 'an open Razorpay order could not be read; making another')
      return 'unknown' as const
    })
    if (settled === 'paid' || settled === 'already-settled' || settled === 'refunded') return { kind: 'redirect', url: orderUrl }
    if (settled === 'waiting') orderId = open.checkout_ref
  }
  if (!orderId) {
    try {
      const order = await razorpay.createOrder({
        amount: invoice.dueMinor,
        currency: invoice.currency,
        receipt: `inv-${invoice.guid}`.slice(0, 40),
        notes: { tenantId: tenant.id, invoiceGuid: invoice.guid },
      })
      orderId = order.id
    } catch (error) {
      platform.logger.error({ err: error, invoice: invoice.guid }, 'a Razorpay order could not be made')
      return { kind: 'refused', message: CARD_PAYMENT_MESSAGES.providerDown }
    }
    await recordAttempt(platform, tenant.id, { invoiceId: invoice.id, provider: 'RAZORPAY', accountId: credentials.apiKey, checkoutRef: orderId, amountMinor: invoice.dueMinor, currency: invoice.currency, now: input.now })
    await scheduleAttemptCheck(platform, { tenantId: tenant.id, provider: 'RAZORPAY', checkoutRef: orderId, origin: input.origin })
  }
  const name = `${invoice.firstName} ${invoice.lastName}`.trim()
  return {
    kind: 'post',
    providerName: 'Razorpay',
    totalText: moneyText(invoice.dueMinor, invoice.currency),
    url: razorpayHostedCheckoutUrl(platform.env),
    fields: {
      key_id: credentials.apiKey,
      order_id: orderId,
      name: tenant.name.slice(0, 100),
      description: `Order ${invoiceNumberText(invoice.number)}`,
      'prefill[name]': name,
      'prefill[email]': invoice.email,
      ...(invoice.phone ? { 'prefill[contact]': invoice.phone } : {}),
      'method[card]': '1',
      'method[netbanking]': '1',
      'method[upi]': '0',
      'method[wallet]': '0',
      callback_url: `${input.origin}${razorpayReturnPath(invoice.guid)}`,
      cancel_url: orderUrl,
    },
  }
}

/** A Razorpay order's payments, read as settling needs them: paid once a payment is captured for the order's amount. */
function outcomeOfPayments(payments: RazorpayPayment[], orderId: string): ProviderOutcome {
  const captured = payments.find((payment) => payment.order_id === orderId && payment.status === 'captured')
  if (!captured) return { state: 'waiting', amountMinor: null, currency: null, paymentRef: null }
  return { state: 'paid', amountMinor: captured.amount, currency: captured.currency, paymentRef: captured.id }
}

/** Reads an order's payments from Razorpay and settles the attempt by them; a refund, if due, goes back on the same keys. */
export async function settleRazorpayOrder(platform: PaymentPlatform, tenant: Tenant, credentials: ProviderCredentials, orderId: string, input: { origin: string; now: Date }): Promise<Settlement> {
  const razorpay = razorpayFor(platform.env, credentials)
  const payments = await razorpay.orderPayments(orderId)
  return settlePayment(platform, tenant, { provider: 'RAZORPAY', checkoutRef: orderId }, outcomeOfPayments(payments, orderId), {
    ...input,
    refund: async (due) => (await razorpay.refund(due.paymentRef, { amount: due.amountMinor, notes: { reason: 'The order could not be given', order: due.checkoutRef } })).id,
  })
}

export type RazorpayReturn = { kind: 'settled'; settlement: Settlement } | { kind: 'failed' } | { kind: 'unknown' }

/**
 * Razorpay posts the buyer back with the payment, the order and a signature (or an error). The
 * signature must be the order's under the studio's key secret and the order must be this
 * invoice's; then the order's payments are read from Razorpay itself before anything is given.
 */
export async function settleRazorpayReturn(
  platform: PaymentPlatform,
  tenant: Tenant,
  credentials: ProviderCredentials,
  input: { invoiceGuid: string; form: FormData; attempts: PayableInvoice['attempts']; origin: string; now: Date },
): Promise<RazorpayReturn> {
  const field = (name: string) => {
    const value = input.form.get(name)
    return typeof value === 'string' ? value.slice(0, 300) : ''
  }
  if (field('error[code]') !== '' || field('error[description]') !== '') return { kind: 'failed' }
  const orderId = field('razorpay_order_id')
  const paymentId = field('razorpay_payment_id')
  const signature = field('razorpay_signature')
  const attempt = input.attempts.find((candidate) => candidate.provider === 'RAZORPAY' && candidate.checkout_ref === orderId)
  if (!attempt || attempt.account_id !== credentials.apiKey) return { kind: 'unknown' }
  if (!isRazorpaySignatureValid({ orderId, paymentId, signature }, credentials.secretKey)) return { kind: 'unknown' }
  try {
    return { kind: 'settled', settlement: await settleRazorpayOrder(platform, tenant, credentials, orderId, input) }
  } catch (error) {
    platform.logger.warn({ err: error, order: orderId }, 'a returning Razorpay order could not be read; the order page reads it again')
    return { kind: 'unknown' }
  }
}
