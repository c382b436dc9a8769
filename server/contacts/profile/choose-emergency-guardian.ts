import { err, ok } from '#server/errors/result'
import { findContactByGuid } from './find-profile-contact'
import type { ProfileChangeContext, ProfileChangeResult } from './profile-change'
import { PROFILE_MESSAGES } from './profile-forms'

/** Makes one of the profile contact's guardians its emergency contact (only one at a time). */
export async function chooseEmergencyGuardian({ trx, contact }: ProfileChangeContext, unverifiedGuardianGuid: string): Promise<ProfileChangeResult> {
  const guardian = await findContactByGuid(trx, unverifiedGuardianGuid)
  if (!guardian) return err('not_found', PROFILE_MESSAGES.linkGone)
  const link = await trx.selectFrom('contact_guardians').select('is_emergency_contact').where('guardian_id', '=', guardian.id).where('child_id', '=', contact.id).executeTakeFirst()
  if (!link) return err('not_found', PROFILE_MESSAGES.linkGone)
  if (!link.is_emergency_contact) {
    // Cleared first: the unique index allows one emergency contact per child at any moment.
    await trx.updateTable('contact_guardians').set({ is_emergency_contact: false }).where('child_id', '=', contact.id).where('is_emergency_contact', '=', true).execute()
    await trx.updateTable('contact_guardians').set({ is_emergency_contact: true }).where('child_id', '=', contact.id).where('guardian_id', '=', guardian.id).execute()
  }
  return ok({ message: PROFILE_MESSAGES.emergencyChanged, tab: 'family' })
}
