import type { Tenant } from '#server/tenancy/tenant'
import { readActiveProvider } from './active-provider'
import { awaitsPayment, CARD_PAYMENT_MESSAGES, loadPayableInvoice, type CheckoutStart, type PayableInvoice } from './payable-invoice'
import { PAYMENTSPRING_MESSAGES, paymentSpringPayPath } from './paymentspring-checkout'
import { startPhonePeCheckout } from './phonepe-checkout'
import { startRazorpayCheckout } from './razorpay-checkout'
import type { PaymentPlatform } from './settle-payment'
import { startStripeCheckout } from './stripe-checkout'

/**
 * Pay on a pending invoice: the buyer goes to the studio's payment provider (the one it set up
 * or chose last), on that provider's own page, so paying needs no JavaScript here.
 */
export async function startOnlinePayment(
  platform: PaymentPlatform & Parameters<typeof readActiveProvider>[0],
  tenant: Tenant,
  input: { invoiceGuid: string; origin: string; now: Date; found?: PayableInvoice | null },
): Promise<CheckoutStart> {
  // Place order passes the invoice it has just written; Pay on an order reads it.
  const found = input.found ?? (await loadPayableInvoice(platform, tenant.id, input.invoiceGuid))
  if (!found) return { kind: 'not-found' }
  const active = await readActiveProvider(platform, tenant.id)
  if (!active) return { kind: 'refused', message: CARD_PAYMENT_MESSAGES.notTaken }
  if (!awaitsPayment(found.invoice.status) || found.invoice.dueMinor <= 0) return { kind: 'refused', message: CARD_PAYMENT_MESSAGES.notPending }
  switch (active.provider) {
    case 'STRIPE':
      return startStripeCheckout(platform, tenant, found, input)
    case 'RAZORPAY':
      return startRazorpayCheckout(platform, tenant, found, active.credentials, input)
    case 'PHONEPE':
      return startPhonePeCheckout(platform, tenant, found, active.credentials, input)
    case 'PSPRING':
      // No hosted page: the card and bank form is the studio's own (paymentspring-checkout.ts).
      if (found.invoice.currency !== 'USD') return { kind: 'refused', message: PAYMENTSPRING_MESSAGES.dollarsOnly }
      return { kind: 'redirect', url: `${input.origin}${paymentSpringPayPath(found.invoice.guid)}` }
  }
}
