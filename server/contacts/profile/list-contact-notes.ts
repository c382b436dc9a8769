import type { TenantExecutor } from '#db/tenant-scope'

export interface NoteRow {
  guid: string
  body: string
  authorName: string
  createdAt: Date
  updatedAt: Date
}

/** A contact's staff notes, newest first (at most `limit`). */
export async function listContactNotes(trx: TenantExecutor, contactId: string, limit = 200): Promise<NoteRow[]> {
  const rows = await trx
    .selectFrom('contact_notes')
    .select(['guid', 'body', 'author_name', 'created_at', 'updated_at'])
    .where('contact_id', '=', contactId)
    .orderBy('created_at', 'desc')
    .orderBy('guid')
    .limit(limit)
    .execute()
  return rows.map((row) => ({
    guid: String(row.guid),
    body: row.body,
    authorName: row.author_name,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  }))
}
