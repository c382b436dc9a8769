import { sql } from 'kysely'
import { err, ok } from '#server/errors/result'
import type { ProfileChangeContext, ProfileChangeResult } from './profile-change'
import { PROFILE_MESSAGES } from './profile-forms'

/** Rewrites one of the profile's notes; the same words again change nothing (no 'edited' mark). */
export async function updateContactNote({ trx, contact }: ProfileChangeContext, noteGuid: string, body: string): Promise<ProfileChangeResult> {
  const note = await trx.selectFrom('contact_notes').select(['id', 'body']).where('guid', '=', noteGuid).where('contact_id', '=', contact.id).executeTakeFirst()
  if (!note) return err('not_found', PROFILE_MESSAGES.noteGone)
  if (note.body !== body) {
    // now() is the transaction's start; clock_timestamp() keeps the edit after the note's own time.
    await trx.updateTable('contact_notes').set({ body, updated_at: sql<Date>`clock_timestamp()` }).where('id', '=', note.id).execute()
  }
  return ok({ message: PROFILE_MESSAGES.noteUpdated, tab: 'notes' })
}
