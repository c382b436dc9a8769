import { billMembership, postponeBilling } from '#server/memberships/bill-membership'
import type { membershipChargeJob } from './membership-charge'
import type { JobHandler } from './runtime/registry'

export const handleMembershipCharge: JobHandler<typeof membershipChargeJob> = async (payload, platform, context) => {
  try {
    await billMembership(platform, { ...payload, now: platform.clock.now() })
  } catch (error) {
    // The provider or the database failed on every try: the period waits, uncounted, and the sweep queues it again.
    if (context.isLastAttempt) await postponeBilling(platform, { ...payload, now: platform.clock.now() })
    throw error
  }
}
