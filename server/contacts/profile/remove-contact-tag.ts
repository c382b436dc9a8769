import { err, ok } from '#server/errors/result'
import type { ProfileChangeContext, ProfileChangeResult } from './profile-change'
import { PROFILE_MESSAGES } from './profile-forms'

/** Takes a tag off the contact; the tag itself stays for others. */
export async function removeContactTag({ trx, contact }: ProfileChangeContext, tagId: string): Promise<ProfileChangeResult> {
  const deleted = await trx.deleteFrom('contact_tags').where('contact_id', '=', contact.id).where('tag_id', '=', tagId).executeTakeFirst()
  if (Number(deleted.numDeletedRows) === 0) return err('not_found', PROFILE_MESSAGES.tagGone)
  return ok({ message: PROFILE_MESSAGES.tagRemoved, tab: 'tags' })
}
