import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/** Sends one contact's current email, name and subscription to the studio's mailing list. */
export const mailingListPushJob = defineJob({
  name: 'mailing-list-push',
  payload: z.object({ tenantId: z.string().uuid(), contactId: z.string().uuid() }),
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
