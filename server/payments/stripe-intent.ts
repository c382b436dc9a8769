import Stripe from 'stripe'
import type { Tenant } from '#server/tenancy/tenant'
import type { readActiveProvider } from './active-provider'
import { asksForWhatIsDue, awaitsPayment, CARD_PAYMENT_MESSAGES, loadPayableInvoice, startsRecurringMembership, recordAttempt, type PayableInvoice } from './payable-invoice'
import { findSavedPaymentMethod } from './saved-payment-methods'
import { settlePaidAttempts, settlePayment, type PaymentPlatform, type ProviderOutcome, type Settlement } from './settle-payment'
import { refundOnStripe, stripeIdOf, studioStripe, type StudioStripe } from './studio-stripe'
import { keepStripeCard, stripeCustomerFor } from './stripe-customer'

export const STRIPE_CARD_MESSAGES = {
  savedCardGone: 'That saved card is no longer available. Choose another card or None/other.',
  cardRefused: 'Your card was declined.',
  notUnderstood: 'The payment request was not understood. Please reload the page and try again.',
  orderNotFound: 'Order not found',
} as const

/** What the buyer's page does next with a PaymentIntent. */
export type IntentStart =
  /** Confirm this intent in the page with the card typed into the Payment Element. */
  | { kind: 'confirm'; clientSecret: string; intentId: string }
  /** A saved card was charged and the order is settled. */
  | { kind: 'paid'; intentId: string }
  /** A saved card needs the buyer (3-D Secure): Stripe.js handles the next action. */
  | { kind: 'action'; clientSecret: string; intentId: string }
  | { kind: 'refused'; status: 400 | 402 | 409 | 503; message: string }
  | { kind: 'not-found' }

type IntentPlatform = PaymentPlatform & Parameters<typeof readActiveProvider>[0]

/**
 * The PaymentIntent behind the Payment Element on a pending order (spec: payment intent
 * payload). A new card: an intent for the invoice's total on the studio's connected account
 * with the platform's fee, confirmed by Stripe.js in the buyer's browser; an open one is reused
 * (updated when 'Save for my next payment' changed), so a double-clicked Pay charges once. A
 * saved card: the intent is recorded first and then confirmed here, so a crash between the
 * charge and our write still leaves an attempt for the webhook to settle.
 */
export async function startStripeIntent(
  platform: IntentPlatform,
  tenant: Tenant,
  input: { invoiceGuid: string; saveCard: boolean; methodId: string | null; signedInContactId: string | null; origin: string; now: Date },
): Promise<IntentStart> {
  const found = await loadPayableInvoice(platform, tenant.id, input.invoiceGuid)
  if (!found) return { kind: 'not-found' }
  const studio = await studioStripe(platform, tenant.id)
  if (!studio) return { kind: 'refused', status: 409, message: CARD_PAYMENT_MESSAGES.notTaken }
  const { stripe, account } = studio
  if (!awaitsPayment(found.invoice.status) || found.invoice.dueMinor <= 0) return { kind: 'refused', status: 409, message: CARD_PAYMENT_MESSAGES.notPending }
  // Cards are kept for, and offered to, the order's own contact while signed in; a recurring
  // membership keeps the card that pays it for its later periods, whoever pays.
  const contactId = input.signedInContactId !== null && input.signedInContactId === found.invoice.contactId ? input.signedInContactId : null
  const keepsCardFor = startsRecurringMembership(found) ? found.invoice.contactId : input.saveCard ? contactId : null
  try {
    if (input.methodId !== null) {
      if (!contactId) return { kind: 'refused', status: 400, message: STRIPE_CARD_MESSAGES.savedCardGone }
      return await payWithSavedCard(platform, tenant, stripe, found, { account, contactId, methodId: input.methodId, origin: input.origin, now: input.now })
    }
    return await intentForNewCard(platform, tenant, stripe, found, { account, contactId: keepsCardFor, origin: input.origin, now: input.now })
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) return { kind: 'refused', status: 402, message: error.message || STRIPE_CARD_MESSAGES.cardRefused }
    platform.logger.error({ err: error, invoice: found.invoice.guid }, 'a Stripe PaymentIntent could not be made')
    return { kind: 'refused', status: 503, message: CARD_PAYMENT_MESSAGES.providerDown }
  }
}

