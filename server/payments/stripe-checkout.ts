import { sql } from 'kysely'
import type Stripe from 'stripe'
import { withTenant } from '#db/tenant-scope'
import { giveOfferUseBack } from '#server/checkout/cart-offer'
import { SaleRefused } from '#server/checkout/fulfil-line'
import { orderPathFor, queueReceiptEmail } from '#server/checkout/receipt-email'
import { settlePendingInvoice } from '#server/checkout/settle-invoice'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { readStripeAccount } from './stripe-account'
import { stripeFor } from './stripe-client'

type PaymentPlatform = Pick<Platform, 'database' | 'caches' | 'jobs' | 'env' | 'logger'>

export const CARD_PAYMENT_MESSAGES = {
  notTaken: 'Card payments are not available right now. Please try again later or contact us.',
  providerDown: 'The payment page could not be opened. Please try again.',
  notPending: 'This order is not waiting for a payment.',
} as const

export type CheckoutStart = { kind: 'redirect'; url: string } | { kind: 'refused'; message: string } | { kind: 'not-found' }

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Sends the buyer to Stripe's hosted payment page for a pending invoice (the path that works
 * without JavaScript). The session is made on the studio's connected account, for the
 * invoice's total, with the platform's fee; its idempotency key names the invoice and the
 * attempt, so a double-clicked Pay opens one session. A session still open is reused; one
 * that Stripe has closed is settled first, so Pay after a payment whose webhook is late shows
 * the paid order instead of charging twice.
 */
