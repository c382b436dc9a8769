import Stripe from 'stripe'
import { withTenant } from '#db/tenant-scope'
import { APP_ERROR_STATUS } from '#server/errors/error-codes'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Tenant } from '#server/tenancy/tenant'
import type { readActiveProvider } from './active-provider'
import type { PaymentPlatform } from './settle-payment'
import { stripeIdOf, studioStripe, type StudioStripe } from './studio-stripe'
import { keepStripeCard, stripeCustomerFor } from './stripe-customer'

export const ADD_CARD_MESSAGES = {
  notTaken: 'Cards can be saved while the studio takes card payments through Stripe.',
  providerDown: 'The card form could not be opened. Please try again.',
  added: 'The card is saved for your next payment.',
  notAdded: 'The card was not saved. Please try again.',
  keptForMembership: "The card is kept for your membership's payments.",
  noMembershipWaiting: 'This order has no membership waiting for a card.',
  signInAgain: 'Please sign in again to save a card.',
} as const

type SetupPlatform = PaymentPlatform & Parameters<typeof readActiveProvider>[0]

export type SetupStart = { kind: 'confirm'; clientSecret: string } | { kind: 'refused'; status: 409 | 503; message: string }

/**
 * Starts saving a card for the signed-in contact, on the studio's Stripe account and for the
 * contact's Stripe customer there (made on first use): `open` makes what the buyer confirms.
 * Refused in words when the studio does not take Stripe payments or Stripe does not answer.
 */
async function startSaving<T>(
  platform: SetupPlatform,
  tenant: Tenant,
  contactId: string,
  open: (studio: StudioStripe & { customer: string; metadata: { tenantId: string; contactId: string } }) => Promise<T>,
): Promise<WordedResult<T, 'conflict' | 'unavailable'>> {
  const studio = await studioStripe(platform, tenant.id)
  if (!studio) return err('conflict', ADD_CARD_MESSAGES.notTaken)
  const contact = await withTenant(platform.database, tenant.id, (trx) => trx.selectFrom('contacts').select(['first_name', 'last_name', 'email']).where('id', '=', contactId).executeTakeFirst())
  if (!contact?.email) return err('conflict', ADD_CARD_MESSAGES.notTaken)
  try {
    const customer = await stripeCustomerFor(platform, studio.stripe, {
      tenantId: tenant.id,
      account: studio.account,
      contactId,
      email: contact.email,
      name: `${contact.first_name} ${contact.last_name}`,
    })
    return ok(await open({ ...studio, customer, metadata: { tenantId: tenant.id, contactId } }))
  } catch (error) {
    platform.logger.error({ err: error }, 'saving a card could not be started on Stripe')
    return err('unavailable', ADD_CARD_MESSAGES.providerDown)
  }
}

/**
 * A SetupIntent (spec: transactional payload setupIntent): the profile's Add a card confirms it
 * in the page with Stripe.js, and the card is kept off session for later payments. Nothing is charged.
 */
export async function startStripeSetup(platform: SetupPlatform, tenant: Tenant, input: { contactId: string }): Promise<SetupStart> {
  const started = await startSaving(platform, tenant, input.contactId, async ({ stripe, account, customer, metadata }) => {
    const setup = await stripe.setupIntents.create({ customer, usage: 'off_session', allowed_payment_method_types: ['card'], metadata }, { stripeAccount: account })
    if (!setup.client_secret) throw new Error('Stripe answered a SetupIntent without a client secret')
    return setup.client_secret
  })
  return started.ok ? { kind: 'confirm', clientSecret: started.value } : { kind: 'refused', status: APP_ERROR_STATUS[started.error], message: started.message }
}

/**
 * Add a card without JavaScript: Stripe's hosted page in setup mode for the contact's customer,
 * back to the profile with the session's id. Nothing is charged.
 */
export async function startStripeSetupCheckout(
  platform: SetupPlatform,
  tenant: Tenant,
  /** `returnPath`: where the buyer comes back (the profile, or an order's page asking for a membership's card). */
  input: { contactId: string; origin: string; returnPath?: string },
): Promise<{ kind: 'redirect'; url: string } | { kind: 'refused'; message: string }> {
  const back = `${input.origin}${input.returnPath ?? '/profile'}`
  const started = await startSaving(platform, tenant, input.contactId, async ({ stripe, account, customer, metadata }) => {
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'setup',
        customer,
        currency: (tenant.settings.defaultCurrency || 'USD').toLowerCase(),
        success_url: `${back}?setup_session={CHECKOUT_SESSION_ID}`,
        cancel_url: back,
        metadata,
        setup_intent_data: { metadata },
      },
      { stripeAccount: account },
    )
    if (!session.url) throw new Error('Stripe answered a setup session without its page')
    return session.url
  })
  return started.ok ? { kind: 'redirect', url: started.value } : { kind: 'refused', message: started.message }
}

/** Back from Stripe's hosted setup page: the session (read back from Stripe, and the contact's own) names the SetupIntent to keep. */
export async function keepHostedSetupCard(platform: SetupPlatform, tenant: Tenant, input: { sessionId: string; contactId: string; now: Date }): Promise<boolean> {
  if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(input.sessionId)) return false
  const studio = await studioStripe(platform, tenant.id)
  if (!studio) return false
  let session: Stripe.Checkout.Session
  try {
    session = await studio.stripe.checkout.sessions.retrieve(input.sessionId, {}, { stripeAccount: studio.account })
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) platform.logger.warn({ err: error }, 'a returning setup session could not be read')
    return false
  }
  const setupIntentId = stripeIdOf(session.setup_intent)
  if (session.mode !== 'setup' || session.metadata?.contactId !== input.contactId || !setupIntentId) return false
  return keepSetupCard(platform, tenant, { setupIntentId, contactId: input.contactId, now: input.now })
}

/**
 * Keeps the card of a succeeded SetupIntent: from the profile the buyer came back to (the id
 * there is only a hint, read back from Stripe and checked against the contact) or from the
 * webhook. Answers whether a card is now kept.
 */
export async function keepSetupCard(platform: SetupPlatform, tenant: Tenant, input: { setupIntentId: string; contactId: string | null; now: Date }): Promise<boolean> {
  if (!/^seti_[A-Za-z0-9_]{1,250}$/.test(input.setupIntentId)) return false
  const studio = await studioStripe(platform, tenant.id)
  if (!studio) return false
  let setup: Stripe.SetupIntent
  try {
    setup = await studio.stripe.setupIntents.retrieve(input.setupIntentId, {}, { stripeAccount: studio.account })
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) platform.logger.warn({ err: error }, 'a returning SetupIntent could not be read')
    return false
  }
  const contactId = setup.metadata?.contactId
  if (setup.metadata?.tenantId !== tenant.id || !contactId || (input.contactId !== null && contactId !== input.contactId)) return false
  const customer = stripeIdOf(setup.customer)
  const methodId = stripeIdOf(setup.payment_method)
  if (setup.status !== 'succeeded' || !customer || !methodId) return false
  return keepStripeCard(platform, studio.stripe, { tenantId: tenant.id, account: studio.account, customer, methodId, contactId, now: input.now })
}
