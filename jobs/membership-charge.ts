import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/**
 * Bills one recurring membership's due period: its invoice, then its kept card off session
 * (server/memberships/bill-membership.ts). The job id names the membership and the moment it
 * fell due, so one period is queued once however often the sweep runs.
 */
export const membershipChargeJob = defineJob({
  name: 'membership-charge',
  queue: 'bulk',
  payload: z.object({ tenantId: z.string().uuid(), membershipId: z.string().uuid() }),
  attempts: 4,
  backoffMs: 5_000,
})

export function membershipChargeJobId(membershipId: string, dueAt: Date): string {
  return `membership-charge-${membershipId}-${dueAt.getTime()}`
}
