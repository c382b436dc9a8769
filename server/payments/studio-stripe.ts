import type Stripe from 'stripe'
import { readActiveProvider } from './active-provider'
import type { PaymentPlatform } from './settle-payment'
import { stripeFor } from './stripe-client'

type StudioStripePlatform = Pick<PaymentPlatform, 'env'> & Parameters<typeof readActiveProvider>[0]

/** The platform's Stripe client and the studio's connected account, while Stripe is the studio's provider now. */
export interface StudioStripe {
  stripe: Stripe
  account: string
}

export async function studioStripe(platform: StudioStripePlatform, tenantId: string): Promise<StudioStripe | null> {
  const stripe = stripeFor(platform.env)
  if (!stripe) return null
  const active = await readActiveProvider(platform, tenantId)
  return active?.provider === 'STRIPE' ? { stripe, account: active.accountId } : null
}

/**
 * Whether a page running JavaScript takes the card in the page (Stripe's Payment Element): the
 * studio pays through Stripe and the platform has a publishable key for Stripe.js.
 */
export async function paysInPage(platform: StudioStripePlatform, tenantId: string): Promise<boolean> {
  return Boolean(platform.env.STRIPE_PUBLISHABLE_KEY) && (await studioStripe(platform, tenantId)) !== null
}

/** An expandable field of a Stripe object as its id. */
export function stripeIdOf(value: string | { id: string } | null | undefined): string | null {
  return typeof value === 'string' ? value : (value?.id ?? null)
}

/** Gives a payment back on the connected account it went to, once (the key names the attempt): the refund call settle-payment.ts takes. */
export function refundOnStripe(platform: Pick<PaymentPlatform, 'env'>) {
  return async (due: { checkoutRef: string; accountId: string; paymentRef: string }): Promise<string> => {
    const stripe = stripeFor(platform.env)
    if (!stripe) throw new Error('a Stripe payment is due a refund but Stripe is not configured here')
    const refund = await stripe.refunds.create({ payment_intent: due.paymentRef }, { stripeAccount: due.accountId, idempotencyKey: `refund-${due.checkoutRef}` })
    return refund.id
  }
}
