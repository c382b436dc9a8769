import type { Tenant } from '#server/tenancy/tenant'
import type { ContactFormInput } from '#server/contacts/contact-form-schema'
import { emailIsTaken, insertContact, isUniqueViolation } from '#server/contacts/insert-contact'
import { err, ok, type Result } from '#server/errors/result'
import { NEW_USER_ROLE } from './add-user-from-contact'
import { recordUserAudit } from './user-audit'
import type { Platform } from '#server/platform'
import { writeContactBook } from '#server/contacts/write-contact-book'
import { contactLimitMessage } from '#server/plans/plan-limits'

export const CONTACT_ADDED_MESSAGE = 'Added contact successfully'

/** The new user's guid, or a conflict: the email is already used in this organisation. */
export type CreateUserResult = Result<{ guid: string }, 'conflict' | 'forbidden'>

/**
 * The Users screen's Create Contact dialog: a new contact who joins the Users list as Staff.
 * An email already used in this organisation (in any letter case) is refused, not duplicated.
 */
export async function createUser(options: {
  platform: Pick<Platform, 'database' | 'caches'>
  tenant: Tenant
  actorContactId: string
  input: ContactFormInput
  ip: string | null
}): Promise<CreateUserResult> {
  const { tenant, input } = options
  try {
    return await writeContactBook(options.platform, tenant.id, async (trx): Promise<CreateUserResult> => {
      if (await emailIsTaken(trx, input.email)) return err('conflict')
      const contact = await insertContact(trx, tenant.id, input, NEW_USER_ROLE)
      await recordUserAudit(trx, {
        tenantId: tenant.id,
        actorContactId: options.actorContactId,
        action: 'user.added',
        targetGuid: contact.guid,
        before: {},
        after: { role: NEW_USER_ROLE, email: input.email },
        ip: options.ip,
      })
      return ok({ guid: contact.guid })
    })
  } catch (error) {
    // Two people adding the same email at once: the unique index decides, the loser is told.
    if (isUniqueViolation(error)) return err('conflict')
    // Past the plan's contact limit (the database holds it): nothing was written.
    const limit = contactLimitMessage(error)
    if (limit) return err('forbidden', limit)
    throw error
  }
}
