import type Stripe from 'stripe'
import { orderPathFor } from '#server/checkout/receipt-email'
import type { Tenant } from '#server/tenancy/tenant'
import { readStripeAccount } from './stripe-account'
import { asksForWhatIsDue, CARD_PAYMENT_MESSAGES, recordAttempt, startsRecurringMembership, type CheckoutStart, type PayableInvoice } from './payable-invoice'
import { invoiceNumberText } from '#server/checkout/order-view'
import { settlePayment, type PaymentPlatform, type ProviderOutcome, type Settlement } from './settle-payment'
import { stripeFor } from './stripe-client'
import { refundOnStripe, stripeIdOf } from './studio-stripe'
import { stripeCustomerFor } from './stripe-customer'
import { keepCardOfIntent } from './stripe-intent'

export { CARD_PAYMENT_MESSAGES, type CheckoutStart } from './payable-invoice'

/**
 * Sends the buyer to Stripe's hosted payment page for a pending invoice (the path that works
 * without JavaScript). The session is made on the studio's connected account, for the
 * invoice's total, with the platform's fee; its idempotency key names the invoice and the
 * attempt, so a double-clicked Pay opens one session. A session still open is reused; one
 * that Stripe has closed is settled first, so Pay after a payment whose webhook is late shows
 * the paid order instead of charging twice.
 */
