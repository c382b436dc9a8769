import { z } from 'zod'
import { defineJob } from '#server/jobs/job-contract'

/**
 * Charges one studio's kept card for its plan's next period, off session on the platform's
 * account (server/plans/plan-renewal.ts). A try that Stripe or the network failed is tried again
 * with the same idempotency key, so it never charges twice.
 */
export const planRenewalJob = defineJob({
  name: 'plan-renewal',
  queue: 'bulk',
  payload: z.object({ tenantId: z.string().uuid() }),
  attempts: 4,
  backoffMs: 5_000,
})

/** The job of a studio's renewal that fell due at `dueAt`: queued once however often the sweep runs while it waits. */
export function planRenewalJobId(tenantId: string, dueAt: Date): string {
  return `plan-renewal-${tenantId}-${dueAt.getTime()}`
}
