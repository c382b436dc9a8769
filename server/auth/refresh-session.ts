import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { withTenant } from '#db/tenant-scope'
import { loadSessionUser } from './load-session-user'
import { parseSessionState } from './session-state'
import { extendSession, findSessionByToken, idleExpiry } from './session-store'

export type RefreshResult = { kind: 'refreshed'; expiresAt: string } | { kind: 'ended' }

/**
 * The 'Session Expired' dialog's Continue, and the refresh that user activity triggers near
 * the expiry. Like a refresh token that outlives its access token, a session can be renewed
 * for one refresh buffer past its idle time-out; after that it is gone for good.
 */
export async function refreshSession(
  platform: Pick<Platform, 'database' | 'tenants' | 'env' | 'caches'>,
  input: { tenant: Tenant; token: string; now?: Date },
): Promise<RefreshResult> {
  const now = input.now ?? new Date()
  const graceMs = platform.env.SESSION_REFRESH_BUFFER_MINUTES * 60_000
  const renewed = await withTenant(platform.database, input.tenant.id, async (trx) => {
    const row = await findSessionByToken(trx, input.token)
    const state = row ? parseSessionState(row.state) : null
    if (!row || !state || state.handoff) return 'none'
    if (new Date(row.expires_at).getTime() + graceMs <= now.getTime()) {
      await trx.deleteFrom('sessions').where('id', '=', row.id).execute()
      return 'deleted'
    }
    await extendSession(trx, row.id, idleExpiry(now, platform.env.SESSION_IDLE_MINUTES), now)
    return 'renewed'
  })
  // A kept lookup would still carry the old expiry, which the page's time-out warning reads.
  if (renewed !== 'none') platform.caches.changed(input.tenant.id, ['sessions'])
  if (renewed !== 'renewed') return { kind: 'ended' }
  // The person behind it must still be allowed in (not locked, role kept, franchise link intact).
  const lookup = await loadSessionUser(platform, input.tenant, input.token, now)
  return lookup.kind === 'active' ? { kind: 'refreshed', expiresAt: lookup.user.expiresAt } : { kind: 'ended' }
}
