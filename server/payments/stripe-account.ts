import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import { tenantQueryMemo } from '#server/tenancy/tenant-query-memo'

/** The Stripe account a studio connected, as the product uses it. */
export interface StripeAccount {
  accountId: string
  accountName: string
  /** Off after Disconnect: checkout stops taking cards until Reconnect. */
  isIntegrated: boolean
  connectedAt: Date
}

type AccountPlatform = Pick<Platform, 'database'> & Partial<Pick<Platform, 'tenants'>>

/**
 * The studio's connected Stripe account. Checkout, the buyer's return and every webhook event
 * ask, so the answer is kept per tenant until the 'tenant' tag (which covers payment_accounts)
 * changes: connecting, reconnecting and disconnecting declare it.
 */
export async function readStripeAccount(platform: AccountPlatform, tenantId: string): Promise<StripeAccount | null> {
  const read = () => findStripeAccount(platform, tenantId)
  if (!platform.tenants) return read()
  return tenantQueryMemo<StripeAccount | null>(platform.tenants, 'stripe-account', { tags: ['tenant'], ttlMs: 60_000, maxEntries: 10_000 }).get(tenantId, 'stripe', read)
}

async function findStripeAccount(platform: Pick<Platform, 'database'>, tenantId: string): Promise<StripeAccount | null> {
  const row = await withTenant(platform.database, tenantId, (trx) =>
    trx
      .selectFrom('payment_accounts')
      .select(['account_id', 'account_name', 'is_integrated', 'connected_at'])
      .where('provider', '=', 'STRIPE')
      .executeTakeFirst(),
  )
  return row ? { accountId: row.account_id, accountName: row.account_name, isIntegrated: row.is_integrated, connectedAt: row.connected_at } : null
}

/** Keeps the account Connect granted; connecting again (another account) replaces it. */
export async function saveStripeAccount(platform: Pick<Platform, 'database' | 'caches'>, tenantId: string, account: { accountId: string; accountName: string }, now: Date): Promise<void> {
  await withTenant(platform.database, tenantId, (trx) =>
    trx
      .insertInto('payment_accounts')
      .values({ tenant_id: tenantId, provider: 'STRIPE', account_id: account.accountId, account_name: account.accountName.slice(0, 255), is_integrated: true, connected_at: now, updated_at: now, activated_at: now })
      .onConflict((conflict) =>
        conflict.columns(['tenant_id', 'provider']).doUpdateSet({ account_id: account.accountId, account_name: account.accountName.slice(0, 255), is_integrated: true, connected_at: now, updated_at: now, activated_at: now }),
      )
      .execute(),
  )
  platform.caches.changed(tenantId, ['tenant'])
}