export async function startStripeCheckout(platform: PaymentPlatform, tenant: Tenant, input: { invoiceGuid: string; origin: string; now: Date }): Promise<CheckoutStart> {
  if (!GUID.test(input.invoiceGuid)) return { kind: 'not-found' }
  const stripe = stripeFor(platform.env)
  const account = await readStripeAccount(platform, tenant.id)
  const found = await withTenant(platform.database, tenant.id, async (trx) => {
    const invoice = await trx
      .selectFrom('invoices')
      .select(['id', 'guid', 'status', 'total_minor', 'currency', 'email'])
      .where('guid', '=', input.invoiceGuid)
      .executeTakeFirst()
    if (!invoice) return null
    const lines = await trx.selectFrom('invoice_lines').select(['item_name', 'option_name', 'quantity', 'total_minor']).where('invoice_id', '=', invoice.id).orderBy('sequence').execute()
    const attempts = await trx.selectFrom('payments').select(['checkout_ref', 'status', 'account_id']).where('invoice_id', '=', invoice.id).orderBy('created_at', 'desc').execute()
    return { invoice, lines, attempts }
  })
  if (!found) return { kind: 'not-found' }
  if (!stripe || !account || !account.isIntegrated) return { kind: 'refused', message: CARD_PAYMENT_MESSAGES.notTaken }
  if (found.invoice.status !== 'pending' || Number(found.invoice.total_minor) <= 0) return { kind: 'refused', message: CARD_PAYMENT_MESSAGES.notPending }
  const { invoice, lines, attempts } = found
  const orderUrl = `${input.origin}${orderPathFor(invoice.guid)}`

  const open = attempts.find((attempt) => attempt.status === 'open' && attempt.account_id === account.accountId)
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

  const totalMinor = Number(invoice.total_minor)
  const feeMinor = Math.round((totalMinor * platform.env.STRIPE_PLATFORM_FEE_PERCENT) / 100)
  const metadata = { tenantId: tenant.id, invoiceGuid: invoice.guid }
  let session: Stripe.Checkout.Session
  try {
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        // Each line at its total (discount, card fees and tax included), so Stripe's sum is the invoice's.
        line_items: lines.map((line) => ({
          quantity: 1,
          price_data: {
            currency: invoice.currency.toLowerCase(),
            unit_amount: Number(line.total_minor),
            product_data: { name: lineName(line) },
          },
        })),
        success_url: `${orderUrl}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: orderUrl,
        client_reference_id: invoice.guid,
        customer_email: invoice.email,
        metadata,
        payment_intent_data: { metadata, ...(feeMinor > 0 ? { application_fee_amount: feeMinor } : {}) },
      },
      { stripeAccount: account.accountId, idempotencyKey: `invoice-${invoice.guid}-attempt-${attempts.length + 1}` },
    )
  } catch (error) {
    platform.logger.error({ err: error, invoice: invoice.guid }, 'a Stripe Checkout Session could not be made')
    return { kind: 'refused', message: CARD_PAYMENT_MESSAGES.providerDown }
  }
  if (!session.url) return { kind: 'refused', message: CARD_PAYMENT_MESSAGES.providerDown }
  await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .insertInto('payments')
      .values({
        tenant_id: tenant.id,
        invoice_id: invoice.id,
        provider: 'STRIPE',
        account_id: account.accountId,
        checkout_ref: session.id,
        amount_minor: totalMinor,
        currency: invoice.currency,
        status: 'open',
        created_at: input.now,
      })
      // The same key twice at once answers the same session: one row.
      .onConflict((conflict) => conflict.columns(['provider', 'checkout_ref']).doNothing())
      .execute(),
  )
  return { kind: 'redirect', url: session.url }
}

function lineName(line: { item_name: string; option_name: string | null; quantity: number }): string {
  const option = line.option_name && line.option_name !== line.item_name ? ` (${line.option_name})` : ''
  return `${line.quantity > 1 ? `${line.quantity} × ` : ''}${line.item_name}${option}`.slice(0, 250)
}

/** A Checkout Session as settling needs it: from Stripe's answer or from a signed event. */
export interface SessionSnapshot {
  id: string
  status: string | null
  paymentStatus: string
  paymentIntent: string | null
  amountTotal: number | null
  currency: string | null
}

export function snapshotOf(session: Stripe.Checkout.Session): SessionSnapshot {
  return {
    id: session.id,
    status: session.status,
    paymentStatus: session.payment_status,
    paymentIntent: typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null),
    amountTotal: session.amount_total,
    currency: session.currency,
  }
}

export type Settlement = 'paid' | 'already-settled' | 'waiting' | 'expired' | 'refunded' | 'unknown'

/**
 * Records what Stripe says of a session, whichever arrives first (the buyer's return, the
 * webhook, a repeat of either): paid gives the buyer the order in one transaction with the
 * invoice locked, so it happens once; an amount that does not match the invoice is not taken.
 * A payment that cannot be kept (the last seat went while the buyer was paying, or the order
 * was already paid through another session) is marked refund_due in that transaction and
 * refunded after it; a refund Stripe did not take is tried again on the next delivery.
 */
export async function settleStripeSession(platform: PaymentPlatform, tenant: Tenant, snapshot: SessionSnapshot, input: { origin: string; now: Date }): Promise<Settlement> {
  let invoiceGuid: string | null = null
  const outcome = await withTenant(platform.database, tenant.id, async (trx): Promise<Settlement> => {
    const payment = await trx.selectFrom('payments').selectAll().where('provider', '=', 'STRIPE').where('checkout_ref', '=', snapshot.id).forUpdate().executeTakeFirst()
    if (!payment) return 'unknown'
    const invoice = await trx.selectFrom('invoices').select(['id', 'guid', 'status', 'offer_id']).where('id', '=', payment.invoice_id).forUpdate().executeTakeFirstOrThrow()
    invoiceGuid = invoice.guid
    if (payment.status === 'refund_due') return 'refunded'
    if (payment.status !== 'open') return 'already-settled'
    if (snapshot.status === 'expired') {
      await trx.updateTable('payments').set({ status: 'expired' }).where('id', '=', payment.id).execute()
      return 'expired'
    }
    if (snapshot.paymentStatus !== 'paid') return 'waiting'
    const matches = snapshot.amountTotal === Number(payment.amount_minor) && (snapshot.currency ?? '').toUpperCase() === payment.currency
    if (!matches) {
      platform.logger.error({ session: snapshot.id, invoice: invoice.guid }, 'a Stripe session was paid for another amount than its invoice; left for staff')
      return 'waiting'
    }
    const refundDue = async (): Promise<Settlement> => {
      await trx.updateTable('payments').set({ status: 'refund_due', payment_ref: snapshot.paymentIntent, paid_at: input.now }).where('id', '=', payment.id).execute()
      return 'refunded'
    }
    // Paid twice (two sessions of one invoice both completed): the second is given back.
    if (invoice.status !== 'pending') return refundDue()
    // A savepoint: a refused line undoes the fulfilment only, and the payment is still recorded.
    await sql`savepoint settle_invoice`.execute(trx)
    try {
      await settlePendingInvoice(trx, tenant, invoice.id, input.now)
      await sql`release savepoint settle_invoice`.execute(trx)
    } catch (error) {
      if (!(error instanceof SaleRefused)) throw error
      await sql`rollback to savepoint settle_invoice`.execute(trx)
      await trx.updateTable('invoices').set({ status: 'void', voided_at: input.now, note: error.refusal.slice(0, 1000), updated_at: input.now }).where('id', '=', invoice.id).execute()
      await giveOfferUseBack(trx, invoice.offer_id)
      return refundDue()
    }
    await trx.updateTable('payments').set({ status: 'paid', payment_ref: snapshot.paymentIntent, paid_at: input.now }).where('id', '=', payment.id).execute()
    return 'paid'
  })
  if (outcome === 'refunded') await refundSession(platform, tenant, snapshot.id, input.now)
  if (outcome === 'paid' && invoiceGuid) {
    platform.caches.changed(tenant.id, ['catalog', 'contacts'])
    await queueReceiptEmail(platform, tenant, { invoiceGuid, origin: input.origin })
  }
  return outcome
}

/** Gives back a payment marked refund_due, on the account it was paid into, once (the idempotency key names the session). */
async function refundSession(platform: PaymentPlatform, tenant: Tenant, sessionId: string, now: Date): Promise<void> {
  const stripe = stripeFor(platform.env)
  const due = await withTenant(platform.database, tenant.id, (trx) =>
    trx.selectFrom('payments').select(['account_id', 'payment_ref']).where('provider', '=', 'STRIPE').where('checkout_ref', '=', sessionId).where('status', '=', 'refund_due').executeTakeFirst(),
  )
  if (!due) return
  if (!stripe || !due.payment_ref) {
    platform.logger.error({ session: sessionId }, 'a payment due a refund could not be refunded: Stripe is not configured here')
    return
  }
  const refund = await stripe.refunds.create({ payment_intent: due.payment_ref }, { stripeAccount: due.account_id, idempotencyKey: `refund-${sessionId}` })
  await withTenant(platform.database, tenant.id, (trx) =>
    trx.updateTable('payments').set({ status: 'refunded', refund_ref: refund.id, refunded_at: now }).where('provider', '=', 'STRIPE').where('checkout_ref', '=', sessionId).execute(),
  )
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
