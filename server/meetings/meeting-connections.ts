import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { openSecret, sealSecret } from '#server/security/secret-box'
import { refreshTokens, revokeToken, type GrantedTokens } from './meeting-oauth'
import { isMeetingProviderConfigured, MEETING_MESSAGES, MEETING_PROVIDERS, meetingProviderConfig, type MeetingProvider } from './meeting-providers'

/** What a page may know of a connection: never a token. */
export interface MeetingConnectionView {
  provider: MeetingProvider
  accountEmail: string | null
  connectedAt: Date
}

type Tokens = Pick<Platform, 'env'>

/** A refresh this close to expiry, so a token never lapses between the check and its use. */
const EXPIRY_MARGIN_MS = 60_000

const accessPurpose = (tenantId: string, provider: MeetingProvider) => `meeting-access:${tenantId}:${provider}`
const refreshPurpose = (tenantId: string, provider: MeetingProvider) => `meeting-refresh:${tenantId}:${provider}`

function sealTokens(platform: Tokens, tenantId: string, provider: MeetingProvider, tokens: GrantedTokens) {
  return {
    access_token_sealed: sealSecret(platform.env.APP_SECRET, accessPurpose(tenantId, provider), tokens.accessToken),
    refresh_token_sealed: tokens.refreshToken ? sealSecret(platform.env.APP_SECRET, refreshPurpose(tenantId, provider), tokens.refreshToken) : null,
    expires_at: tokens.expiresAt,
  }
}

/** The studio's connected providers, in the page's order. */
export async function listMeetingConnections(platform: Pick<Platform, 'database'>, tenantId: string): Promise<MeetingConnectionView[]> {
  const rows = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('meeting_connections').select(['provider', 'account_email', 'connected_at']).execute())
  return MEETING_PROVIDERS.flatMap((provider) => {
    const row = rows.find((each) => each.provider === provider)
    return row ? [{ provider, accountEmail: row.account_email, connectedAt: row.connected_at }] : []
  })
}

/** Keeps the grant, sealed; connecting the same provider again replaces it. */
export async function saveMeetingConnection(
  platform: Pick<Platform, 'database' | 'env'>,
  tenantId: string,
  input: { provider: MeetingProvider; tokens: GrantedTokens; accountEmail: string | null; connectedBy: string | null; now: Date },
): Promise<void> {
  const sealed = sealTokens(platform, tenantId, input.provider, input.tokens)
  const values = { ...sealed, account_email: input.accountEmail, connected_by: input.connectedBy, connected_at: input.now, updated_at: input.now }
  await withTenant(platform.database, tenantId, (trx) =>
    trx
      .insertInto('meeting_connections')
      .values({ tenant_id: tenantId, provider: input.provider, ...values })
      .onConflict((conflict) => conflict.columns(['tenant_id', 'provider']).doUpdateSet(values))
      .execute(),
  )
}

/**
 * Disconnect: the provider is asked to revoke the grant, then the row goes. A provider that
 * cannot be reached does not keep the studio connected: the tokens are deleted anyway and the
 * failure is logged, since a studio must always be able to cut the link from its side.
 */
export async function disconnectMeetingProvider(platform: Pick<Platform, 'database' | 'env' | 'logger'>, tenantId: string, provider: MeetingProvider): Promise<boolean> {
  const row = await withTenant(platform.database, tenantId, (trx) =>
    trx.deleteFrom('meeting_connections').where('provider', '=', provider).returning(['access_token_sealed', 'refresh_token_sealed']).executeTakeFirst(),
  )
  if (!row) return false
  const config = meetingProviderConfig(platform.env, provider)
  const token = (row.refresh_token_sealed && openSecret(platform.env.APP_SECRET, refreshPurpose(tenantId, provider), row.refresh_token_sealed)) || openSecret(platform.env.APP_SECRET, accessPurpose(tenantId, provider), row.access_token_sealed)
  if (token && isMeetingProviderConfigured(config)) {
    await revokeToken(config, token).catch((error: unknown) => platform.logger.warn({ err: error, provider }, 'meeting provider did not revoke the grant'))
  }
  return true
}

/**
 * A working access token for the provider: the stored one while it lasts, else a refreshed
 * one (stored again, sealed). The row is locked while refreshing, so two requests at once do
 * not both spend a refresh token the provider rotates.
 */
export async function usableAccessToken(platform: Pick<Platform, 'database' | 'env' | 'logger'>, tenantId: string, provider: MeetingProvider, now: Date): Promise<WordedResult<string, 'not_found' | 'unavailable'>> {
  const config = meetingProviderConfig(platform.env, provider)
  return withTenant(platform.database, tenantId, async (trx) => {
    const row = await trx.selectFrom('meeting_connections').select(['access_token_sealed', 'refresh_token_sealed', 'expires_at']).where('provider', '=', provider).forUpdate().executeTakeFirst()
    if (!row) return err('not_found', MEETING_MESSAGES.notConnected)
    const access = openSecret(platform.env.APP_SECRET, accessPurpose(tenantId, provider), row.access_token_sealed)
    const fresh = row.expires_at === null || row.expires_at.getTime() - EXPIRY_MARGIN_MS > now.getTime()
    if (access && fresh) return ok(access)
    const refresh = row.refresh_token_sealed ? openSecret(platform.env.APP_SECRET, refreshPurpose(tenantId, provider), row.refresh_token_sealed) : null
    if (!refresh || !isMeetingProviderConfigured(config)) return err('unavailable', MEETING_MESSAGES.expired(config.name))
    try {
      const tokens = await refreshTokens(config, refresh, now)
      await trx.updateTable('meeting_connections').set({ ...sealTokens(platform, tenantId, provider, tokens), updated_at: now }).where('provider', '=', provider).execute()
      return ok(tokens.accessToken)
    } catch (error) {
      platform.logger.warn({ err: error, provider }, 'meeting provider did not refresh the token')
      return err('unavailable', MEETING_MESSAGES.expired(config.name))
    }
  })
}

/** One row of /oauth/omeeting. */
export interface MeetingProviderRow {
  provider: MeetingProvider
  name: string
  isConfigured: boolean
  isConnected: boolean
  accountEmail: string | null
  connectedAt: string | null
}

/** The online meeting page: both providers, whether the platform has an app there and whether the studio is connected. */
export async function loadMeetingProviderRows(platform: Pick<Platform, 'database' | 'env'>, tenantId: string): Promise<MeetingProviderRow[]> {
  const connections = await listMeetingConnections(platform, tenantId)
  return MEETING_PROVIDERS.map((provider) => {
    const config = meetingProviderConfig(platform.env, provider)
    const connection = connections.find((each) => each.provider === provider)
    return {
      provider,
      name: config.name,
      isConfigured: isMeetingProviderConfigured(config),
      isConnected: connection !== undefined,
      accountEmail: connection?.accountEmail ?? null,
      connectedAt: connection ? connection.connectedAt.toISOString() : null,
    }
  })
}
