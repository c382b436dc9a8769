import type { Tenant } from '#server/tenancy/tenant'
import type { PayableInvoice } from './payable-invoice'
import { readProviderCredentials } from './provider-keys'
import { settlePhonePeTransaction } from './phonepe-checkout'
import { settleRazorpayOrder } from './razorpay-checkout'
import type { PaymentPlatform } from './settle-payment'
import { stripeFor } from './stripe-client'
import { intentSnapshotOf, settleStripeIntent } from './stripe-intent'

/**
 * A pending order's open Razorpay or PhonePe attempts, asked of the provider: these providers
 * call back only while the buyer's browser does (Razorpay) or once (PhonePe), so an order page
 * opened later finds a payment whose answer was lost. A Stripe PaymentIntent is asked too (its
 * webhook may be late, and the page that confirmed it may have closed); Stripe's hosted
 * sessions are settled by the webhook and the buyer's return.
 * Answers whether anything was settled; a provider that does not answer changes nothing.
 */
export async function catchUpOpenAttempts(platform: PaymentPlatform, tenant: Tenant, input: { found: PayableInvoice; origin: string; now: Date }): Promise<boolean> {
  const attempts = input.found.attempts.filter((attempt) => attempt.status === 'open')
  let settled = false
  for (const attempt of attempts.filter((each) => each.provider === 'STRIPE' && each.checkout_ref.startsWith('pi_'))) {
    const stripe = stripeFor(platform.env)
    if (!stripe) break
    try {
      const intent = await stripe.paymentIntents.retrieve(attempt.checkout_ref, {}, { stripeAccount: attempt.account_id })
      const outcome = await settleStripeIntent(platform, tenant, intentSnapshotOf(intent), input)
      if (outcome !== 'waiting' && outcome !== 'unknown') settled = true
    } catch (error) {
      platform.logger.warn({ err: error, provider: 'STRIPE', attempt: attempt.checkout_ref }, 'an open payment could not be asked of its provider')
    }
  }
  const open = attempts.flatMap((attempt) => (attempt.provider === 'RAZORPAY' || attempt.provider === 'PHONEPE' ? [{ ...attempt, provider: attempt.provider }] : []))
  for (const attempt of open) {
    // The keys the attempt was made with, whether or not the provider is still the studio's choice.
    const credentials = await readProviderCredentials(platform, tenant.id, attempt.provider)
    if (!credentials || credentials.apiKey !== attempt.account_id) continue
    try {
      const outcome =
        attempt.provider === 'RAZORPAY'
          ? await settleRazorpayOrder(platform, tenant, credentials, attempt.checkout_ref, input)
          : await settlePhonePeTransaction(platform, tenant, credentials, attempt.checkout_ref, input)
      if (outcome !== 'waiting' && outcome !== 'unknown') settled = true
    } catch (error) {
      platform.logger.warn({ err: error, provider: attempt.provider, attempt: attempt.checkout_ref }, 'an open payment could not be asked of its provider')
    }
  }
  return settled
}
