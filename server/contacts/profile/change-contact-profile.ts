import type { Tenant } from '#server/tenancy/tenant'
import { addContactNote } from './add-contact-note'
import { addContactTag } from './add-contact-tag'
import { chooseEmergencyGuardian } from './choose-emergency-guardian'
import { deleteContactNote } from './delete-contact-note'
import { findProfileContact } from './find-profile-contact'
import { linkFamily } from './link-family'
import type { ProfileChangeContext, ProfileChangeResult } from './profile-change'
import type { ProfileForm } from './profile-forms'
import { removeContactTag } from './remove-contact-tag'
import { unlinkFamily } from './unlink-family'
import { updateContactNote } from './update-contact-note'
import type { Platform } from '#server/platform'
import { writeContactBook } from '#server/contacts/write-contact-book'

// Carries a refusal out of the transaction, so that Kysely rolls back whatever it had written.
class Refused extends Error {
  constructor(readonly result: ProfileChangeResult) {
    super('refused')
  }
}

function apply(context: ProfileChangeContext, form: ProfileForm): Promise<ProfileChangeResult> {
  switch (form.intent) {
    case 'add-note':
      return addContactNote(context, form.body)
    case 'update-note':
      return updateContactNote(context, form.noteId, form.body)
    case 'delete-note':
      return deleteContactNote(context, form.noteId)
    case 'add-tag':
      return addContactTag(context, form.tagName)
    case 'remove-tag':
      return removeContactTag(context, form.tagId)
    case 'link-family':
      return linkFamily(context, { unverifiedOtherGuid: form.otherId, role: form.role, relation: form.relation })
    case 'unlink-family':
      return unlinkFamily(context, { unverifiedGuardianGuid: form.guardianId, unverifiedChildGuid: form.childId })
    case 'set-emergency':
      return chooseEmergencyGuardian(context, form.guardianId)
  }
}

/**
 * Applies one of the profile's forms to the contact a guid names, in one tenant transaction
 * (row-level security applies). Null when the guid names nobody of this tenant; a refusal
 * writes nothing.
 */
export async function changeContactProfile(options: {
  platform: Pick<Platform, 'database' | 'caches'>
  tenant: Tenant
  actor: { contactId: string; fullName: string }
  unverifiedGuid: unknown
  form: ProfileForm
}): Promise<{ guid: string; result: ProfileChangeResult } | null> {
  try {
    return await writeContactBook(options.platform, options.tenant.id, async (trx) => {
      const contact = await findProfileContact(trx, options.unverifiedGuid)
      if (!contact) return null
      const result = await apply({ trx, tenantId: options.tenant.id, contact, actor: options.actor }, options.form)
      if (!result.ok) throw new Refused(result)
      return { guid: contact.guid, result }
    })
  } catch (thrown) {
    if (!(thrown instanceof Refused)) throw thrown
    const guid = typeof options.unverifiedGuid === 'string' ? options.unverifiedGuid.toLowerCase() : ''
    return { guid, result: thrown.result }
  }
}
