import { withTenant } from '#db/tenant-scope'
import type { PaymentProvider } from '#db/tables/payments'
import type { Platform } from '#server/platform'
import { openSecret, sealSecret } from '#server/security/secret-box'
import type { KeyProvider } from './payment-providers'

/** What the key forms show: the public halves, and only whether a secret is kept. */
export interface ProviderKeysView {
  provider: KeyProvider
  isSaved: boolean
  isIntegrated: boolean
  isTestMode: boolean
  apiKey: string
  testApiKey: string
  hasSecretKey: boolean
  hasTestSecretKey: boolean
  saltIndex: string
}

/** The keys a charge is made with: the test pair in test mode, the live pair otherwise. */
export interface ProviderCredentials {
  provider: KeyProvider
  isTestMode: boolean
  apiKey: string
  secretKey: string
  saltIndex: string
}

/** What a saved key form writes; a null secret keeps the one already sealed. */
export interface ProviderKeysInput {
  isTestMode: boolean
  apiKey: string
  testApiKey: string
  secretKey: string | null
  testSecretKey: string | null
  saltIndex: string
}

type KeysPlatform = Pick<Platform, 'database' | 'env'>

/** The purpose sealed into each secret: a box opens only for its tenant, provider and mode. */
function purposeOf(tenantId: string, provider: KeyProvider, mode: 'live' | 'test'): string {
  return `payment-keys:${tenantId}:${provider}:${mode}`
}

async function readRow(platform: Pick<Platform, 'database'>, tenantId: string, provider: KeyProvider) {
  return withTenant(platform.database, tenantId, (trx) =>
    trx
      .selectFrom('payment_accounts')
      .select(['is_integrated', 'is_test_mode', 'api_key', 'test_api_key', 'secret_key_sealed', 'test_secret_key_sealed', 'salt_index'])
      .where('provider', '=', provider)
      .executeTakeFirst(),
  )
}

export async function readProviderKeysView(platform: Pick<Platform, 'database'>, tenantId: string, provider: KeyProvider): Promise<ProviderKeysView> {
  const row = await readRow(platform, tenantId, provider)
  return {
    provider,
    isSaved: row !== undefined,
    isIntegrated: row?.is_integrated ?? false,
    isTestMode: row?.is_test_mode ?? false,
    apiKey: row?.api_key ?? '',
    testApiKey: row?.test_api_key ?? '',
    hasSecretKey: Boolean(row?.secret_key_sealed),
    hasTestSecretKey: Boolean(row?.test_secret_key_sealed),
    saltIndex: row?.salt_index ?? '',
  }
}

/**
 * The keys in effect, opened. Null when the keys of the current mode are missing or can no
 * longer be opened (APP_SECRET changed): checkout then says payments are not available rather
 * than calling the provider with nothing.
 */
export async function readProviderCredentials(platform: KeysPlatform, tenantId: string, provider: KeyProvider): Promise<ProviderCredentials | null> {
  const row = await readRow(platform, tenantId, provider)
  if (!row) return null
  // PhonePe keeps one merchant id and salt key whatever the mode; test mode picks its sandbox.
  const usesTestPair = row.is_test_mode && provider !== 'PHONEPE'
  const mode = usesTestPair ? 'test' : 'live'
  const apiKey = usesTestPair ? row.test_api_key : row.api_key
  const sealed = usesTestPair ? row.test_secret_key_sealed : row.secret_key_sealed
  const secretKey = sealed ? openSecret(platform.env.APP_SECRET, purposeOf(tenantId, provider, mode), sealed) : null
  if (!apiKey || !secretKey) return null
  return { provider, isTestMode: row.is_test_mode, apiKey, secretKey, saltIndex: row.salt_index }
}

/**
 * Saves a key form: the provider is integrated and becomes the one checkout uses (spec 001:
 * saving a provider's keys makes it the studio's payment provider). `account_id` names the key
 * in effect, so each payment row records which account it was paid into.
 */
export async function saveProviderKeys(platform: Pick<Platform, 'database' | 'env' | 'caches'>, tenantId: string, provider: KeyProvider, input: ProviderKeysInput, now: Date): Promise<void> {
  const seal = (mode: 'live' | 'test', plain: string) => sealSecret(platform.env.APP_SECRET, purposeOf(tenantId, provider, mode), plain)
  const accountId = (input.isTestMode && provider !== 'PHONEPE' ? input.testApiKey : input.apiKey) || input.apiKey || input.testApiKey
  await withTenant(platform.database, tenantId, async (trx) => {
    const values = {
      account_id: accountId,
      is_integrated: true,
      is_test_mode: input.isTestMode,
      api_key: input.apiKey,
      test_api_key: input.testApiKey,
      salt_index: input.saltIndex,
      updated_at: now,
      activated_at: now,
      ...(input.secretKey !== null ? { secret_key_sealed: input.secretKey === '' ? null : seal('live', input.secretKey) } : {}),
      ...(input.testSecretKey !== null ? { test_secret_key_sealed: input.testSecretKey === '' ? null : seal('test', input.testSecretKey) } : {}),
    }
    await trx
      .insertInto('payment_accounts')
      .values({ tenant_id: tenantId, provider, connected_at: now, ...values })
      .onConflict((conflict) => conflict.columns(['tenant_id', 'provider']).doUpdateSet(values))
      .execute()
  })
  platform.caches.changed(tenantId, ['tenant'])
}

/**
 * Disconnect and Reconnect (spec 001: the integrated flag is set and saved); Reconnect, like
 * "Use for checkout", makes the provider the one checkout uses. False when nothing is set up.
 */
export async function setProviderIntegrated(
  platform: Pick<Platform, 'database' | 'caches'>,
  tenantId: string,
  provider: PaymentProvider,
  change: { isIntegrated: boolean; activate: boolean },
  now: Date,
): Promise<boolean> {
  const updated = await withTenant(platform.database, tenantId, (trx) =>
    trx
      .updateTable('payment_accounts')
      .set({ is_integrated: change.isIntegrated, updated_at: now, ...(change.activate ? { activated_at: now } : {}) })
      .where('provider', '=', provider)
      .executeTakeFirst(),
  )
  platform.caches.changed(tenantId, ['tenant'])
  return Number(updated.numUpdatedRows) > 0
}
