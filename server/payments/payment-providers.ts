import type { PaymentProvider } from '#db/tables/payments'

export type { PaymentProvider }

/** The providers a studio sets up with keys it copies from the provider's dashboard. */
export type KeyProvider = Exclude<PaymentProvider, 'STRIPE'>

/** The chooser codes of spec 001's payment providers page (`?provider=`). */
export const PROVIDER_CODES = { 1: 'PSPRING', 2: 'STRIPE', 3: 'RAZORPAY', 4: 'PHONEPE' } as const satisfies Record<number, PaymentProvider>

export function providerOfCode(code: string | null): PaymentProvider | null {
  if (code === '1' || code === '2' || code === '3' || code === '4') return PROVIDER_CODES[code]
  // Older links name the provider (`?provider=stripe`).
  const named = (code ?? '').toUpperCase()
  return named === 'STRIPE' || named === 'PSPRING' || named === 'RAZORPAY' || named === 'PHONEPE' ? named : null
}

export function codeOfProvider(provider: PaymentProvider): 1 | 2 | 3 | 4 {
  return provider === 'PSPRING' ? 1 : provider === 'STRIPE' ? 2 : provider === 'RAZORPAY' ? 3 : 4
}

/** Names and card texts of the integrations hub's Payments group (spec 001). */
export const PROVIDER_CARDS: Record<PaymentProvider, { name: string; text: string }> = {
  PSPRING: { name: 'Nelnet', text: 'USD only; ACH 0.80%; card 2.9% plus 30 cents' },
  STRIPE: { name: 'Stripe', text: 'USD and other currencies; card fees from 2.9% plus 30 cents' },
  RAZORPAY: { name: 'Razorpay', text: 'INR, from 2%' },
  PHONEPE: { name: 'PhonePe', text: 'UPI 0%, wallet 0.84%, gift card 0.84%' },
}

/** The name a buyer and a studio owner know each provider by. */
export const PROVIDER_NAMES: Record<PaymentProvider, string> = {
  PSPRING: 'PaymentSpring',
  STRIPE: 'Stripe',
  RAZORPAY: 'Razorpay',
  PHONEPE: 'PhonePe',
}

/** What the payment providers page says after Save, Disconnect, Reconnect and Use for checkout. */
export function providerToasts(provider: PaymentProvider) {
  const name = PROVIDER_NAMES[provider]
  return {
    saved: `${name} keys saved: checkout takes payments through ${name}.`,
    disconnected: `${name} is disconnected.`,
    reconnected: `${name} is reconnected: checkout takes payments through ${name}.`,
    used: `Checkout now takes payments through ${name}.`,
    nothing: provider === 'STRIPE' ? 'There is no Stripe account to change: connect one first.' : `There are no ${name} keys to change: save them first.`,
  }
}
