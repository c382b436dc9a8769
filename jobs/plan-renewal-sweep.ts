import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/** How often the sweep looks for plans whose period ended or whose refused renewal is due again. */
export const PLAN_RENEWAL_SWEEP_EVERY_MS = 60 * 60_000

/**
 * Runs on a schedule (jobs/scheduled-jobs.ts): finds the paid plans, in every studio, whose
 * period ended or whose refused renewal's retry is due, and queues a plan-renewal job for each.
 */
export const planRenewalSweepJob = defineJob({
  name: 'plan-renewal-sweep',
  queue: 'bulk',
  payload: z.object({ tenantId: z.null() }),
  attempts: 3,
  backoffMs: 5_000,
})
