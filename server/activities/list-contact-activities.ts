import type { TenantExecutor } from '#db/tenant-scope'

export interface ActivityEntry {
  id: string
  type: string
  text: string
  details: Record<string, unknown>
  createdAt: string
}

/** A contact's activity log, newest first. */
export async function listContactActivities(trx: TenantExecutor, contactId: string, limit = 50): Promise<ActivityEntry[]> {
  const rows = await trx
    .selectFrom('activities')
    .select(['id', 'type', 'text', 'details', 'created_at'])
    .where('contact_id', '=', contactId)
    .orderBy('created_at', 'desc')
    .limit(Math.min(Math.max(limit, 1), 500))
    .execute()
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    text: row.text,
    details: row.details,
    createdAt: new Date(row.created_at).toISOString(),
  }))
}
