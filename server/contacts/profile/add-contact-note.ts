import { ACTIVITY_TYPES, recordActivity } from '#server/activities/record-activity'
import { ACTIVITY_LINES } from '#server/activities/activity-lines'
import { ok } from '#server/errors/result'
import type { ProfileChangeContext, ProfileChangeResult } from './profile-change'
import { PROFILE_MESSAGES } from './profile-forms'

/** Adds a staff note to the profile, signed with the author's name (kept should they leave). */
export async function addContactNote({ trx, tenantId, contact, actor }: ProfileChangeContext, body: string): Promise<ProfileChangeResult> {
  // In franchise mode the signed-in staff belong to another tenant: their name is kept, not a link.
  const author = await trx.selectFrom('contacts').select('id').where('id', '=', actor.contactId).executeTakeFirst()
  await trx
    .insertInto('contact_notes')
    .values({ tenant_id: tenantId, contact_id: contact.id, author_contact_id: author?.id ?? null, author_name: actor.fullName, body })
    .execute()
  await recordActivity(trx, { tenantId, contactId: contact.id, type: ACTIVITY_TYPES.noteAdded, text: ACTIVITY_LINES.noteAdded(actor.fullName || 'staff') })
  return ok({ message: PROFILE_MESSAGES.noteAdded, tab: 'notes' })
}
