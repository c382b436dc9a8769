import type { Platform } from '#server/platform'
import { isRole, type Role } from '#server/shell/roles'
import { withTenant } from '#db/tenant-scope'
import { writeAuditLog } from './audit-log'
import { hashToken } from './session-token'
import { idleExpiry, insertSession, type IssuedSession } from './session-store'

export interface StartSessionInput {
  tenantId: string
  contactId: string
  method: 'password' | 'google' | 'register' | 'password-reset'
  rememberMe: boolean
  ip: string | null
  userAgent: string | null
  /** The session token the browser had before signing in: it is ended (rotation at login). */
  previousToken: string | null
  now?: Date
}

export type StartedSession = IssuedSession & { role: Role }

/** An expired session is kept a day, so a late request still gets 'Session Expired', not a bare sign-in. */
const EXPIRED_SESSION_KEPT_MS = 24 * 60 * 60_000

/**
 * Opens a new session for a verified person: a fresh token (never the one the browser came
 * with), the last-login time, and an audit line. Null when the account cannot sign in any
 * more (locked or without a role since it was verified).
 */
export async function startSession(platform: Pick<Platform, 'database' | 'env' | 'caches'>, input: StartSessionInput): Promise<StartedSession | null> {
  const now = input.now ?? new Date()
  const started = await withTenant(platform.database, input.tenantId, async (trx) => {
    const contact = await trx
      .selectFrom('contacts')
      .select(['id', 'role', 'is_account_locked'])
      .where('id', '=', input.contactId)
      .executeTakeFirst()
    if (!contact || contact.is_account_locked || !isRole(contact.role)) return null
    if (input.previousToken) {
      await trx.deleteFrom('sessions').where('token_hash', '=', hashToken(input.previousToken)).execute()
    }
    // Sessions past their idle time-out can never be used again (a refresh of one deletes it);
    // each sign-in clears the tenant's long-dead ones, so the table holds live sessions only.
    await trx
      .deleteFrom('sessions')
      .where('expires_at', '<', new Date(now.getTime() - EXPIRED_SESSION_KEPT_MS))
      .execute()
    const issued = await insertSession(trx, {
      tenantId: input.tenantId,
      contactId: contact.id,
      rememberMe: input.rememberMe,
      expiresAt: idleExpiry(now, platform.env.SESSION_IDLE_MINUTES),
      ip: input.ip,
      userAgent: input.userAgent,
    })
    await trx.updateTable('contacts').set({ last_login_at: now }).where('id', '=', contact.id).execute()
    await writeAuditLog(trx, {
      tenantId: input.tenantId,
      actorContactId: contact.id,
      action: input.method === 'register' ? 'auth.register' : 'auth.login',
      targetType: 'contact',
      targetId: contact.id,
      details: { method: input.method, rememberMe: input.rememberMe },
      ip: input.ip,
    })
    return { ...issued, role: contact.role }
  })
  // The last-login time is part of the contact book; the browser's previous session has ended.
  if (started) platform.caches.changed(input.tenantId, ['contacts', 'sessions'])
  return started
}
