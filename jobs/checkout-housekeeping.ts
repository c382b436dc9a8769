import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/** Runs on a schedule (jobs/scheduled-jobs.ts): voids checkout orders left unpaid and deletes idle carts, in every studio. */
export const checkoutHousekeepingJob = defineJob({
  name: 'checkout-housekeeping',
  queue: 'bulk',
  payload: z.object({ tenantId: z.null() }),
  attempts: 3,
  backoffMs: 30_000,
})

/** How often it runs: hourly is enough for days-long limits. */
export const CHECKOUT_HOUSEKEEPING_EVERY_MS = 60 * 60 * 1000
