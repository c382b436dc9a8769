import { err, ok } from '#server/errors/result'
import { findContactByGuid } from './find-profile-contact'
import type { ProfileChangeContext, ProfileChangeResult } from './profile-change'
import { PROFILE_MESSAGES } from './profile-forms'

/**
 * Removes a guardian link the profile's contact is part of. A child who loses its emergency
 * contact gets its longest-linked remaining guardian instead.
 */
export async function unlinkFamily(
  { trx, contact }: ProfileChangeContext,
  input: { unverifiedGuardianGuid: string; unverifiedChildGuid: string },
): Promise<ProfileChangeResult> {
  const guardian = await findContactByGuid(trx, input.unverifiedGuardianGuid)
  const child = await findContactByGuid(trx, input.unverifiedChildGuid)
  if (!guardian || !child || (guardian.id !== contact.id && child.id !== contact.id)) return err('not_found', PROFILE_MESSAGES.linkGone)
  const removed = await trx
    .deleteFrom('contact_guardians')
    .where('guardian_id', '=', guardian.id)
    .where('child_id', '=', child.id)
    .returning('is_emergency_contact')
    .executeTakeFirst()
  if (!removed) return err('not_found', PROFILE_MESSAGES.linkGone)
  if (removed.is_emergency_contact) {
    const next = await trx.selectFrom('contact_guardians').select('guardian_id').where('child_id', '=', child.id).orderBy('created_at').orderBy('guardian_id').limit(1).executeTakeFirst()
    if (next) await trx.updateTable('contact_guardians').set({ is_emergency_contact: true }).where('child_id', '=', child.id).where('guardian_id', '=', next.guardian_id).execute()
  }
  return ok({ message: PROFILE_MESSAGES.familyUnlinked, tab: 'family' })
}
