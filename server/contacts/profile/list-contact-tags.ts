import type { TenantExecutor } from '#db/tenant-scope'

export interface TagView {
  id: string
  name: string
}

/** The contact's tags, and the tenant's other tags to choose from, each by name. */
export async function listContactTags(trx: TenantExecutor, contactId: string): Promise<{ tags: TagView[]; others: TagView[] }> {
  const rows = await trx
    .selectFrom('tags')
    .leftJoin('contact_tags', (join) => join.onRef('contact_tags.tag_id', '=', 'tags.id').on('contact_tags.contact_id', '=', contactId))
    .select(['tags.id', 'tags.name', 'contact_tags.contact_id'])
    .orderBy('tags.name')
    .execute()
  return {
    tags: rows.filter((row) => row.contact_id !== null).map((row) => ({ id: row.id, name: row.name })),
    others: rows.filter((row) => row.contact_id === null).map((row) => ({ id: row.id, name: row.name })),
  }
}
