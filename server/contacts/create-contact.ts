import { err, ok, type Result } from '#server/errors/result'
import type { Tenant } from '#server/tenancy/tenant'
import { recordContactAudit } from './contact-audit'
import type { ContactFormInput } from './contact-form-schema'
import { emailIsTaken, insertContact, isUniqueViolation } from './insert-contact'
import type { Platform } from '#server/platform'
import { writeContactBook } from '#server/contacts/write-contact-book'
import { queueMailingListPushes } from '#server/mailing-list/push-contact'
import { contactLimitMessage } from '#server/plans/plan-limits'

export const CONTACT_CREATED_MESSAGE = 'Added contact successfully'

/**
 * The contacts list's Create Contact dialog (spec 2.9): a contact without a login. An email
 * this organisation already has, in any letter case, is refused rather than duplicated.
 */
export async function createContact(options: {
  platform: Pick<Platform, 'database' | 'caches' | 'jobs' | 'logger' | 'clock'>
  tenant: Tenant
  actorContactId: string
  input: ContactFormInput
  ip: string | null
}): Promise<Result<{ guid: string }, 'conflict' | 'forbidden'>> {
  const { tenant, input } = options
  try {
    const created = await writeContactBook(options.platform, tenant.id, async (trx) => {
      if (await emailIsTaken(trx, input.email)) return err('conflict')
      const contact = await insertContact(trx, tenant.id, input, null)
      await recordContactAudit(trx, {
        tenantId: tenant.id,
        actorContactId: options.actorContactId,
        action: 'contact.created',
        targetGuid: contact.guid,
        changed: Object.keys(input),
        ip: options.ip,
      })
      return ok({ id: contact.id, guid: contact.guid })
    })
    if (!created.ok) return created
    // After the commit, so the push reads the contact and the write never waits on the provider.
    if (input.subscribeToMailingList) await queueMailingListPushes(options.platform, tenant.id, [created.value.id])
    return ok({ guid: created.value.guid })
  } catch (error) {
    // Two people adding the same email at once: the unique index decides, the loser is told.
    if (isUniqueViolation(error)) return err('conflict')
    // Past the plan's contact limit (the database holds it): nothing was written.
    const limit = contactLimitMessage(error)
    if (limit) return err('forbidden', limit)
    throw error
  }
}
