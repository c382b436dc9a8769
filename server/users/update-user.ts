import { sql } from 'kysely'
import { ROLE_ADMIN } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { parseContactGuid } from '#server/contacts/contact-guid'
import { err, ok, type Result } from '#server/errors/result'
import { recordUserAudit } from './user-audit'
import type { UserSettingsInput } from './user-settings-schema'
import type { Platform } from '#server/platform'
import { writeContactBook } from '#server/contacts/write-contact-book'

export const USER_UPDATED_MESSAGE = 'Successfully updated user.'
export const LAST_ADMIN_DEMOTE_MESSAGE =
  'This is the only active Administrator, so their role cannot be changed. Make another user an Administrator first.'
export const LAST_ADMIN_SUSPEND_MESSAGE =
  'This is the only active Administrator, so their account cannot be suspended. Make another user an Administrator first.'

/**
 * The saved user's guid; not_found for no such user in this tenant; conflict (with the message
 * to show) when the change would leave the organisation without an active Administrator.
 */
export type UpdateUserResult = Result<{ guid: string }, 'not_found' | 'conflict'>

/**
 * Saves the user detail form: notifications, Account Suspended, Teacher and the role.
 *
 * Suspending deletes the user's sessions in the same transaction, so they are signed out on
 * their next request; a role change needs nothing more, since sessions read the role from the
 * contact on every request. The organisation always keeps one active Administrator.
 */
export async function updateUser(options: {
  platform: Pick<Platform, 'database' | 'caches'>
  tenant: Tenant
  actorContactId: string
  unverifiedGuid: unknown
  input: UserSettingsInput
  ip: string | null
}): Promise<UpdateUserResult> {
  const { tenant, input } = options
  const guid = parseContactGuid(options.unverifiedGuid)
  if (!guid) return err('not_found')

  return writeContactBook(options.platform, tenant.id, async (trx): Promise<UpdateUserResult> => {
    // Lock the target and every active admin in one statement, in id order, so that two admins
    // demoting each other at once queue up instead of both succeeding (or deadlocking).
    const locked = await trx
      .selectFrom('contacts')
      .select(['id', 'guid', 'role', 'is_account_locked'])
      .where((eb) =>
        eb.or([eb('guid', '=', guid), eb.and([eb('role', '=', ROLE_ADMIN), eb('is_account_locked', '=', false)])]),
      )
      .orderBy('id')
      .forUpdate()
      .execute()
    const target = locked.find((row) => row.guid === guid)
    if (!target) return err('not_found')

    const isActiveAdmin = target.role === ROLE_ADMIN && !target.is_account_locked
    const otherActiveAdmins = locked.filter(
      (row) => row.guid !== guid && row.role === ROLE_ADMIN && !row.is_account_locked,
    ).length
    if (isActiveAdmin && otherActiveAdmins === 0) {
      if (input.role !== ROLE_ADMIN) return err('conflict', LAST_ADMIN_DEMOTE_MESSAGE)
      if (input.isAccountLocked) return err('conflict', LAST_ADMIN_SUSPEND_MESSAGE)
    }

    await trx
      .updateTable('contacts')
      .set({
        role: input.role,
        is_account_locked: input.isAccountLocked,
        is_teacher: input.isTeacher,
        notify_sales: input.notifySales,
        notify_contact: input.notifyContact,
        notify_product: input.notifyProduct,
        updated_at: sql`now()`,
      })
      .where('id', '=', target.id)
      .execute()

    if (input.isAccountLocked) {
      await trx.deleteFrom('sessions').where('contact_id', '=', target.id).execute()
      // The contact book's announcement after the commit (writeContactBook) drops kept lookups again,
      // so none read before the commit outlives it.
      options.platform.caches.changed(tenant.id, ['sessions'])
    }

    const audit = { tenantId: tenant.id, actorContactId: options.actorContactId, targetGuid: guid, ip: options.ip }
    if (target.role !== input.role) {
      await recordUserAudit(trx, { ...audit, action: 'user.role_changed', before: { role: target.role }, after: { role: input.role } })
    }
    if (target.is_account_locked !== input.isAccountLocked) {
      await recordUserAudit(trx, {
        ...audit,
        action: input.isAccountLocked ? 'user.suspended' : 'user.reinstated',
        before: { isAccountLocked: target.is_account_locked },
        after: { isAccountLocked: input.isAccountLocked },
      })
    }
    return ok({ guid })
  })
}
