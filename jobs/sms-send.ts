import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/**
 * Sends a studio's queued text messages through its Twilio account, a page at a time: at most
 * the page size within each page-timer window. A run that finds the window full, or nothing
 * ready yet, queues itself again with a delay rather than sleeping.
 */
export const smsSendJob = defineJob({
  name: 'sms-send',
  payload: z.object({ tenantId: z.string().uuid() }),
  queue: 'bulk',
  attempts: 5,
  backoffMs: 2000,
})

/** One run per studio and moment: the same continuation queued twice (or by two pages) is added once. */
export function smsSendJobId(tenantId: string, runAt: Date | 'now', tag = ''): string {
  return `sms-send-${tenantId}-${runAt === 'now' ? `now-${tag}` : runAt.getTime()}`
}
