import type { Platform } from '#server/platform'
import { withTenant } from '#db/tenant-scope'
import { writeAuditLog } from './audit-log'
import { hashToken } from './session-token'

/**
 * Ends the session behind a token on this tenant. Never throws: the caller clears the
 * cookie whatever happens here ("Logout failure: local session cleared anyway").
 */
export async function endSession(
  platform: Pick<Platform, 'database' | 'logger' | 'caches'>,
  input: { tenantId: string; token: string; ip: string | null },
): Promise<void> {
  try {
    await withTenant(platform.database, input.tenantId, async (trx) => {
      const removed = await trx
        .deleteFrom('sessions')
        .where('token_hash', '=', hashToken(input.token))
        .returning(['contact_id'])
        .executeTakeFirst()
      if (removed) {
        await writeAuditLog(trx, { tenantId: input.tenantId, actorContactId: removed.contact_id, action: 'auth.logout', ip: input.ip })
      }
    })
  } catch (error) {
    platform.logger.warn({ err: error }, 'logout could not end the stored session; the cookie is cleared anyway')
  }
  platform.caches.changed(input.tenantId, ['sessions'])
}
