import type { Platform } from '#server/platform'
import { tenantQueryMemo } from '#server/tenancy/tenant-query-memo'
import { readStripeAccount } from './stripe-account'
import { isStripeConfigured } from './stripe-client'

/**
 * Whether this studio takes cards now: the platform has its Stripe keys and the studio's
 * account is connected and on. Every checkout page and post asks it, so the answer is kept
 * per tenant until the 'tenant' tag (which covers payment_accounts) changes.
 */
export async function takesCardPayments(platform: Pick<Platform, 'database' | 'env'> & Partial<Pick<Platform, 'tenants'>>, tenantId: string): Promise<boolean> {
  if (!isStripeConfigured(platform.env)) return false
  const read = async () => {
    const account = await readStripeAccount(platform, tenantId)
    return account !== null && account.isIntegrated
  }
  if (!platform.tenants) return read()
  return tenantQueryMemo<boolean>(platform.tenants, 'takes-card-payments', { tags: ['tenant'], ttlMs: 60_000, maxEntries: 10_000 }).get(tenantId, 'stripe', read)
}
