import { billMemberships, MembershipChargesFailed, postponeBilling } from '#server/memberships/bill-membership'
import type { membershipChargeJob } from './membership-charge'
import type { JobHandler } from './runtime/registry'

export const handleMembershipCharge: JobHandler<typeof membershipChargeJob> = async (payload, platform, context) => {
  try {
    await billMemberships(platform, { ...payload, now: platform.clock.now() })
  } catch (error) {
    // The provider or the database failed on every try: the periods still due wait, uncounted, and the sweep queues them again.
    if (context.isLastAttempt) {
      const membershipIds = error instanceof MembershipChargesFailed ? error.failures.map((failure) => failure.membershipId) : payload.membershipIds
      await postponeBilling(platform, { tenantId: payload.tenantId, membershipIds, now: platform.clock.now() })
    }
    throw error
  }
}
