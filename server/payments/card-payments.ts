import type { Platform } from '#server/platform'
import { readStripeAccount } from './stripe-account'
import { isStripeConfigured } from './stripe-client'

/** Whether this studio takes cards now: the platform has its Stripe keys and the studio's account is connected and on. */
export async function takesCardPayments(platform: Pick<Platform, 'database' | 'env'>, tenantId: string): Promise<boolean> {
  if (!isStripeConfigured(platform.env)) return false
  const account = await readStripeAccount(platform, tenantId)
  return account !== null && account.isIntegrated
}
