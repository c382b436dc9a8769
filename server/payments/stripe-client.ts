import Stripe from 'stripe'
import type { Env } from '#server/env.server'

export type StripeEnv = Pick<
  Env,
  'STRIPE_SECRET_KEY' | 'STRIPE_PUBLISHABLE_KEY' | 'STRIPE_CONNECT_CLIENT_ID' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL' | 'STRIPE_CONNECT_URL' | 'STRIPE_JS_URL' | 'STRIPE_PLATFORM_FEE_PERCENT'
>

/** Card payments need the platform's secret key and its Connect client id; without them the product says so. */
export function isStripeConfigured(env: StripeEnv): boolean {
  return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_CONNECT_CLIENT_ID)
}

const clients = new Map<string, Stripe>()

/**
 * The Stripe SDK for the platform's key, pointed at STRIPE_API_URL when set (a local fake in
 * tests). One client per key and address: the SDK keeps its connections alive between calls.
 */
export function stripeFor(env: StripeEnv): Stripe | null {
  if (!env.STRIPE_CONNECT_CLIENT_ID) return null
  return platformStripeFor(env)
}

/**
 * The SDK for the platform's own account, without Connect: what the platform sells itself
 * (studio plans, server/plans/) needs only the secret key.
 */
export function platformStripeFor(env: Pick<StripeEnv, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe | null {
  const key = env.STRIPE_SECRET_KEY
  if (!key) return null
  const cacheKey = `${key}\n${env.STRIPE_API_URL ?? ''}`
  let client = clients.get(cacheKey)
  if (!client) {
    const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null
    client = new Stripe(key, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' } : {}),
    })
    clients.set(cacheKey, client)
  }
  return client
}

/** Where the buyer's page loads Stripe.js from. */
export function stripeScriptUrl(env: StripeEnv): string {
  return env.STRIPE_JS_URL ?? 'https://js.stripe.com/v3/'
}

/** Where Connect's consent and token endpoints live. */
export function stripeConnectBase(env: StripeEnv): string {
  return (env.STRIPE_CONNECT_URL ?? 'https://connect.stripe.com').replace(/\/+$/, '')
}
