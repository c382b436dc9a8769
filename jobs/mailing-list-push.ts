import { createHash } from 'node:crypto'
import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/** The most contacts one push sends: the provider's batch call takes up to 500 members. */
export const MAILING_LIST_PUSH_BATCH = 500

/**
 * Sends contacts' current email, name and subscription to the studio's mailing list: one
 * contact after an edit, or up to a batch of them after an import or a bulk archive.
 */
export const mailingListPushJob = defineJob({
  name: 'mailing-list-push',
  // One contact (`contactId`, as pushes queued before batches were) or a batch (`contactIds`).
  payload: z.object({
    tenantId: z.string().uuid(),
    contactId: z.string().uuid().optional(),
    contactIds: z.array(z.string().uuid()).max(MAILING_LIST_PUSH_BATCH).optional(),
  }),
  queue: 'bulk',
  attempts: 6,
  backoffMs: 2000,
})

/**
 * One waiting push per contact: several edits in a row send the contact once, as it is when
 * the job runs. (A push already running does not block the next one, which reads the newer state.)
 */
export function mailingListPushJobId(contactId: string): string {
  return `mailing-list-push-${contactId}`
}

/** A batch's job id names its contacts, so the same batch queued twice is sent once. */
export function mailingListBatchPushJobId(contactIds: readonly string[]): string {
  return `mailing-list-push-batch-${createHash('sha256').update(contactIds.join(',')).digest('hex').slice(0, 32)}`
}
