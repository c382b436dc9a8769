import Stripe from 'stripe'
import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Tenant } from '#server/tenancy/tenant'
import { paymentSpringFor, PaymentSpringRefusal } from './paymentspring-client'
import { readProviderCredentials } from './provider-keys'
import type { PaymentPlatform } from './settle-payment'
import { stripeFor } from './stripe-client'

export const SAVED_CARD_MESSAGES = {
  removed: 'The card is removed.',
  gone: 'That card is no longer saved.',
  providerDown: 'The card could not be removed right now. Please try again.',
} as const

/**
 * Removes a card or account the contact kept: first at the provider (Stripe detaches the
 * payment method from the contact's customer; PaymentSpring deletes the customer that is the
 * card), then here, so a card the buyer removed is neither offered nor chargeable. One the
 * provider no longer knows, or kept under keys the studio has since replaced, is only
 * forgotten here. Only the contact's own: anyone else's id is unknown.
 */
export async function removeSavedPaymentMethod(
  platform: PaymentPlatform,
  tenant: Tenant,
  input: { id: string; contactId: string },
): Promise<WordedResult<{ message: string }, 'not_found' | 'conflict'>> {
  if (!/^[0-9a-f-]{36}$/i.test(input.id)) return err('not_found', SAVED_CARD_MESSAGES.gone)
  const row = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .selectFrom('saved_payment_methods')
      .select(['id', 'provider', 'account_id', 'customer_ref', 'method_ref'])
      .where('id', '=', input.id)
      .where('contact_id', '=', input.contactId)
      .executeTakeFirst(),
  )
  if (!row) return err('not_found', SAVED_CARD_MESSAGES.gone)
  try {
    if (row.provider === 'STRIPE' && row.method_ref) {
      const stripe = stripeFor(platform.env)
      if (stripe) await stripe.paymentMethods.detach(row.method_ref, {}, { stripeAccount: row.account_id })
    } else if (row.provider === 'PSPRING') {
      const credentials = await readProviderCredentials(platform, tenant.id, 'PSPRING')
      if (credentials && credentials.apiKey === row.account_id) await paymentSpringFor(platform.env, credentials).deleteCustomer(row.customer_ref)
    }
  } catch (error) {
    // Stripe says a method it does not have or that is detached already; PaymentSpring refuses a delete only for a customer it does not have.
    const alreadyGone = (error instanceof Stripe.errors.StripeError && (error.code === 'resource_missing' || /not attached/i.test(error.message))) || error instanceof PaymentSpringRefusal
    if (!alreadyGone) {
      platform.logger.warn({ err: error, provider: row.provider }, 'a kept card could not be removed at its provider')
      return err('conflict', SAVED_CARD_MESSAGES.providerDown)
    }
  }
  await withTenant(platform.database, tenant.id, (trx) => trx.deleteFrom('saved_payment_methods').where('id', '=', row.id).execute())
  platform.caches.changed(tenant.id, ['memberships'])
  return ok({ message: SAVED_CARD_MESSAGES.removed })
}
