import { useEffect, useRef, useState } from 'react'
import { loadStripeJs, type StripeClient, type StripeElements, type StripePaymentElement } from './stripe-js'

export type StripeElementSettings = {
  scriptUrl: string
  publishableKey: string
  stripeAccount: string
  /** What the element takes: a payment of this amount, or a card set up for later. */
  intent: { mode: 'payment'; amount: number; currency: string } | { mode: 'setup'; currency: string }
  readOnly: boolean
  /** The page's language, for the element's own labels and checks. */
  locale: string
}

export type MountedStripe = { client: StripeClient; elements: StripeElements; element: StripePaymentElement }

/**
 * Loads Stripe.js and mounts a card-only Payment Element where `mountPoint` is, once `enabled`
 * (after hydration, or when the page opens the form). `state` turns ready when the element
 * says so, failed when Stripe.js cannot load; `stripe` holds the element for the page's calls.
 */
export function useStripeElement(settings: StripeElementSettings, enabled: boolean) {
  const mountPoint = useRef<HTMLDivElement>(null)
  const stripe = useRef<MountedStripe | null>(null)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [complete, setComplete] = useState(false)
  const { scriptUrl, publishableKey, stripeAccount, intent, locale } = settings
  const intentKey = JSON.stringify(intent)
  const initiallyReadOnly = useRef(settings.readOnly)

  useEffect(() => {
    if (!enabled || !mountPoint.current) return
    let cancelled = false
    setState('loading')
    loadStripeJs(scriptUrl)
      .then((Stripe) => {
        if (cancelled || !mountPoint.current) return
        const client = Stripe(publishableKey, { stripeAccount })
        const elements = client.elements({ ...(JSON.parse(intentKey) as StripeElementSettings['intent']), paymentMethodTypes: ['card'], locale })
        const element = elements.create('payment', { readOnly: initiallyReadOnly.current, layout: 'tabs' })
        element.on('ready', () => setState('ready'))
        element.on('change', (event) => setComplete(Boolean(event.complete)))
        element.mount(mountPoint.current)
        stripe.current = { client, elements, element }
      })
      .catch(() => {
        if (!cancelled) setState('failed')
      })
    return () => {
      cancelled = true
      stripe.current?.element.destroy()
      stripe.current = null
    }
  }, [enabled, scriptUrl, publishableKey, stripeAccount, intentKey, locale])

  useEffect(() => {
    stripe.current?.element.update({ readOnly: settings.readOnly })
  }, [settings.readOnly, state])

  return { mountPoint, stripe, state, complete }
}
