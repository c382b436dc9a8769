/**
 * The parts of Stripe.js v3 the order page and the profile use (the Payment Element with the
 * intent made at Pay or Save), typed here rather than through another package: a short, checked surface.
 */
export interface StripeError {
  type: string
  code?: string
  message?: string
}

export interface StripePaymentElement {
  mount(target: HTMLElement): void
  update(options: { readOnly?: boolean }): void
  on(event: 'ready' | 'change', handler: (event: { complete?: boolean }) => void): StripePaymentElement
  destroy(): void
}

export interface StripeElements {
  create(type: 'payment', options?: { readOnly?: boolean; layout?: 'tabs' | 'accordion' }): StripePaymentElement
  update(options: { setupFutureUsage?: 'off_session' | null }): void
  submit(): Promise<{ error?: StripeError }>
}

export interface StripeClient {
  elements(
    options: ({ mode: 'payment'; amount: number; currency: string } | { mode: 'setup'; currency: string }) & { paymentMethodTypes?: string[]; setupFutureUsage?: 'off_session' | null; locale?: string },
  ): StripeElements
  confirmPayment(options: {
    elements: StripeElements
    clientSecret: string
    confirmParams: { return_url: string }
    redirect: 'if_required'
  }): Promise<{ error?: StripeError; paymentIntent?: { id: string; status: string } }>
  confirmSetup(options: {
    elements: StripeElements
    clientSecret: string
    confirmParams: { return_url: string }
    redirect: 'if_required'
  }): Promise<{ error?: StripeError; setupIntent?: { id: string; status: string } }>
  handleNextAction(options: { clientSecret: string }): Promise<{ error?: StripeError; paymentIntent?: { id: string; status: string } }>
}

type StripeFactory = (publishableKey: string, options?: { stripeAccount?: string }) => StripeClient

declare global {
  interface Window {
    Stripe?: StripeFactory
  }
}

const loading = new Map<string, Promise<StripeFactory>>()

/** Loads Stripe.js once per page (from js.stripe.com, or the stand-in tests serve). */
export function loadStripeJs(scriptUrl: string): Promise<StripeFactory> {
  const known = loading.get(scriptUrl)
  if (known) return known
  const loaded = new Promise<StripeFactory>((resolve, reject) => {
    if (window.Stripe) return resolve(window.Stripe)
    const script = document.createElement('script')
    script.src = scriptUrl
    script.async = true
    script.addEventListener('load', () => (window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js loaded without Stripe'))))
    script.addEventListener('error', () => reject(new Error('Stripe.js could not be loaded')))
    document.head.appendChild(script)
  })
  // A failed load may be retried on the next visit to the page.
  loaded.catch(() => loading.delete(scriptUrl))
  loading.set(scriptUrl, loaded)
  return loaded
}
