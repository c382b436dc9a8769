import { err, ok, type Result } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { roleLandingPath } from '#server/shell/landing-path'
import { isStaffRole, ROLE_ADMIN, ROLE_STUDENT } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { withTenant } from '#db/tenant-scope'
import { writeAuditLog } from './audit-log'
import { parseSessionState, type PreviewKind } from './session-state'
import { rotateSession, type IssuedSession } from './session-store'
import type { SessionUser } from './session-user'

/*
 * Preview modes are states of the staff member's own session: the staff identity stays on
 * the row (state.preview.staffContactId) and 'Admin View' puts it back. Preview as a contact
 * is impersonation: admins only, students of this tenant only, written to the audit log, and
 * the session gets a new token both ways.
 */

export const PREVIEW_EXIT_PATH = '/dashboard'

/** Started (the rotated session and where it lands), forbidden with the reason, or not_found for a contact that is not this tenant's. */
export type StartPreviewResult = Result<{ session: IssuedSession; landing: string }, 'forbidden' | 'not_found'>

export async function startPreview(
  platform: Pick<Platform, 'database' | 'caches'>,
  input: { tenant: Tenant; user: SessionUser; kind: PreviewKind; unverifiedContactId?: string; ip: string | null },
): Promise<StartPreviewResult> {
  const { tenant, user, kind } = input
  if (user.isPreviewMode || user.isStudentPreview) return err('forbidden', 'Return to the Admin View first.')
  if (!isStaffRole(user.role)) return err('forbidden', 'Only staff can preview.')
  if (kind === 'contact' && user.role !== ROLE_ADMIN) return err('forbidden', 'Only an admin can preview as a contact.')

  const started = await withTenant(platform.database, tenant.id, async (trx): Promise<StartPreviewResult> => {
    const row = await trx.selectFrom('sessions').select(['id', 'state']).where('id', '=', user.sessionId).executeTakeFirst()
    const state = row ? parseSessionState(row.state) : null
    if (!row || !state) return err('forbidden', 'Your session has ended. Please login again.')

    let contactId = user.contactId
    if (kind === 'contact') {
      const id = input.unverifiedContactId ?? ''
      if (!/^[0-9a-f-]{36}$/i.test(id)) return err('not_found')
      // The contact's guid, the id the contact autocomplete and every contact screen hand out.
      // Under this tenant's RLS: another tenant's contact simply is not found.
      const target = await trx
        .selectFrom('contacts')
        .select(['id', 'role', 'is_account_locked'])
        .where('guid', '=', id.toLowerCase())
        .executeTakeFirst()
      if (!target) return err('not_found')
      if (target.role !== null && target.role !== ROLE_STUDENT) {
        return err('forbidden', 'Only students can be previewed; staff accounts cannot.')
      }
      if (target.is_account_locked) return err('forbidden', 'This account is locked and cannot be previewed.')
      contactId = target.id
    }

    const session = await rotateSession(trx, row.id, {
      contactId,
      state: { ...state, preview: { kind, staffContactId: user.contactId } },
    }, { keepPreviousToken: true })
    if (!session) return err('forbidden', 'Your session has ended. Please login again.')
    await writeAuditLog(trx, {
      tenantId: tenant.id,
      actorContactId: user.contactId,
      action: kind === 'contact' ? 'preview.as_contact' : 'preview.start',
      targetType: kind === 'contact' ? 'contact' : undefined,
      targetId: kind === 'contact' ? contactId : undefined,
      details: { kind },
      ip: input.ip,
    })
    const landing = kind === 'web' ? '/' : roleLandingPath(ROLE_STUDENT, { isShowScheduleMenu: tenant.settings.isShowScheduleMenu })
    return ok({ session, landing })
  })
  // The old token names the changed session for a few seconds more: its kept lookup must go.
  if (started.ok) platform.caches.changed(tenant.id, ['sessions'])
  return started
}

/** 'Admin View' (and browser back during Web Preview): the staff identity again, new token. */
export async function endPreview(
  platform: Pick<Platform, 'database' | 'caches'>,
  input: { tenant: Tenant; user: SessionUser; ip: string | null },
): Promise<IssuedSession | null> {
  const ended = await withTenant(platform.database, input.tenant.id, async (trx) => {
    const row = await trx.selectFrom('sessions').select(['id', 'state']).where('id', '=', input.user.sessionId).executeTakeFirst()
    const state = row ? parseSessionState(row.state) : null
    if (!row || !state?.preview) return null
    const { preview, ...rest } = state
    const session = await rotateSession(trx, row.id, { contactId: preview.staffContactId, state: rest }, { keepPreviousToken: true })
    if (session) {
      await writeAuditLog(trx, {
        tenantId: input.tenant.id,
        actorContactId: preview.staffContactId,
        action: 'preview.end',
        details: { kind: preview.kind, previewedContactId: input.user.contactId },
        ip: input.ip,
      })
    }
    return session
  })
  if (ended) platform.caches.changed(input.tenant.id, ['sessions'])
  return ended
}
