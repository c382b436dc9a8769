import type { Platform } from '#server/platform'
import { isRole, isStaffRole, ROLE_STUDENT, type Role } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { loadFranchiseActor } from './franchise-switch'
import { parseSessionState, type SessionState } from './session-state'
import { extendSession, findSessionByToken, idleExpiry } from './session-store'
import { fullNameOf, sessionContactColumns, type SessionContact, type SessionUser } from './session-user'

/** Sliding the idle time-out is a write; once a minute per session is plenty. */
const TOUCH_INTERVAL_MS = 60_000

export type SessionLookup =
  | { kind: 'none' }
  /** The row exists but the idle time-out has passed (it may still be refreshed, see refresh-session). */
  | { kind: 'expired'; sessionId: string }
  | { kind: 'active'; user: SessionUser; state: SessionState; rememberMe: boolean }

/**
 * Who a session token belongs to on this tenant's host. The row is read under the host
 * tenant's RLS, so a token from another tenant finds nothing. Every request re-reads the
 * contact: a locked account or a removed role ends the session at once.
 */
export async function loadSessionUser(
  platform: Pick<Platform, 'database' | 'tenants' | 'env'>,
  tenant: Tenant,
  token: string,
  now: Date = new Date(),
): Promise<SessionLookup> {
  const row = await withTenant(platform.database, tenant.id, (trx) => findSessionByToken(trx, token))
  if (!row) return { kind: 'none' }
  const state = parseSessionState(row.state)
  if (!state || state.handoff) return { kind: 'none' }
  if (new Date(row.expires_at) <= now) return { kind: 'expired', sessionId: row.id }

  const identity = await resolveIdentity(platform, tenant, state, row.contact_id)
  if (!identity) return { kind: 'none' }

  let expiresAt = new Date(row.expires_at)
  if (now.getTime() - new Date(row.last_seen_at).getTime() >= TOUCH_INTERVAL_MS) {
    expiresAt = idleExpiry(now, platform.env.SESSION_IDLE_MINUTES)
    await withTenant(platform.database, tenant.id, (trx) => extendSession(trx, row.id, expiresAt, now))
  }

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
  }
  return { kind: 'active', user, state, rememberMe: row.remember_me }
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
): Promise<Identity | null> {
  // The staff member behind the session: in franchise mode a contact of the master tenant.
  const loadStaff = async (staffId: string) => {
    const staff = state.franchise
      ? await loadFranchiseActor(platform, tenant, state.franchise, staffId)
      : await withTenant(platform.database, tenant.id, (trx) => loadContact(trx, staffId))
    return staff && !staff.is_account_locked && isStaffRole(staff.role) ? staff : null
  }

  const preview = state.preview
  if (!preview) {
    const contact = state.franchise
      ? await loadFranchiseActor(platform, tenant, state.franchise, contactId)
      : await withTenant(platform.database, tenant.id, (trx) => loadContact(trx, contactId))
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
      const student = await withTenant(platform.database, tenant.id, (trx) => loadContact(trx, contactId))
      if (!student || student.is_account_locked) return null
      return { contact: student, role: ROLE_STUDENT, previewedBy: staff.id }
    }
  }
}

function loadContact(trx: TenantExecutor, contactId: string): Promise<SessionContact | undefined> {
  return trx.selectFrom('contacts').select(sessionContactColumns).where('id', '=', contactId).executeTakeFirst()
}
