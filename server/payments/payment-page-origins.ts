import type { Env } from '#server/env.server'
import type { PaymentScriptOrigins } from '#server/http/security-headers'
import { paymentSpringBase } from './paymentspring-client'
import { PAYMENTSPRING_PAY_PATH } from './paymentspring-token'
import { razorpayBase } from './razorpay-client'
import { isStripeConfigured, stripeScriptUrl, type StripeEnv } from './stripe-client'

/**
 * Where the providers' payment pages live, for the pages' form-action: Place order and Pay
 * answer with a redirect to Stripe's or PhonePe's page, or post a form to Razorpay's. With a
 * provider's URL set (a local stand-in), its own origin.
 */
export function paymentPageOrigins(env: StripeEnv & Pick<Env, 'RAZORPAY_API_URL' | 'PHONEPE_API_URL' | 'PHONEPE_SANDBOX_API_URL'>): string[] {
  const origins = new Set<string>()
  // The platform's own plan checkout needs only the secret key; studio checkout needs Connect too.
  if (env.STRIPE_SECRET_KEY) origins.add(env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL).origin : 'https://checkout.stripe.com')
  origins.add(new URL(razorpayBase(env)).origin)
  // PhonePe answers a pay page address on its own hosts (mercury-t2.phonepe.com and the like).
  if (env.PHONEPE_API_URL) origins.add(new URL(env.PHONEPE_API_URL).origin)
  if (env.PHONEPE_SANDBOX_API_URL) origins.add(new URL(env.PHONEPE_SANDBOX_API_URL).origin)
  if (!env.PHONEPE_API_URL || !env.PHONEPE_SANDBOX_API_URL) origins.add('https://*.phonepe.com')
  return [...origins]
}

/**
 * What Stripe.js needs of the page's Content Security Policy (Stripe's documented list: its
 * script, its API, its frames for the card element and 3-D Secure), or the stand-in's origin
 * when STRIPE_JS_URL points elsewhere. Nothing while the platform takes no Stripe payments.
 */
export function stripeScriptOrigins(env: StripeEnv): PaymentScriptOrigins | null {
  if (!isStripeConfigured(env) || !env.STRIPE_PUBLISHABLE_KEY) return null
  const script = new URL(stripeScriptUrl(env)).origin
  const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL).origin : 'https://api.stripe.com'
  if (!env.STRIPE_JS_URL) return { scripts: [script], connect: [api], frames: ['https://js.stripe.com', 'https://hooks.stripe.com'] }
  return { scripts: [script], connect: [...new Set([api, script])], frames: [script] }
}

/**
 * What a page may reach besides the origins every page has: the PaymentSpring pay form makes its
 * one-use token from the buyer's browser, so that page alone may call PaymentSpring's API.
 */
export function paymentScriptOriginsFor(env: Pick<Env, 'PAYMENTSPRING_API_URL'>, everyPage: PaymentScriptOrigins | null): (pathname: string) => PaymentScriptOrigins | null {
  const base = everyPage ?? { scripts: [], connect: [], frames: [] }
  const payPage: PaymentScriptOrigins = { ...base, connect: [...new Set([...base.connect, new URL(paymentSpringBase(env)).origin])] }
  return (pathname) => (PAYMENTSPRING_PAY_PATH.test(pathname) ? payPage : everyPage)
}
