import { withTenant } from '#db/tenant-scope'
import type { PaymentProvider } from '#db/tables/payments'
import type { Platform } from '#server/platform'
import { tenantQueryMemo } from '#server/tenancy/tenant-query-memo'
import type { KeyProvider } from './payment-providers'
import { readProviderCredentials, type ProviderCredentials } from './provider-keys'
import { isStripeConfigured } from './stripe-client'

/** The provider checkout sends buyers to, with what it needs to make a charge there. */
export type ActiveProvider = { provider: 'STRIPE'; accountId: string } | { provider: KeyProvider; accountId: string; credentials: ProviderCredentials }

type ActivePlatform = Pick<Platform, 'database' | 'env'> & Partial<Pick<Platform, 'tenants'>>

/**
 * The studio's payment provider now: of the providers set up and integrated, the one saved,
 * connected, reconnected or chosen last that can take a payment here (Stripe needs the
 * platform's keys; a key provider needs keys for its mode that open).
 * Every checkout page and
 * post asks, so the answer is kept per tenant until the 'tenant' tag (which covers
 * payment_accounts) changes.
 */
export async function readActiveProvider(platform: ActivePlatform, tenantId: string): Promise<ActiveProvider | null> {
  const read = () => findActiveProvider(platform, tenantId)
  if (!platform.tenants) return read()
  return tenantQueryMemo<ActiveProvider | null>(platform.tenants, 'active-payment-provider', { tags: ['tenant'], ttlMs: 60_000, maxEntries: 10_000 }).get(tenantId, 'active', read)
}

async function findActiveProvider(platform: Pick<Platform, 'database' | 'env'>, tenantId: string): Promise<ActiveProvider | null> {
  const rows = await withTenant(platform.database, tenantId, (trx) =>
    trx.selectFrom('payment_accounts').select(['provider', 'account_id']).where('is_integrated', '=', true).orderBy('activated_at', 'desc').orderBy('provider').execute(),
  )
  for (const row of rows) {
    const usable = await usableProvider(platform, tenantId, row.provider, row.account_id)
    if (usable) return usable
  }
  return null
}

async function usableProvider(platform: Pick<Platform, 'database' | 'env'>, tenantId: string, provider: PaymentProvider, accountId: string): Promise<ActiveProvider | null> {
  if (provider === 'STRIPE') return isStripeConfigured(platform.env) ? { provider, accountId } : null
  const credentials = await readProviderCredentials(platform, tenantId, provider)
  return credentials ? { provider, accountId: credentials.apiKey, credentials } : null
}
