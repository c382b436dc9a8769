import { sql } from 'kysely'
import { err, ok, type Result } from '#server/errors/result'
import type { FormFieldDefinition } from '#server/forms/form-definition'
import type { CustomFieldAnswer } from '#server/forms/validate-submission'
import type { Tenant } from '#server/tenancy/tenant'
import { recordContactAudit } from './contact-audit'
import { saveContactFieldValues } from './contact-field-values'
import type { ContactFormInput, ContactProfileInput } from './contact-form-schema'
import { CONTACT_PROFILE_COLUMN_LIST, CONTACT_PROFILE_COLUMNS } from './contact-profile-columns'
import { isUniqueViolation } from './insert-contact'
import type { Platform } from '#server/platform'
import { writeContactBook } from '#server/contacts/write-contact-book'
import { concernsMailingList, queueMailingListPushes } from '#server/mailing-list/push-contact'

export const CONTACT_UPDATED_MESSAGE = 'Contact updated successfully'

/**
 * Saves an edit of a contact: the full Edit Contact page (every field and the custom field
 * values) or the Edit Contact dialog (its fields only: what the dialog does not show is kept
 * as it was), in one transaction. Another contact of this organisation with the same email
 * (any letter case) is a conflict and nothing is written; the GRN number is kept as it was
 * when the organisation does not support GRN.
 */
export async function updateContact(options: {
  platform: Pick<Platform, 'database' | 'caches' | 'jobs' | 'logger' | 'clock'>
  tenant: Tenant
  actorContactId: string
  guId: string
  input: ContactProfileInput | ContactFormInput
  /** The page's custom fields and their answers; the dialog has none. */
  fields?: readonly FormFieldDefinition[]
  answers?: readonly CustomFieldAnswer[]
  ip: string | null
}): Promise<Result<{ guid: string }, 'not_found' | 'conflict'>> {
  const { tenant, input } = options
  try {
    const updated = await writeContactBook(options.platform, tenant.id, async (trx) => {
      const current = await trx
        .selectFrom('contacts')
        .select(['id', 'guid', ...CONTACT_PROFILE_COLUMN_LIST])
        .where('guid', '=', options.guId)
        .forUpdate()
        .executeTakeFirst()
      if (!current) return err('not_found')
      const taken = await trx
        .selectFrom('contacts')
        .select('id')
        .where(sql`lower(email)`, '=', input.email.toLowerCase())
        .where('id', '<>', current.id)
        .executeTakeFirst()
      if (taken) return err('conflict')

      const values: Record<string, unknown> = {}
      const changed: string[] = []
      const given: Partial<Record<keyof ContactProfileInput, unknown>> = input
      for (const [key, column] of Object.entries(CONTACT_PROFILE_COLUMNS) as Array<[keyof ContactProfileInput, keyof typeof current]>) {
        if (key === 'grnNumber' && !tenant.settings.isSupportGrn) continue
        if (!(key in given)) continue
        const next = given[key]
        values[column] = next
        if (!sameValue(current[column], next)) changed.push(key)
      }
      await trx.updateTable('contacts').set({ ...values, updated_at: sql`now()` }).where('id', '=', current.id).execute()
      await saveContactFieldValues(trx, { tenantId: tenant.id, contactId: current.id }, options.fields ?? [], options.answers ?? [])
      await recordContactAudit(trx, {
        tenantId: tenant.id,
        actorContactId: options.actorContactId,
        action: 'contact.updated',
        targetGuid: current.guid,
        changed,
        ip: options.ip,
      })
      const after = { email: input.email, first_name: input.firstName, last_name: input.lastName, subscribe_to_mailing_list: input.subscribeToMailingList }
      return ok({ guid: current.guid, contactId: current.id, pushes: concernsMailingList(current, after) })
    })
    if (!updated.ok) return updated
    // After the commit, so the push reads the contact and the write never waits on the provider.
    if (updated.value.pushes) await queueMailingListPushes(options.platform, tenant.id, [updated.value.contactId])
    return ok({ guid: updated.value.guid })
  } catch (error) {
    if (isUniqueViolation(error)) return err('conflict')
    throw error
  }
}

function sameValue(stored: unknown, next: unknown): boolean {
  return (stored ?? null) === (next ?? null)
}