function intentParams(tenant: Tenant, found: PayableInvoice, platform: IntentPlatform, contactId: string | null): Stripe.PaymentIntentCreateParams {
  const { invoice } = found
  const feeMinor = Math.round((invoice.dueMinor * platform.env.STRIPE_PLATFORM_FEE_PERCENT) / 100)
  return {
    amount: invoice.dueMinor,
    currency: invoice.currency.toLowerCase(),
    allowed_payment_method_types: ['card'],
    description: `Order ${invoice.number}`,
    metadata: { tenantId: tenant.id, invoiceGuid: invoice.guid, ...(contactId ? { contactId } : {}) },
    ...(feeMinor > 0 ? { application_fee_amount: feeMinor } : {}),
  }
}

async function intentForNewCard(
  platform: IntentPlatform,
  tenant: Tenant,
  stripe: Stripe,
  found: PayableInvoice,
  input: { account: string; contactId: string | null; origin: string; now: Date },
): Promise<IntentStart> {
  const { invoice, attempts } = found
  const onAccount = { stripeAccount: input.account }
  const wantsSaving = input.contactId !== null
  const open = attempts.find((attempt) => attempt.provider === 'STRIPE' && attempt.status === 'open' && attempt.account_id === input.account && attempt.checkout_ref.startsWith('pi_') && asksForWhatIsDue(attempt, found))
  if (open) {
    const intent = await stripe.paymentIntents.retrieve(open.checkout_ref, {}, onAccount)
    if (intent.status === 'succeeded' || intent.status === 'processing') {
      await settleStripeIntent(platform, tenant, intentSnapshotOf(intent), input)
      return { kind: 'paid', intentId: intent.id }
    }
    if (intent.status === 'requires_payment_method' && intent.client_secret) {
      const saving = intent.setup_future_usage === 'off_session'
      if (saving === wantsSaving) return { kind: 'confirm', clientSecret: intent.client_secret, intentId: intent.id }
      const customer = wantsSaving ? (intent.customer as string | null) ?? (await customerOf(platform, tenant, stripe, found, input)) : undefined
      const updated = await stripe.paymentIntents.update(
        intent.id,
        wantsSaving ? { customer: customer ?? undefined, setup_future_usage: 'off_session', metadata: { contactId: input.contactId ?? '' } } : { setup_future_usage: '' },
        onAccount,
      )
      if (updated.client_secret) return { kind: 'confirm', clientSecret: updated.client_secret, intentId: updated.id }
    }
  }
  const customer = wantsSaving ? await customerOf(platform, tenant, stripe, found, input) : null
  const intent = await stripe.paymentIntents.create(
    { ...intentParams(tenant, found, platform, input.contactId), ...(customer ? { customer, setup_future_usage: 'off_session' } : {}) },
    { ...onAccount, idempotencyKey: `invoice-${invoice.guid}-intent-${attempts.length + 1}${customer ? '-saving' : ''}` },
  )
  await recordIntent(platform, tenant, found, { account: input.account, intentId: intent.id, now: input.now })
  if (!intent.client_secret) throw new Error('Stripe answered a PaymentIntent without a client secret')
  return { kind: 'confirm', clientSecret: intent.client_secret, intentId: intent.id }
}

/** The intent as an open payment attempt of the invoice, before the buyer can pay it: a webhook then always finds it. */
async function recordIntent(platform: IntentPlatform, tenant: Tenant, found: PayableInvoice, input: { account: string; intentId: string; now: Date }): Promise<void> {
  const { invoice } = found
  await recordAttempt(platform, tenant.id, {
    invoiceId: invoice.id,
    provider: 'STRIPE',
    accountId: input.account,
    checkoutRef: input.intentId,
    amountMinor: invoice.dueMinor,
    currency: invoice.currency,
    now: input.now,
  })
}

