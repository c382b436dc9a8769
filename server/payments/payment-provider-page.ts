import type { Platform } from '#server/platform'
import { readStripeAccount } from './stripe-account'
import { isStripeConfigured } from './stripe-client'
import { describeAccount, STRIPE_CONNECT_MESSAGES } from './stripe-connect'

export interface StripeCardView {
  isConfigured: boolean
  /** Connected and on: checkout takes cards. */
  isIntegrated: boolean
  /** Connected once (on or off). */
  isConnected: boolean
  accountName: string | null
  accountId: string | null
}

/** The Stripe card of the payment providers page (spec 001). */
export async function loadStripeCard(platform: Pick<Platform, 'database' | 'env'>, tenantId: string): Promise<StripeCardView> {
  const account = await readStripeAccount(platform, tenantId)
  return {
    isConfigured: isStripeConfigured(platform.env),
    isIntegrated: account?.isIntegrated ?? false,
    isConnected: account !== null,
    accountName: account?.accountName || null,
    accountId: account?.accountId ?? null,
  }
}

/** The Stripe status page: "On load it checks the connected account." */
export async function checkStripeIntegration(platform: Pick<Platform, 'database' | 'env'>, tenantId: string): Promise<{ integrated: boolean; message: string; accountName: string | null }> {
  const account = await readStripeAccount(platform, tenantId)
  if (!account) return { integrated: false, message: STRIPE_CONNECT_MESSAGES.failed, accountName: null }
  const found = await describeAccount(platform.env, account.accountId)
  if (found.kind === 'failed') return { integrated: false, message: STRIPE_CONNECT_MESSAGES.failed, accountName: account.accountName || null }
  return { integrated: true, message: STRIPE_CONNECT_MESSAGES.integrated, accountName: found.accountName }
}
