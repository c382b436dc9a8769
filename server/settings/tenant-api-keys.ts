import { randomBytes } from 'node:crypto'
import { sql } from 'kysely'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import { openSecret, sealSecret } from '#server/security/secret-box'
import type { Tenant } from '#server/tenancy/tenant'

/**
 * The tenant's API keys: the account key (Account Settings) and the website plugin key (SEO
 * settings). Stored sealed in tenant_secrets, shown only to the tenant's admins on those two
 * screens, never in the tenant config, ping or public pages.
 */
export const API_KEYS = { account: 'account_api_key', plugin: 'plugin_api_key' } as const
export type ApiKeyName = (typeof API_KEYS)[keyof typeof API_KEYS]

function purposeOf(tenant: Pick<Tenant, 'id'>, name: ApiKeyName): string {
  return `${tenant.id}:${name}`
}

/** The plain key, or '' when none was generated yet (or it can no longer be opened). */
export async function readApiKey(platform: Pick<Platform, 'database' | 'env'>, tenant: Pick<Tenant, 'id'>, name: ApiKeyName): Promise<string> {
  return withTenant(platform.database, tenant.id, (trx) => readApiKeyWith(trx, platform, tenant, name))
}

/** The same, inside a transaction the caller already holds. */
export async function readApiKeyWith(trx: TenantExecutor, platform: Pick<Platform, 'env'>, tenant: Pick<Tenant, 'id'>, name: ApiKeyName): Promise<string> {
  const row = await trx.selectFrom('tenant_secrets').select('sealed_value').where('name', '=', name).executeTakeFirst()
  if (!row) return ''
  return openSecret(platform.env.APP_SECRET, purposeOf(tenant, name), row.sealed_value) ?? ''
}

/** Makes a new key, replacing the old one at once. */
export async function regenerateApiKey(platform: Pick<Platform, 'database' | 'env'>, tenant: Pick<Tenant, 'id'>, name: ApiKeyName): Promise<string> {
  const key = randomBytes(24).toString('base64url')
  const sealed = sealSecret(platform.env.APP_SECRET, purposeOf(tenant, name), key)
  await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .insertInto('tenant_secrets')
      .values({ tenant_id: tenant.id, name, sealed_value: sealed })
      .onConflict((oc) => oc.columns(['tenant_id', 'name']).doUpdateSet({ sealed_value: sealed, updated_at: sql`now()` }))
      .execute(),
  )
  return key
}