function customerOf(platform: IntentPlatform, tenant: Tenant, stripe: Stripe, found: PayableInvoice, input: { account: string; contactId: string | null }): Promise<string> {
  if (!input.contactId) throw new Error('a Stripe customer is made for a contact only')
  const { invoice } = found
  return stripeCustomerFor(platform, stripe, { tenantId: tenant.id, account: input.account, contactId: input.contactId, email: invoice.email, name: `${invoice.firstName} ${invoice.lastName}` })
}

async function payWithSavedCard(
  platform: IntentPlatform,
  tenant: Tenant,
  stripe: Stripe,
  found: PayableInvoice,
  input: { account: string; contactId: string; methodId: string; origin: string; now: Date },
): Promise<IntentStart> {
  const saved = await findSavedPaymentMethod(platform, tenant.id, { id: input.methodId, contactId: input.contactId, provider: 'STRIPE', accountId: input.account })
  if (!saved?.methodRef) return { kind: 'refused', status: 400, message: STRIPE_CARD_MESSAGES.savedCardGone }
  const { invoice, attempts } = found
  const onAccount = { stripeAccount: input.account }
  const intent = await stripe.paymentIntents.create(
    {
      ...intentParams(tenant, found, platform, input.contactId),
      customer: saved.customerRef,
      payment_method: saved.methodRef,
      // Kept again once paid, which makes it the card of the membership this order starts.
      ...(startsRecurringMembership(found) ? { setup_future_usage: 'off_session' as const } : {}),
    },
    { ...onAccount, idempotencyKey: `invoice-${invoice.guid}-intent-${attempts.length + 1}-saved-${input.methodId}` },
  )
  await recordIntent(platform, tenant, found, { account: input.account, intentId: intent.id, now: input.now })
  const confirmed =
    intent.status === 'requires_confirmation' || intent.status === 'requires_payment_method'
      ? await stripe.paymentIntents.confirm(intent.id, { payment_method: saved.methodRef }, { ...onAccount, idempotencyKey: `confirm-${intent.id}` })
      : intent
  if (confirmed.status === 'requires_action' && confirmed.client_secret) return { kind: 'action', clientSecret: confirmed.client_secret, intentId: confirmed.id }
  await settleStripeIntent(platform, tenant, intentSnapshotOf(confirmed), input)
  return confirmed.status === 'succeeded' || confirmed.status === 'processing' ? { kind: 'paid', intentId: confirmed.id } : { kind: 'refused', status: 402, message: STRIPE_CARD_MESSAGES.cardRefused }
}

/** A PaymentIntent as settling needs it: from Stripe's answer or from a signed event. */
export interface IntentSnapshot {
  id: string
  status: string
  amount: number
  currency: string
  customer: string | null
  paymentMethod: string | null
  savesCard: boolean
  contactId: string | null
}

export function intentSnapshotOf(intent: Stripe.PaymentIntent): IntentSnapshot {
  return {
    id: intent.id,
    status: intent.status,
    amount: intent.amount_received > 0 ? intent.amount_received : intent.amount,
    currency: intent.currency,
    customer: stripeIdOf(intent.customer),
    paymentMethod: stripeIdOf(intent.payment_method),
    savesCard: intent.setup_future_usage === 'off_session',
    contactId: intent.metadata?.contactId ?? null,
  }
}

function outcomeOf(snapshot: IntentSnapshot): ProviderOutcome {
  const state = snapshot.status === 'succeeded' ? 'paid' : snapshot.status === 'canceled' ? 'expired' : 'waiting'
  return { state, amountMinor: snapshot.amount, currency: snapshot.currency, paymentRef: snapshot.id }
}

/**
 * Records what Stripe says of a PaymentIntent (settle-payment.ts), from the page, the webhook
 * or a repeat of either; a card the buyer asked to keep is kept once paid.
 */
export async function settleStripeIntent(platform: PaymentPlatform, tenant: Tenant, snapshot: IntentSnapshot, input: { origin: string; now: Date }): Promise<Settlement> {
  const settled = await settlePayment(platform, tenant, { provider: 'STRIPE', checkoutRef: snapshot.id }, outcomeOf(snapshot), {
    ...input,
    refund: refundOnStripe(platform),
  })
  if ((settled === 'paid' || settled === 'already-settled') && snapshot.savesCard) await keepPaidCard(platform, tenant, snapshot, input.now)
  return settled
}

