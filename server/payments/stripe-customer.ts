import { createHash } from 'node:crypto'
import type Stripe from 'stripe'
import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import { keepSavedPaymentMethod } from './saved-payment-methods'

/**
 * The contact's Stripe customer on the studio's connected account: the one its kept cards hang
 * on, or a new one. The idempotency key names the contact, the account and what the customer
 * is made with, so two tabs saving at once make one customer.
 */
export async function stripeCustomerFor(
  platform: Pick<Platform, 'database'>,
  stripe: Stripe,
  input: { tenantId: string; account: string; contactId: string; email: string; name: string },
): Promise<string> {
  const kept = await withTenant(platform.database, input.tenantId, (trx) =>
    trx
      .selectFrom('saved_payment_methods')
      .select('customer_ref')
      .where('contact_id', '=', input.contactId)
      .where('provider', '=', 'STRIPE')
      .where('account_id', '=', input.account)
      .orderBy('created_at', 'desc')
      .executeTakeFirst(),
  )
  if (kept) return kept.customer_ref
  const name = input.name.trim().slice(0, 250)
  const made = createHash('sha256').update(`${input.email}\n${name}`).digest('hex').slice(0, 16)
  const customer = await stripe.customers.create(
    { email: input.email, name, metadata: { tenantId: input.tenantId, contactId: input.contactId } },
    { stripeAccount: input.account, idempotencyKey: `customer-${input.tenantId}-${input.contactId}-${input.account}-${made}` },
  )
  return customer.id
}

/**
 * Keeps a card Stripe attached to the contact's customer (a payment with 'Save for my next
 * payment', or a card added on the profile): what the buyer recognises it by, never its number.
 * Answers whether it is kept; the same card twice stays one row.
 */
export async function keepStripeCard(
  platform: Pick<Platform, 'database' | 'caches'>,
  stripe: Stripe,
  input: { tenantId: string; account: string; customer: string; methodId: string; contactId: string; now: Date },
): Promise<boolean> {
  const method = await stripe.paymentMethods.retrieve(input.methodId, {}, { stripeAccount: input.account })
  if (!method.card || method.customer !== input.customer) return false
  await keepSavedPaymentMethod(platform, input.tenantId, {
    contactId: input.contactId,
    provider: 'STRIPE',
    accountId: input.account,
    customerRef: input.customer,
    methodRef: method.id,
    kind: 'card',
    brand: method.card.brand,
    last4: method.card.last4,
    expMonth: method.card.exp_month,
    expYear: method.card.exp_year,
    now: input.now,
  })
  return true
}
