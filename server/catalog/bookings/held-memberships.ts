import type { TenantExecutor } from '#db/tenant-scope'
import type { HeldMembershipForBooking } from './booking-rules'

/** The memberships a contact holds that may still book (active or in a trial), for the booking rules. */
export async function selectBookingMemberships(trx: TenantExecutor, contactId: string): Promise<HeldMembershipForBooking[]> {
  const rows = await trx
    .selectFrom('contact_memberships')
    .select(['id', 'name', 'membership_type', 'status', 'credits_left', 'credits_total', 'expires_at', 'trial_ends_at'])
    .where('contact_id', '=', contactId)
    .where('status', 'in', ['active', 'trial'])
    // A gift on repeat is billed like a membership but books nothing.
    .where('is_gift', '=', false)
    .execute()
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    membershipType: row.membership_type,
    status: row.status,
    creditsLeft: row.credits_left,
    creditsTotal: row.credits_total,
    expiresAt: row.expires_at,
    trialEndsAt: row.trial_ends_at,
  }))
}
