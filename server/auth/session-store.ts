import type { DatabaseHandle } from '#db/connection'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { SessionRow } from '#db/types'
import type { SessionState } from './session-state'
import { createOpaqueToken, hashToken } from './session-token'
import { withoutWriteTracking } from '#db/write-tracking'

export interface NewSessionInput {
  tenantId: string
  contactId: string
  state?: SessionState
  rememberMe?: boolean
  /** When the session ends if nobody is active. */
  expiresAt: Date
  ip?: string | null
  userAgent?: string | null
}

export interface IssuedSession {
  sessionId: string
  /** The bearer secret for the cookie; only its hash is stored. */
  token: string
  expiresAt: Date
  /** Whether the cookie outlives the browser session (remember me). */
  rememberMe: boolean
}

export function idleExpiry(now: Date, idleMinutes: number): Date {
  return new Date(now.getTime() + idleMinutes * 60_000)
}

/** Inserts a session row in the given tenant's executor. */
export async function insertSession(trx: TenantExecutor, input: NewSessionInput): Promise<IssuedSession> {
  const token = createOpaqueToken()
  const row = await trx
    .insertInto('sessions')
    .values({
      tenant_id: input.tenantId,
      token_hash: hashToken(token),
      contact_id: input.contactId,
      state: JSON.stringify(input.state ?? {}),
      remember_me: input.rememberMe ?? false,
      expires_at: input.expiresAt,
      ip: input.ip?.slice(0, 100) ?? null,
      user_agent: input.userAgent?.slice(0, 500) ?? null,
    })
    .returning(['id', 'expires_at', 'remember_me'])
    .executeTakeFirstOrThrow()
  return { sessionId: row.id, token, expiresAt: new Date(row.expires_at), rememberMe: row.remember_me }
}

export function createSession(database: DatabaseHandle, input: NewSessionInput): Promise<IssuedSession> {
  return withTenant(database, input.tenantId, (trx) => insertSession(trx, input))
}

/** How long a rotated-away token still finds its session (see rotateSession). */
export const ROTATION_GRACE_MS = 15_000

/** The session of a token: its current one, or the one it had until a moment ago. */
export function findSessionByToken(trx: TenantExecutor, token: string, now: Date = new Date()): Promise<SessionRow | undefined> {
  const hash = hashToken(token)
  return trx
    .selectFrom('sessions')
    .selectAll()
    .where((eb) => eb.or([eb('token_hash', '=', hash), eb.and([eb('previous_token_hash', '=', hash), eb('previous_valid_until', '>', now)])]))
    .executeTakeFirst()
}

/**
 * Gives an existing session a new token (and optionally a new identity and state) in one
 * statement. Used at every identity change. By default the old cookie stops working at once;
 * `keepPreviousToken` lets it find the (changed) session for ROTATION_GRACE_MS more, for a change
 * the same person makes to their own session (preview on and off), where a request already in
 * flight with the old cookie must not sign them out.
 */
export async function rotateSession(
  trx: TenantExecutor,
  sessionId: string,
  changes: { contactId?: string; state?: SessionState; expiresAt?: Date },
  options: { keepPreviousToken?: boolean; now?: Date } = {},
): Promise<IssuedSession | null> {
  const token = createOpaqueToken()
  const now = options.now ?? new Date()
  const row = await trx
    .updateTable('sessions')
    .set((eb) => ({
      token_hash: hashToken(token),
      // The right-hand side reads the row as it was: the token being replaced.
      previous_token_hash: options.keepPreviousToken ? eb.ref('token_hash') : null,
      previous_valid_until: options.keepPreviousToken ? new Date(now.getTime() + ROTATION_GRACE_MS) : null,
      ...(changes.contactId ? { contact_id: changes.contactId } : {}),
      ...(changes.state ? { state: JSON.stringify(changes.state) } : {}),
      ...(changes.expiresAt ? { expires_at: changes.expiresAt } : {}),
      last_seen_at: now,
    }))
    .where('id', '=', sessionId)
    .returning(['id', 'expires_at', 'remember_me'])
    .executeTakeFirst()
  return row ? { sessionId: row.id, token, expiresAt: new Date(row.expires_at), rememberMe: row.remember_me } : null
}

export async function deleteSessionByToken(database: DatabaseHandle, tenantId: string, token: string): Promise<void> {
  await withTenant(database, tenantId, (trx) =>
    // Either of its tokens names the session: logging out with a just-rotated cookie still ends it.
    trx
      .deleteFrom('sessions')
      .where((eb) => eb.or([eb('token_hash', '=', hashToken(token)), eb('previous_token_hash', '=', hashToken(token))]))
      .execute(),
  )
}

/**
 * The idle slide of a signed-in read, once a minute per session. Outside the write audit
 * (db/write-tracking.ts) and announcing nothing: it moves only the idle time-out, and the session
 * memo never gives out a lookup whose session is due a slide (server/auth/session-memo.ts), so
 * no kept answer depends on it; announcing it would drop every kept lookup of the tenant once a
 * minute per person signed in.
 */
export function slideSession(trx: TenantExecutor, sessionId: string, expiresAt: Date, now: Date): Promise<void> {
  return withoutWriteTracking(() => extendSession(trx, sessionId, expiresAt, now))
}

export async function extendSession(trx: TenantExecutor, sessionId: string, expiresAt: Date, now: Date): Promise<void> {
  await trx.updateTable('sessions').set({ expires_at: expiresAt, last_seen_at: now }).where('id', '=', sessionId).execute()
}
