import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/**
 * Runs on a schedule (jobs/scheduled-jobs.ts): finds the recurring memberships whose period or
 * retry is due, in every studio, and queues a membership-charge job for each.
 */
export const membershipBillingSweepJob = defineJob({
  name: 'membership-billing-sweep',
  queue: 'bulk',
  payload: z.object({ tenantId: z.null() }),
  attempts: 3,
  backoffMs: 5_000,
})
