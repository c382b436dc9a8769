import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/**
 * Asks Plivo whether carriers approved the studio's bought number, and while they have not,
 * asks again on a schedule (server/sms/plivo-approval-schedule.ts). On the bulk queue: nobody
 * waits on it. The payload names the studio only; the number and its waiting time are read.
 */
export const plivoApprovalCheckJob = defineJob({
  name: 'plivo-approval-check',
  queue: 'bulk',
  payload: z.object({ tenantId: z.string().uuid() }),
  attempts: 3,
  backoffMs: 60_000,
})

/** One run per studio and scheduled moment: the buy, 'Check approval' and a run's continuation queue one check, not three. */
export const plivoApprovalCheckJobId = (tenantId: string, runAt: Date) => `plivo-approval-check-${tenantId}-${runAt.getTime()}`
