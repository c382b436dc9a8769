import type { Platform } from '#server/platform'
import { isLanguage } from '#server/i18n/languages'
import { isRole, isStaffRole, ROLE_STUDENT, type Role } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { loadFranchiseActor } from './franchise-switch'
import { hashToken } from './session-token'
import { parseSessionState, type SessionState } from './session-state'
import { findSessionByToken, idleExpiry, slideSession } from './session-store'
import { sessionMemoOf } from './session-memo'
import { fullNameOf, sessionContactColumns, type SessionContact, type SessionUser } from './session-user'

/** Sliding the idle time-out is a write; once a minute per session is plenty. */
export const TOUCH_INTERVAL_MS = 60_000

export type SessionLookup =
  | { kind: 'none' }
  /** The row exists but the idle time-out has passed (it may still be refreshed, see refresh-session). */
  | { kind: 'expired'; sessionId: string }
  /**
   * `seenAt`: when the session's idle time-out last slid (now, if this lookup slid it).
   * `byRotatedToken`: the token was the session's previous one, valid for seconds after a rotation.
   */
  | { kind: 'active'; user: SessionUser; state: SessionState; rememberMe: boolean; seenAt: Date; byRotatedToken: boolean }

/**
 * Who a session token belongs to on this tenant's host. The row is read under the host
 * tenant's RLS, so a token from another tenant finds nothing. Every call re-reads the contact:
 * a locked account or a removed role ends the session at once. (Reads through the session memo
 * hear of those changes when the app's writers announce them; a change made in SQL by hand
 * reaches them within SESSION_MEMO_TTL_MS.)
 */
export async function loadSessionUser(
  platform: Pick<Platform, 'database' | 'tenants' | 'env'>,
  tenant: Tenant,
  token: string,
  now: Date = new Date(),
): Promise<SessionLookup> {
  // One transaction for the session, its people on this tenant and the idle-time-out slide:
  // this runs on every signed-in request. Franchise actors live in the master tenant and are
  // read afterwards (a second connection inside this transaction could wait on this one).
  const local = await withTenant(platform.database, tenant.id, async (trx) => {
    const row = await findSessionByToken(trx, token, now)
    if (!row) return { kind: 'none' as const }
    const state = parseSessionState(row.state)
    if (!state || state.handoff) return { kind: 'none' as const }
    if (new Date(row.expires_at) <= now) return { kind: 'expired' as const, sessionId: row.id }
    const ids = state.franchise ? [] : [row.contact_id, state.preview?.staffContactId].filter((id): id is string => Boolean(id))
    const contacts = ids.length > 0 ? await loadContacts(trx, ids) : new Map<string, SessionContact>()
    let expiresAt = new Date(row.expires_at)
    let seenAt = new Date(row.last_seen_at)
    if (now.getTime() - seenAt.getTime() >= TOUCH_INTERVAL_MS) {
      expiresAt = idleExpiry(now, platform.env.SESSION_IDLE_MINUTES)
      seenAt = now
      await slideSession(trx, row.id, expiresAt, now)
    }
    return { kind: 'found' as const, row, state, contacts, expiresAt, seenAt }
  })
  if (local.kind !== 'found') return local
  const { row, state, contacts, expiresAt, seenAt } = local

  const identity = await resolveIdentity(platform, tenant, state, row.contact_id, contacts)
  if (!identity) return { kind: 'none' }

  const { contact, role, previewedBy } = identity
  const user: SessionUser = {
    sessionId: row.id,
    contactId: contact.id,
    guid: contact.guid,
    tenantId: tenant.id,
    email: contact.email ?? '',
    firstName: contact.first_name,
    lastName: contact.last_name,
    fullName: fullNameOf(contact),
    role,
    expiresAt: expiresAt.toISOString(),
    isPreviewMode: state.preview?.kind === 'web',
    isStudentPreview: state.preview?.kind === 'student' || state.preview?.kind === 'contact',
    previewedByContactId: previewedBy,
    isFranchiseMode: Boolean(state.franchise),
    lastLoginAt: contact.last_login_at ? new Date(contact.last_login_at).toISOString() : null,
    language: isLanguage(contact.language) ? contact.language : null,
  }
  return { kind: 'active', user, state, rememberMe: row.remember_me, seenAt, byRotatedToken: row.token_hash !== hashToken(token) }
}

/**
 * loadSessionUser through the process's session memo (docs/decisions/148): for reads, where the
 * same person asks many times a second. A hit is what a fresh read that does not slide would say.
 */
export function memoisedSessionUser(platform: Pick<Platform, 'database' | 'tenants' | 'env'>, tenant: Tenant, token: string): Promise<SessionLookup> {
  return sessionMemoOf(platform.tenants, TOUCH_INTERVAL_MS).lookUp(tenant.id, token, () => loadSessionUser(platform, tenant, token))
}

interface Identity {
  contact: SessionContact
  role: Role
  previewedBy: string | null
}

async function resolveIdentity(
  platform: Pick<Platform, 'database' | 'tenants'>,
  tenant: Tenant,
  state: SessionState,
  contactId: string,
  /** The host tenant's contacts of this session, already read (none in franchise mode). */
  local: Map<string, SessionContact>,
): Promise<Identity | null> {
  // The staff member behind the session: in franchise mode a contact of the master tenant.
  const loadStaff = async (staffId: string) => {
    const staff = state.franchise ? await loadFranchiseActor(platform, tenant, state.franchise, staffId) : local.get(staffId)
    return staff && !staff.is_account_locked && isStaffRole(staff.role) ? staff : null
  }

  const preview = state.preview
  if (!preview) {
    const contact = state.franchise ? await loadFranchiseActor(platform, tenant, state.franchise, contactId) : local.get(contactId)
    if (!contact || contact.is_account_locked || !isRole(contact.role)) return null
    return { contact, role: contact.role, previewedBy: null }
  }

  const staff = await loadStaff(preview.staffContactId)
  if (!staff || !isStaffRole(staff.role)) return null
  switch (preview.kind) {
    case 'web':
      if (contactId !== staff.id) return null
      return { contact: staff, role: staff.role, previewedBy: staff.id }
    case 'student':
      if (contactId !== staff.id) return null
      return { contact: staff, role: ROLE_STUDENT, previewedBy: staff.id }
    case 'contact': {
      // The previewed student is always a contact of the host tenant.
      const student = local.get(contactId) ?? (await withTenant(platform.database, tenant.id, (trx) => loadContacts(trx, [contactId]))).get(contactId)
      if (!student || student.is_account_locked) return null
      return { contact: student, role: ROLE_STUDENT, previewedBy: staff.id }
    }
  }
}

async function loadContacts(trx: TenantExecutor, ids: string[]): Promise<Map<string, SessionContact>> {
  const rows = await trx.selectFrom('contacts').select(sessionContactColumns).where('id', 'in', ids).execute()
  return new Map(rows.map((row) => [row.id, row]))
}
