import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/** Runs on a schedule (jobs/scheduled-jobs.ts): deletes the tenants archived more than 30 days ago, with their data. */
export const tenantPurgeJob = defineJob({
  name: 'tenant-purge',
  queue: 'bulk',
  payload: z.object({ tenantId: z.null() }),
  attempts: 3,
  backoffMs: 60_000,
})

/** Daily: the 30 days are counted in days. */
export const TENANT_PURGE_EVERY_MS = 24 * 60 * 60 * 1000
