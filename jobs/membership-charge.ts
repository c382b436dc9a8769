import { createHash } from 'node:crypto'
import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/** The most memberships one membership-charge job bills (decision 139): its invoices and settlement written together. */
export const MEMBERSHIPS_PER_CHARGE_JOB = 50

/**
 * Bills a batch of one studio's recurring memberships whose periods are due: their invoices,
 * then their kept cards off session (server/memberships/bill-membership.ts). The job id names
 * the batch's memberships and the moments they fell due, so a batch is queued once however
 * often the sweep runs while it waits.
 */
export const membershipChargeJob = defineJob({
  name: 'membership-charge',
  queue: 'bulk',
  payload: z.object({ tenantId: z.string().uuid(), membershipIds: z.array(z.string().uuid()).min(1).max(MEMBERSHIPS_PER_CHARGE_JOB) }),
  attempts: 4,
  backoffMs: 5_000,
})

export function membershipChargeJobId(tenantId: string, due: ReadonlyArray<{ membershipId: string; dueAt: Date }>): string {
  const hash = createHash('sha256')
  for (const { membershipId, dueAt } of due) hash.update(`${membershipId}@${dueAt.getTime()};`)
  return `membership-charge-${tenantId}-${hash.digest('hex').slice(0, 32)}`
}
