import { randomUUID } from 'node:crypto'
import type { SmsMessageKind } from '#db/tables/sms'
import type { TenantExecutor } from '#db/tenant-scope'
import { smsSendJob, smsSendJobId } from '#jobs/sms-send'
import type { Platform } from '#server/platform'

export interface SmsToQueue {
  contactId: string | null
  to: string
  body: string
  /** Queued once only (a class reminder: occurrence and contact). */
  dedupeKey?: string
}

/**
 * Puts messages in the studio's outbox in the caller's transaction, as one batch; a message
 * whose dedupe key is already there is skipped. Answers the batch id and how many were queued.
 * The caller starts the send job after its transaction commits (`startSmsSend`).
 */
export async function queueSmsIn(
  trx: TenantExecutor,
  tenantId: string,
  messages: readonly SmsToQueue[],
  options: { kind: SmsMessageKind; createdBy: string | null },
): Promise<{ batchId: string; queued: number }> {
  const batchId = randomUUID()
  if (messages.length === 0) return { batchId, queued: 0 }
  const inserted = await trx
    .insertInto('sms_messages')
    .values(
      messages.map((message) => ({
        tenant_id: tenantId,
        contact_id: message.contactId,
        to_number: message.to,
        body: message.body,
        kind: options.kind,
        batch_id: batchId,
        dedupe_key: message.dedupeKey ?? null,
        created_by: options.createdBy,
      })),
    )
    .onConflict((oc) => oc.columns(['tenant_id', 'dedupe_key']).where('dedupe_key', 'is not', null).doNothing())
    .returning('id')
    .execute()
  return { batchId, queued: inserted.length }
}

/** Starts the send job for a batch just queued; the job itself keeps to the page size and timer. */
export async function startSmsSend(platform: Pick<Platform, 'jobs'>, tenantId: string, batchId: string): Promise<void> {
  await platform.jobs.enqueue(smsSendJob, { tenantId }, { jobId: smsSendJobId(tenantId, 'now', batchId) })
}
