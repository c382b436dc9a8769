import { queueDuePlanRenewals } from '#server/plans/plan-renewal'
import type { planRenewalSweepJob } from './plan-renewal-sweep'
import type { JobHandler } from './runtime/registry'

export const handlePlanRenewalSweep: JobHandler<typeof planRenewalSweepJob> = async (_payload, platform) => {
  await queueDuePlanRenewals(platform, platform.clock.now())
}
