import { randomBytes, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { stripeConnectBase, stripeFor, type StripeEnv } from './stripe-client'

/** The cookie that ties Connect's answer to the admin who asked (OAuth state). */
export const STRIPE_CONNECT_STATE_COOKIE = 'stripe_connect_state'

export const STRIPE_CONNECT_MESSAGES = {
  integrated: 'Payment Provider - Stripe Integrated successfully',
  failed: 'Integration Fail!',
  notConfigured: 'Stripe is not set up on this platform yet: the platform needs its Stripe keys first.',
} as const

export function newConnectState(): string {
  return randomBytes(24).toString('base64url')
}

export function sameState(expected: string | null, received: string | null): boolean {
  if (!expected || !received) return false
  const a = Buffer.from(expected)
  const b = Buffer.from(received)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** Stripe's consent page for a Standard account, coming back to `redirectUri` with a code. */
export function connectConsentUrl(env: StripeEnv, input: { state: string; redirectUri: string; email: string | null }): string {
  const url = new URL(`${stripeConnectBase(env)}/oauth/authorize`)
  url.searchParams.set('response_type', 'code')
  url.searchParams.set('client_id', env.STRIPE_CONNECT_CLIENT_ID ?? '')
  url.searchParams.set('scope', 'read_write')
  url.searchParams.set('redirect_uri', input.redirectUri)
  url.searchParams.set('state', input.state)
  if (input.email) url.searchParams.set('stripe_user[email]', input.email)
  return url.toString()
}

const tokenAnswer = z.object({ stripe_user_id: z.string().min(1).max(255) })
const tokenRefusal = z.object({ error: z.string(), error_description: z.string().optional() })

export type ConnectOutcome = { kind: 'connected'; accountId: string; accountName: string } | { kind: 'failed'; reason: string }

/**
 * Trades Connect's one-time code for the studio's account id (Stripe's documented
 * POST /oauth/token), then reads the account to name it. Any refusal is a failure with
 * Stripe's own words, for the log; the admin reads 'Integration Fail!'.
 */
export async function exchangeConnectCode(env: StripeEnv, code: string): Promise<ConnectOutcome> {
  const stripe = stripeFor(env)
  if (!stripe || !env.STRIPE_SECRET_KEY) return { kind: 'failed', reason: 'not configured' }
  const response = await fetch(`${stripeConnectBase(env)}/oauth/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, client_secret: env.STRIPE_SECRET_KEY }),
    signal: AbortSignal.timeout(20_000),
  })
  const body: unknown = await response.json().catch(() => null)
  const granted = tokenAnswer.safeParse(body)
  if (!response.ok || !granted.success) {
    const refusal = tokenRefusal.safeParse(body)
    return { kind: 'failed', reason: refusal.success ? `${refusal.data.error}: ${refusal.data.error_description ?? ''}` : `token answer ${response.status}` }
  }
  const account = await describeAccount(env, granted.data.stripe_user_id)
  return account.kind === 'failed' ? account : { kind: 'connected', accountId: granted.data.stripe_user_id, accountName: account.accountName }
}

/** The connected account as Stripe sees it now (the status page's check). */
export async function describeAccount(env: StripeEnv, accountId: string): Promise<{ kind: 'found'; accountName: string; chargesEnabled: boolean } | { kind: 'failed'; reason: string }> {
  const stripe = stripeFor(env)
  if (!stripe) return { kind: 'failed', reason: 'not configured' }
  try {
    const account = await stripe.accounts.retrieve(accountId)
    return { kind: 'found', accountName: account.business_profile?.name ?? account.email ?? accountId, chargesEnabled: account.charges_enabled ?? false }
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) }
  }
}
