import type { Tenant } from '#server/tenancy/tenant'
import { loadPayableInvoice } from './payable-invoice'
import { readProviderCredentials } from './provider-keys'
import { settlePhonePeTransaction } from './phonepe-checkout'
import { settleRazorpayOrder } from './razorpay-checkout'
import type { PaymentPlatform } from './settle-payment'

/**
 * A pending order's open Razorpay or PhonePe attempts, asked of the provider: these providers
 * call back only while the buyer's browser does (Razorpay) or once (PhonePe), so an order page
 * opened later finds a payment whose answer was lost. Stripe's are settled by its webhook.
 * Answers whether anything was settled; a provider that does not answer changes nothing.
 */
export async function catchUpOpenAttempts(platform: PaymentPlatform, tenant: Tenant, input: { invoiceGuid: string; origin: string; now: Date }): Promise<boolean> {
  const found = await loadPayableInvoice(platform, tenant.id, input.invoiceGuid)
  const open = (found?.attempts ?? []).flatMap((attempt) =>
    attempt.status === 'open' && (attempt.provider === 'RAZORPAY' || attempt.provider === 'PHONEPE') ? [{ ...attempt, provider: attempt.provider }] : [],
  )
  if (open.length === 0) return false
  let settled = false
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