/**
 * settleStripeIntent for many intents of one studio at once (membership billing's off-session
 * charges): settled together (settlePaidAttempts); an intent that asked to keep its card is
 * settled on its own, so its card is kept.
 */
export async function settleStripeIntents(platform: PaymentPlatform, tenant: Tenant, snapshots: readonly IntentSnapshot[], input: { origin: string; now: Date }): Promise<Map<string, Settlement>> {
  const together = snapshots.filter((snapshot) => !snapshot.savesCard)
  const settled = await settlePaidAttempts(
    platform,
    tenant,
    together.map((snapshot) => ({ provider: 'STRIPE' as const, checkoutRef: snapshot.id, outcome: outcomeOf(snapshot) })),
    { ...input, refund: refundOnStripe(platform) },
  )
  for (const snapshot of snapshots) {
    if (snapshot.savesCard) settled.set(snapshot.id, await settleStripeIntent(platform, tenant, snapshot, input))
  }
  return settled
}

/** Keeps the card of a paid intent that asked to keep it (a hosted page's payment), read from Stripe. */
export async function keepCardOfIntent(platform: PaymentPlatform, tenant: Tenant, intentId: string, now: Date): Promise<void> {
  const studio = await studioStripe(platform, tenant.id)
  if (!studio) return
  try {
    const intent = await studio.stripe.paymentIntents.retrieve(intentId, {}, { stripeAccount: studio.account })
    const snapshot = intentSnapshotOf(intent)
    if (snapshot.savesCard && snapshot.status === 'succeeded') await keepPaidCard(platform, tenant, snapshot, now, studio)
  } catch (error) {
    platform.logger.warn({ err: error, intent: intentId }, 'a card the buyer asked to keep could not be read from Stripe')
  }
}

/** `known`: the studio's Stripe when the caller has read it already. */
async function keepPaidCard(platform: PaymentPlatform, tenant: Tenant, snapshot: IntentSnapshot, now: Date, known?: StudioStripe): Promise<void> {
  if (!snapshot.customer || !snapshot.paymentMethod || !snapshot.contactId) return
  const studio = known ?? (await studioStripe(platform, tenant.id))
  if (!studio) return
  try {
    await keepStripeCard(platform, studio.stripe, { tenantId: tenant.id, account: studio.account, customer: snapshot.customer, methodId: snapshot.paymentMethod, contactId: snapshot.contactId, now })
  } catch (error) {
    // The payment stands; only the convenience of the kept card is lost, and the next settle tries again.
    platform.logger.warn({ err: error, intent: snapshot.id }, 'a card the buyer asked to keep could not be read from Stripe')
  }
}

/**
 * The buyer is back on the order page with an intent id in the address (after Stripe.js
 * confirmed it, or a redirect from a bank's check): the id is only a hint, so the intent is
 * read from Stripe on the studio's account and must name this invoice.
 */
export async function settleReturnedIntent(platform: IntentPlatform, tenant: Tenant, input: { invoiceGuid: string; intentId: string; origin: string; now: Date }): Promise<Settlement> {
  if (!/^pi_[A-Za-z0-9_]{1,250}$/.test(input.intentId)) return 'unknown'
  const studio = await studioStripe(platform, tenant.id)
  if (!studio) return 'unknown'
  let intent: Stripe.PaymentIntent
  try {
    intent = await studio.stripe.paymentIntents.retrieve(input.intentId, {}, { stripeAccount: studio.account })
  } catch (error) {
    platform.logger.warn({ err: error, intent: input.intentId }, 'a returning PaymentIntent could not be read; the webhook will settle it')
    return 'unknown'
  }
  if (intent.metadata?.invoiceGuid !== input.invoiceGuid) return 'unknown'
  return settleStripeIntent(platform, tenant, intentSnapshotOf(intent), input)
}
