import { sql } from 'kysely'
import { isStaffRole, ROLE_STAFF } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { parseContactGuid } from '#server/contacts/contact-guid'
import { err, ok, type Result } from '#server/errors/result'
import { recordUserAudit } from './user-audit'
import type { Platform } from '#server/platform'
import { writeContactBook } from '#server/contacts/write-contact-book'

/** A picked or newly created contact joins the Users list as Staff (docs/decisions/030). */
export const NEW_USER_ROLE = ROLE_STAFF

export const PICK_REQUIRED_MESSAGE = 'Select a member to add.'
export const PICKED_CONTACT_GONE_MESSAGE = 'That contact no longer exists. Search again.'

/** The user's guid and whether the role changed; not_found when no such contact is in this tenant. */
export type AddUserFromContactResult = Result<{ guid: string; added: boolean }, 'not_found'>

/**
 * "Select a member to add": gives a contact of this tenant the Staff role so it shows in the
 * Users list. Someone who already has a back-office role keeps it; nothing changes for them.
 */
export async function addUserFromContact(options: {
  platform: Pick<Platform, 'database' | 'caches'>
  tenant: Tenant
  actorContactId: string
  unverifiedGuid: unknown
  ip: string | null
}): Promise<AddUserFromContactResult> {
  const guid = parseContactGuid(options.unverifiedGuid)
  if (!guid) return err('not_found')
  return writeContactBook(options.platform, options.tenant.id, async (trx): Promise<AddUserFromContactResult> => {
    const contact = await trx
      .selectFrom('contacts')
      .select(['id', 'guid', 'role'])
      .where('guid', '=', guid)
      .forUpdate()
      .executeTakeFirst()
    if (!contact) return err('not_found')
    if (isStaffRole(contact.role)) return ok({ guid, added: false })
    await trx
      .updateTable('contacts')
      .set({ role: NEW_USER_ROLE, updated_at: sql`now()` })
      .where('id', '=', contact.id)
      .execute()
    await recordUserAudit(trx, {
      tenantId: options.tenant.id,
      actorContactId: options.actorContactId,
      action: 'user.added',
      targetGuid: guid,
      before: { role: contact.role },
      after: { role: NEW_USER_ROLE },
      ip: options.ip,
    })
    return ok({ guid, added: true })
  })
}
