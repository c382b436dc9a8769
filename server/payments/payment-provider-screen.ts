import type { PaymentProvider } from '#db/tables/payments'
import type { Platform } from '#server/platform'
import { readActiveProvider } from './active-provider'
import { loadStripeCard, type StripeCardView } from './payment-provider-page'
import type { KeyProvider } from './payment-providers'
import { readProviderKeysView, type ProviderKeysView } from './provider-keys'

export interface PaymentProvidersScreen {
  stripe: StripeCardView
  keys: Record<KeyProvider, ProviderKeysView>
  /** The provider checkout uses now (null: only free orders). */
  active: PaymentProvider | null
}

/** Everything the payment providers page shows: each provider's state and which one checkout uses. */
export async function loadPaymentProvidersScreen(platform: Pick<Platform, 'database' | 'env' | 'tenants'>, tenantId: string): Promise<PaymentProvidersScreen> {
  const [stripe, pspring, razorpay, phonePe, active] = await Promise.all([
    loadStripeCard(platform, tenantId),
    readProviderKeysView(platform, tenantId, 'PSPRING'),
    readProviderKeysView(platform, tenantId, 'RAZORPAY'),
    readProviderKeysView(platform, tenantId, 'PHONEPE'),
    readActiveProvider(platform, tenantId),
  ])
  return { stripe, keys: { PSPRING: pspring, RAZORPAY: razorpay, PHONEPE: phonePe }, active: active?.provider ?? null }
}
