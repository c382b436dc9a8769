import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/**
 * Sends a studio's subscribed contacts to its mailing list, a batch at a time, from the cursor
 * the run last committed: a retry, a continuation and a job run again after its worker died
 * all start after the last batch the provider took.
 */
export const mailingListResyncJob = defineJob({
  name: 'mailing-list-resync',
  payload: z.object({ tenantId: z.string().uuid(), runId: z.string().uuid() }),
  queue: 'bulk',
  attempts: 5,
  backoffMs: 2000,
})

/** One job per run and starting point: the same continuation enqueued twice is added once. */
export function mailingListResyncJobId(runId: string, cursor: string | null): string {
  return `mailing-list-resync-${runId}-${cursor ?? 'start'}`
}
