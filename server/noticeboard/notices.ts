import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { sanitizeRichTextHtml } from '#server/text/rich-text-html'
import { isUuid } from '#server/text/is-uuid'
import type { NoticeInput, NoticeKind } from './notice-rules'

export type NoticeRow = { id: string; message: string; type: NoticeKind; isActive: boolean; createdAt: string }

/**
 * A studio's notices and quotes, newest first. `activeOnly` is what students and previews get
 * (spec 6: their fetches pass isActive true). The message is sanitised again on the way out:
 * rows written before a sanitiser change are shown by today's rules.
 */
export async function listNotices(database: DatabaseHandle, tenantId: string, options: { activeOnly: boolean }): Promise<NoticeRow[]> {
  const rows = await withTenant(database, tenantId, (trx) => {
    let query = trx.selectFrom('notices').select(['id', 'message', 'type', 'is_active', 'created_at']).orderBy('created_at', 'desc').orderBy('id').limit(200)
    if (options.activeOnly) query = query.where('is_active', '=', true)
    return query.execute()
  })
  return rows.map((row) => ({ id: row.id, message: sanitizeRichTextHtml(row.message), type: row.type, isActive: row.is_active, createdAt: row.created_at.toISOString() }))
}

/** One notice of this studio; another studio's id or a malformed one is null (a 404). */
export async function findNotice(database: DatabaseHandle, tenantId: string, unverifiedId: string): Promise<NoticeRow | null> {
  if (!isUuid(unverifiedId)) return null
  const row = await withTenant(database, tenantId, (trx) =>
    trx.selectFrom('notices').select(['id', 'message', 'type', 'is_active', 'created_at']).where('id', '=', unverifiedId).executeTakeFirst(),
  )
  return row ? { id: row.id, message: sanitizeRichTextHtml(row.message), type: row.type, isActive: row.is_active, createdAt: row.created_at.toISOString() } : null
}

/** A new notice; its expiry date is set to now, as the product does on creation (spec 3). */
export async function createNotice(database: DatabaseHandle, tenantId: string, input: NoticeInput, now: Date): Promise<string> {
  const row = await withTenant(database, tenantId, (trx) =>
    trx
      .insertInto('notices')
      .values({ tenant_id: tenantId, message: input.message, type: input.type, is_active: input.isActive, expiry_date: now, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow(),
  )
  return row.id
}

/** Saves the whole notice; false when it is not this studio's (gone, or never was). */
export async function updateNotice(database: DatabaseHandle, tenantId: string, unverifiedId: string, input: NoticeInput, now: Date): Promise<boolean> {
  if (!isUuid(unverifiedId)) return false
  const result = await withTenant(database, tenantId, (trx) =>
    trx
      .updateTable('notices')
      .set({ message: input.message, type: input.type, is_active: input.isActive, updated_at: now })
      .where('id', '=', unverifiedId)
      .executeTakeFirst(),
  )
  return result.numUpdatedRows > 0n
}

export async function deleteNotice(database: DatabaseHandle, tenantId: string, unverifiedId: string): Promise<boolean> {
  if (!isUuid(unverifiedId)) return false
  const result = await withTenant(database, tenantId, (trx) => trx.deleteFrom('notices').where('id', '=', unverifiedId).executeTakeFirst())
  return result.numDeletedRows > 0n
}