export async function startStripeCheckout(platform: PaymentPlatform, tenant: Tenant, found: PayableInvoice, input: { origin: string; now: Date }): Promise<CheckoutStart> {
  const stripe = stripeFor(platform.env)
  const account = await readStripeAccount(platform, tenant.id)
  if (!stripe || !account || !account.isIntegrated) return { kind: 'refused', message: CARD_PAYMENT_MESSAGES.notTaken }
  const { invoice, lines, attempts } = found
  const orderUrl = `${input.origin}${orderPathFor(invoice.guid)}`

  const open = attempts.find(
    (attempt) => attempt.provider === 'STRIPE' && attempt.status === 'open' && attempt.account_id === account.accountId && attempt.checkout_ref.startsWith('cs_') && asksForWhatIsDue(attempt, found),
  )
  if (open) {
    try {
      const session = await stripe.checkout.sessions.retrieve(open.checkout_ref, {}, { stripeAccount: account.accountId })
      if (session.status === 'open' && session.url) return { kind: 'redirect', url: session.url }
      const settled = await settleStripeSession(platform, tenant, snapshotOf(session), { origin: input.origin, now: input.now })
      if (settled !== 'expired') return { kind: 'redirect', url: orderUrl }
    } catch (error) {
      platform.logger.warn({ err: error, session: open.checkout_ref }, 'an open Stripe session could not be read; opening another')
    }
  }

  const totalMinor = invoice.dueMinor
  const feeMinor = Math.round((totalMinor * platform.env.STRIPE_PLATFORM_FEE_PERCENT) / 100)
  const metadata = { tenantId: tenant.id, invoiceGuid: invoice.guid }
  let session: Stripe.Checkout.Session
  try {
    // A recurring membership keeps the card that pays it for its later periods (decision 119), on the contact's customer.
    const customer = startsRecurringMembership(found)
      ? await stripeCustomerFor(platform, stripe, {
          tenantId: tenant.id,
          account: account.accountId,
          contactId: invoice.contactId,
          email: invoice.email,
          name: `${invoice.firstName} ${invoice.lastName}`,
        })
      : null
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        // Each line at its total (discount, card fees and tax included), so Stripe's sum is the invoice's.
        // A partly paid invoice is one line of its balance.
        line_items: isWhollyDue(found)
          ? lines.map((line) => ({
              quantity: 1,
              price_data: {
                currency: invoice.currency.toLowerCase(),
                unit_amount: Number(line.total_minor),
                product_data: { name: lineName(line) },
              },
            }))
          : [{ quantity: 1, price_data: { currency: invoice.currency.toLowerCase(), unit_amount: totalMinor, product_data: { name: `Balance of invoice ${invoiceNumberText(invoice.number)}` } } }],
        success_url: `${orderUrl}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: orderUrl,
        client_reference_id: invoice.guid,
        ...(customer ? { customer } : { customer_email: invoice.email }),
        metadata,
        payment_intent_data: {
          metadata: customer ? { ...metadata, contactId: invoice.contactId } : metadata,
          ...(customer ? { setup_future_usage: 'off_session' as const } : {}),
          ...(feeMinor > 0 ? { application_fee_amount: feeMinor } : {}),
        },
      },
      { stripeAccount: account.accountId, idempotencyKey: `invoice-${invoice.guid}-attempt-${attempts.length + 1}` },
    )
  } catch (error) {
    platform.logger.error({ err: error, invoice: invoice.guid }, 'a Stripe Checkout Session could not be made')
    return { kind: 'refused', message: CARD_PAYMENT_MESSAGES.providerDown }
  }
  if (!session.url) return { kind: 'refused', message: CARD_PAYMENT_MESSAGES.providerDown }
  // The same key twice at once answers the same session: one row.
  await recordAttempt(platform, tenant.id, {
    invoiceId: invoice.id,
    provider: 'STRIPE',
    accountId: account.accountId,
    checkoutRef: session.id,
    amountMinor: totalMinor,
    currency: invoice.currency,
    now: input.now,
  })
  return { kind: 'redirect', url: session.url }
}

function lineName(line: { item_name: string; option_name: string | null; quantity: number }): string {
  const option = line.option_name && line.option_name !== line.item_name ? ` (${line.option_name})` : ''
  return `${line.quantity > 1 ? `${line.quantity} × ` : ''}${line.item_name}${option}`.slice(0, 250)
}

/** A Checkout Session as settling needs it: from Stripe's answer or from a signed event. */
export interface SessionSnapshot {
  id: string
  /** Set when the session keeps the card for a customer (a recurring membership's first payment). */
  customer: string | null
  status: string | null
  paymentStatus: string
  paymentIntent: string | null
  amountTotal: number | null
  currency: string | null
}

export function snapshotOf(session: Stripe.Checkout.Session): SessionSnapshot {
  return {
    id: session.id,
    customer: stripeIdOf(session.customer),
    status: session.status,
    paymentStatus: session.payment_status,
    paymentIntent: stripeIdOf(session.payment_intent),
    amountTotal: session.amount_total,
    currency: session.currency,
  }
}

export type { Settlement } from './settle-payment'

/** What Stripe says of a session, in the terms settling uses. */
function outcomeOf(snapshot: SessionSnapshot): ProviderOutcome {
  const state = snapshot.status === 'expired' ? 'expired' : snapshot.paymentStatus === 'paid' ? 'paid' : 'waiting'
  return { state, amountMinor: snapshot.amountTotal, currency: snapshot.currency, paymentRef: snapshot.paymentIntent }
}

/**
 * Records what Stripe says of a session (settle-payment.ts): from the buyer's return, the
 * webhook or a repeat of either. A refund is made on the account the payment went to, once
 * (its idempotency key names the session).
 */
export async function settleStripeSession(platform: PaymentPlatform, tenant: Tenant, snapshot: SessionSnapshot, input: { origin: string; now: Date }): Promise<Settlement> {
  const settled = await settlePayment(platform, tenant, { provider: 'STRIPE', checkoutRef: snapshot.id }, outcomeOf(snapshot), {
    ...input,
    refund: refundOnStripe(platform),
  })
  // The card a membership's first payment kept on the customer is read from its intent and kept here too.
  if ((settled === 'paid' || settled === 'already-settled') && snapshot.customer && snapshot.paymentIntent) await keepCardOfIntent(platform, tenant, snapshot.paymentIntent, input.now)
  return settled
}

/**
 * The buyer is back from Stripe's page with a session id in the address: the id is only a
 * hint, so the session is read from Stripe on the studio's account and must name this invoice.
 * Anything unreadable is left to the webhook; the page shows the order as it stands.
 */
export async function settleReturnedSession(platform: PaymentPlatform, tenant: Tenant, input: { invoiceGuid: string; sessionId: string; origin: string; now: Date }): Promise<Settlement> {
  if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(input.sessionId)) return 'unknown'
  const stripe = stripeFor(platform.env)
  const account = await readStripeAccount(platform, tenant.id)
  if (!stripe || !account) return 'unknown'
  let session: Stripe.Checkout.Session
  try {
    session = await stripe.checkout.sessions.retrieve(input.sessionId, {}, { stripeAccount: account.accountId })
  } catch (error) {
    platform.logger.warn({ err: error, session: input.sessionId }, 'a returning Stripe session could not be read; the webhook will settle it')
    return 'unknown'
  }
  if (session.metadata?.invoiceGuid !== input.invoiceGuid) return 'unknown'
  return settleStripeSession(platform, tenant, snapshotOf(session), { origin: input.origin, now: input.now })
}

/** Whether the invoice owes all its lines (nothing was paid on it yet). */
function isWhollyDue(found: PayableInvoice): boolean {
  return found.lines.reduce((sum, line) => sum + Number(line.total_minor), 0) === found.invoice.dueMinor
}
