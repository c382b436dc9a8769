import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { FeedbackPaging } from './feedback-rules'

export type FeedbackEntry = { id: string; message: string; name: string; contactGuid: string; updatedAt: string }

/** A student's message to the studio, as the signed-in contact. */
export async function sendFeedback(database: DatabaseHandle, tenantId: string, input: { contactId: string; message: string; now: Date }): Promise<void> {
  await withTenant(database, tenantId, (trx) =>
    trx.insertInto('feedback_entries').values({ tenant_id: tenantId, contact_id: input.contactId, message: input.message, created_at: input.now, updated_at: input.now }).execute(),
  )
}

/** One page of the studio's feedback, newest first, with the total (spec 3: data and total). */
export async function listFeedback(database: DatabaseHandle, tenantId: string, paging: FeedbackPaging): Promise<{ data: FeedbackEntry[]; total: number }> {
  return withTenant(database, tenantId, async (trx) => {
    const [rows, count] = await Promise.all([
      trx
        .selectFrom('feedback_entries as f')
        .innerJoin('contacts as c', 'c.id', 'f.contact_id')
        .select(['f.id', 'f.message', 'f.updated_at', 'c.guid', 'c.first_name', 'c.last_name'])
        .orderBy('f.updated_at', 'desc')
        .orderBy('f.id')
        .limit(paging.size)
        .offset(paging.offset)
        .execute(),
      trx.selectFrom('feedback_entries').select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    ])
    return {
      data: rows.map((row) => ({
        id: row.id,
        message: row.message,
        name: `${row.first_name} ${row.last_name}`.trim() || 'Unnamed contact',
        contactGuid: row.guid,
        updatedAt: row.updated_at.toISOString(),
      })),
      total: Number(count.total),
    }
  })
}
