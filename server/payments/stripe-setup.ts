import Stripe from 'stripe'
import { withTenant } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { readActiveProvider } from './active-provider'
import type { PaymentPlatform } from './settle-payment'
import { stripeFor } from './stripe-client'
import { keepStripeCard, stripeCustomerFor } from './stripe-customer'

export const ADD_CARD_MESSAGES = {
  notTaken: 'Cards can be saved while the studio takes card payments through Stripe.',
  providerDown: 'The card form could not be opened. Please try again.',
  added: 'The card is saved for your next payment.',
  notAdded: 'The card was not saved. Please try again.',
} as const

type SetupPlatform = PaymentPlatform & Parameters<typeof readActiveProvider>[0]

export type SetupStart = { kind: 'confirm'; clientSecret: string } | { kind: 'refused'; status: 409 | 503; message: string }

/**
 * A SetupIntent for the signed-in contact's Stripe customer on the studio's account (spec:
 * transactional payload setupIntent): the profile's Add a card confirms it in the page with
 * Stripe.js, and the card is kept off session for later payments. Nothing is charged.
 */
export async function startStripeSetup(platform: SetupPlatform, tenant: Tenant, input: { contactId: string }): Promise<SetupStart> {
  const active = await readActiveProvider(platform, tenant.id)
  const stripe = stripeFor(platform.env)
  if (active?.provider !== 'STRIPE' || !stripe) return { kind: 'refused', status: 409, message: ADD_CARD_MESSAGES.notTaken }
  const contact = await withTenant(platform.database, tenant.id, (trx) => trx.selectFrom('contacts').select(['first_name', 'last_name', 'email']).where('id', '=', input.contactId).executeTakeFirst())
  if (!contact?.email) return { kind: 'refused', status: 409, message: ADD_CARD_MESSAGES.notTaken }
  try {
    const customer = await stripeCustomerFor(platform, stripe, {
      tenantId: tenant.id,
      account: active.accountId,
      contactId: input.contactId,
      email: contact.email,
      name: `${contact.first_name} ${contact.last_name}`,
    })
    const setup = await stripe.setupIntents.create(
      { customer, usage: 'off_session', allowed_payment_method_types: ['card'], metadata: { tenantId: tenant.id, contactId: input.contactId } },
      { stripeAccount: active.accountId },
    )
    if (!setup.client_secret) throw new Error('Stripe answered a SetupIntent without a client secret')
    return { kind: 'confirm', clientSecret: setup.client_secret }
  } catch (error) {
    platform.logger.error({ err: error }, 'a Stripe SetupIntent could not be made')
    return { kind: 'refused', status: 503, message: ADD_CARD_MESSAGES.providerDown }
  }
}

/**
 * Add a card without JavaScript: Stripe's hosted page in setup mode for the contact's customer,
 * back to the profile with the session's id. Nothing is charged.
 */
export async function startStripeSetupCheckout(
  platform: SetupPlatform,
  tenant: Tenant,
  input: { contactId: string; origin: string },
): Promise<{ kind: 'redirect'; url: string } | { kind: 'refused'; message: string }> {
  const active = await readActiveProvider(platform, tenant.id)
  const stripe = stripeFor(platform.env)
  if (active?.provider !== 'STRIPE' || !stripe) return { kind: 'refused', message: ADD_CARD_MESSAGES.notTaken }
  const contact = await withTenant(platform.database, tenant.id, (trx) =>
    trx.selectFrom('contacts').select(['first_name', 'last_name', 'email']).where('id', '=', input.contactId).executeTakeFirst(),
  )
  if (!contact?.email) return { kind: 'refused', message: ADD_CARD_MESSAGES.notTaken }
  try {
    const customer = await stripeCustomerFor(platform, stripe, { tenantId: tenant.id, account: active.accountId, contactId: input.contactId, email: contact.email, name: `${contact.first_name} ${contact.last_name}` })
    const metadata = { tenantId: tenant.id, contactId: input.contactId }
    const session = await stripe.checkout.sessions.create(
      {
        mode: 'setup',
        customer,
        currency: (tenant.settings.defaultCurrency || 'USD').toLowerCase(),
        success_url: `${input.origin}/profile?setup_session={CHECKOUT_SESSION_ID}`,
        cancel_url: `${input.origin}/profile`,
        metadata,
        setup_intent_data: { metadata },
      },
      { stripeAccount: active.accountId },
    )
    if (!session.url) throw new Error('Stripe answered a setup session without its page')
    return { kind: 'redirect', url: session.url }
  } catch (error) {
    platform.logger.error({ err: error }, 'a Stripe setup session could not be made')
    return { kind: 'refused', message: ADD_CARD_MESSAGES.providerDown }
  }
}

/** Back from Stripe's hosted setup page: the session (read back from Stripe, and the contact's own) names the SetupIntent to keep. */
export async function keepHostedSetupCard(platform: SetupPlatform, tenant: Tenant, input: { sessionId: string; contactId: string; now: Date }): Promise<boolean> {
  if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(input.sessionId)) return false
  const active = await readActiveProvider(platform, tenant.id)
  const stripe = stripeFor(platform.env)
  if (active?.provider !== 'STRIPE' || !stripe) return false
  let session: Stripe.Checkout.Session
  try {
    session = await stripe.checkout.sessions.retrieve(input.sessionId, {}, { stripeAccount: active.accountId })
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) platform.logger.warn({ err: error }, 'a returning setup session could not be read')
    return false
  }
  const setupIntentId = typeof session.setup_intent === 'string' ? session.setup_intent : (session.setup_intent?.id ?? null)
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
  const active = await readActiveProvider(platform, tenant.id)
  const stripe = stripeFor(platform.env)
  if (active?.provider !== 'STRIPE' || !stripe) return false
  let setup: Stripe.SetupIntent
  try {
    setup = await stripe.setupIntents.retrieve(input.setupIntentId, {}, { stripeAccount: active.accountId })
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) platform.logger.warn({ err: error }, 'a returning SetupIntent could not be read')
    return false
  }
  const contactId = setup.metadata?.contactId
  if (setup.metadata?.tenantId !== tenant.id || !contactId || (input.contactId !== null && contactId !== input.contactId)) return false
  const customer = typeof setup.customer === 'string' ? setup.customer : setup.customer?.id ?? null
  const methodId = typeof setup.payment_method === 'string' ? setup.payment_method : setup.payment_method?.id ?? null
  if (setup.status !== 'succeeded' || !customer || !methodId) return false
  return keepStripeCard(platform, stripe, { tenantId: tenant.id, account: active.accountId, customer, methodId, contactId, now: input.now })
}
