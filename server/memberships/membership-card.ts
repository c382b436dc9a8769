import type { TenantExecutor } from '#db/tenant-scope'
import { RETRY_AFTER_DAYS } from './billing-schedule'

/**
 * A card the member has just kept on Stripe becomes the card of their recurring memberships
 * that have none, or whose card was refused: a membership in dunning, or suspended, is tried
 * again on the next sweep (a recovered card clears it). Another refusal then suspends it again
 * at once, as after the last retry.
 */
export async function giveCardToMemberships(trx: TenantExecutor, input: { contactId: string; methodId: string; now: Date }): Promise<number> {
  const given = await trx
    .updateTable('contact_memberships')
    .set({ payment_method_id: input.methodId, updated_at: input.now })
    .where('contact_id', '=', input.contactId)
    .where('membership_type', '=', 'recurring')
    .where('status', 'in', ['trial', 'active', 'suspended'])
    .where('next_billing_at', 'is not', null)
    .where((eb) => eb.or([eb('payment_method_id', 'is', null), eb('failed_charges', '>', 0), eb('status', '=', 'suspended')]))
    .executeTakeFirst()
  await trx
    .updateTable('contact_memberships')
    .set((eb) => ({
      status: 'active',
      suspended_at: null,
      billing_retry_at: input.now,
      failed_charges: eb.fn('least', [eb.ref('failed_charges'), eb.val(RETRY_AFTER_DAYS.length)]),
      updated_at: input.now,
    }))
    .where('contact_id', '=', input.contactId)
    .where('payment_method_id', '=', input.methodId)
    .where('next_billing_at', 'is not', null)
    .where((eb) => eb.or([eb('failed_charges', '>', 0), eb('status', '=', 'suspended')]))
    .execute()
  return Number(given.numUpdatedRows)
}
