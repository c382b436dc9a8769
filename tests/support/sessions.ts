import { withTenant } from '#db/tenant-scope'
import { SESSION_COOKIE } from '#server/auth/session-cookie'
import type { SessionState } from '#server/auth/session-state'
import { idleExpiry, insertSession } from '#server/auth/session-store'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'

/**
 * Signs a contact in without the login form: inserts a session row in the tenant and returns
 * the `Cookie` header value a request of that user carries.
 */
export async function createSessionCookie(
  platform: Platform,
  tenant: Tenant,
  contact: { id: string },
  options: { state?: SessionState; expiresAt?: Date } = {},
): Promise<string> {
  const issued = await withTenant(platform.database, tenant.id, (trx) =>
    insertSession(trx, {
      tenantId: tenant.id,
      contactId: contact.id,
      state: options.state,
      expiresAt: options.expiresAt ?? idleExpiry(new Date(), platform.env.SESSION_IDLE_MINUTES),
    }),
  )
  return `${SESSION_COOKIE}=${issued.token}`
}
