import { err, ok } from '#server/errors/result'
import type { ProfileChangeContext, ProfileChangeResult } from './profile-change'
import { PROFILE_MESSAGES } from './profile-forms'

/** Deletes one of the profile's notes (asked for with a confirmation first). */
export async function deleteContactNote({ trx, contact }: ProfileChangeContext, noteGuid: string): Promise<ProfileChangeResult> {
  const deleted = await trx.deleteFrom('contact_notes').where('guid', '=', noteGuid).where('contact_id', '=', contact.id).executeTakeFirst()
  if (Number(deleted.numDeletedRows) === 0) return err('not_found', PROFILE_MESSAGES.noteGone)
  return ok({ message: PROFILE_MESSAGES.noteDeleted, tab: 'notes' })
}
