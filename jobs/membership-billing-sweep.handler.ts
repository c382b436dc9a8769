import { queueDueMemberships } from '#server/memberships/due-memberships'
import type { membershipBillingSweepJob } from './membership-billing-sweep'
import type { JobHandler } from './runtime/registry'

export const handleMembershipBillingSweep: JobHandler<typeof membershipBillingSweepJob> = async (_payload, platform) => {
  await queueDueMemberships(platform, platform.clock.now())
}
