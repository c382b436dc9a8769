import { renewPlan } from '#server/plans/plan-renewal'
import type { planRenewalJob } from './plan-renewal'
import type { JobHandler } from './runtime/registry'

export const handlePlanRenewal: JobHandler<typeof planRenewalJob> = async (payload, platform) => {
  // Stripe or the network failing throws: the job's next try sends the same key, and after the last the sweep queues it again.
  await renewPlan(platform, { tenantId: payload.tenantId, now: platform.clock.now() })
}
