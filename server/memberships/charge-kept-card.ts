import Stripe from 'stripe'
import { withTenant } from '#db/tenant-scope'
import { recordAttempt } from '#server/payments/payable-invoice'
import type { PaymentPlatform } from '#server/payments/settle-payment'
import { intentSnapshotOf, settleStripeIntent } from '#server/payments/stripe-intent'
import { studioStripe } from '#server/payments/studio-stripe'
import type { Tenant } from '#server/tenancy/tenant'
import type { DuePeriod } from './billing-period'

/** What charging a period's kept card came to. */
export type PeriodCharge =
  /** recordedHere: this run recorded the charge (another run given Stripe's same answer finds it recorded), so it alone tells staff. */
  | { kind: 'paid'; recordedHere: boolean }
  /** Stripe is still working on it (a bank transfer of some cards): its webhook settles it. */
  | { kind: 'waiting' }
  | { kind: 'refused'; message: string }
  /** No card the studio can charge now: the member pays the invoice themselves. */
  | { kind: 'no-card' }

type ChargePlatform = PaymentPlatform & Parameters<typeof studioStripe>[0]

export const CHARGE_MESSAGES = {
  needsMember: 'Your bank asked you to confirm this payment.',
  refused: 'Your card was declined.',
} as const

/**
 * The idempotency key of one try at a period: the membership, the period, the try and the card.
 * A worker that died after Stripe took the money, or two workers at once, send the same key and
 * get Stripe's first answer; a card kept after the last try (a suspended member's new card) is
 * a new request under its own key.
 */
export function chargeKey(membershipId: string, periodOn: string, attempt: number, methodRef: string): string {
  return `membership-${membershipId}-${periodOn}-charge-${attempt}-${methodRef}`
}

/**
 * Charges the member's kept card for a due period, off session, on the studio's connected
 * account with the platform's fee. The idempotency key names the membership, the period and
 * the try, so a worker that died after Stripe took the money, or two workers at once, get
 * Stripe's first answer again rather than a second charge; the answer is recorded as the
 * invoice's payment attempt and settled like any other (settle-payment.ts).
 */
export async function chargeKeptCard(platform: ChargePlatform, tenant: Tenant, period: DuePeriod, input: { origin: string; now: Date }): Promise<PeriodCharge> {
  const { method, invoice, membership } = period
  if (!method || method.provider !== 'STRIPE' || !method.method_ref) return { kind: 'no-card' }
  const studio = await studioStripe(platform, tenant.id)
  if (!studio || studio.account !== method.account_id) return { kind: 'no-card' }
  const onAccount = { stripeAccount: studio.account }
  const feeMinor = Math.round((invoice.totalMinor * platform.env.STRIPE_PLATFORM_FEE_PERCENT) / 100)
  let intent: Stripe.PaymentIntent
  try {
    intent = await studio.stripe.paymentIntents.create(
      {
        amount: invoice.totalMinor,
        currency: invoice.currency.toLowerCase(),
        customer: method.customer_ref,
        payment_method: method.method_ref,
        confirm: true,
        off_session: true,
        description: `Invoice ${invoice.number}: ${membership.name}`,
        metadata: { tenantId: tenant.id, invoiceGuid: invoice.guid, membershipId: membership.id },
        ...(feeMinor > 0 ? { application_fee_amount: feeMinor } : {}),
      },
      { ...onAccount, idempotencyKey: chargeKey(membership.id, period.periodOn, membership.failed_charges + 1, method.method_ref) },
    )
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error
    if (error.payment_intent?.id) await recordRefusedAttempt(platform, tenant, period, { intentId: error.payment_intent.id, account: studio.account, now: input.now })
    return { kind: 'refused', message: error.message || CHARGE_MESSAGES.refused }
  }
  const recordedHere = await recordCharge(platform, tenant, period, { intentId: intent.id, account: studio.account, now: input.now })
  if (intent.status === 'succeeded') {
    const settled = await settleStripeIntent(platform, tenant, intentSnapshotOf(intent), input)
    return settled === 'paid' || settled === 'already-settled' ? { kind: 'paid', recordedHere } : { kind: 'waiting' }
  }
  if (intent.status === 'processing') return { kind: 'waiting' }
  // Off session nobody can pass a bank's check: the member pays from the invoice's page instead.
  await markAttemptRefused(platform, tenant, intent.id)
  return { kind: 'refused', message: intent.status === 'requires_action' ? CHARGE_MESSAGES.needsMember : CHARGE_MESSAGES.refused }
}

/** The charge as the invoice's payment attempt; true when this run recorded it (another worker given Stripe's same answer finds it recorded). */
function recordCharge(platform: ChargePlatform, tenant: Tenant, period: DuePeriod, input: { intentId: string; account: string; now: Date }): Promise<boolean> {
  return recordAttempt(platform, tenant.id, {
    invoiceId: period.invoice.id,
    provider: 'STRIPE',
    accountId: input.account,
    checkoutRef: input.intentId,
    amountMinor: period.invoice.totalMinor,
    currency: period.invoice.currency,
    now: input.now,
  })
}

async function recordRefusedAttempt(platform: ChargePlatform, tenant: Tenant, period: DuePeriod, input: { intentId: string; account: string; now: Date }): Promise<void> {
  await recordCharge(platform, tenant, period, input)
  await markAttemptRefused(platform, tenant, input.intentId)
}

/** A refused attempt can no longer be paid: it is closed, so the invoice's page starts a new one. */
async function markAttemptRefused(platform: ChargePlatform, tenant: Tenant, intentId: string): Promise<void> {
  await withTenant(platform.database, tenant.id, (trx) =>
    trx.updateTable('payments').set({ status: 'expired' }).where('provider', '=', 'STRIPE').where('checkout_ref', '=', intentId).where('status', '=', 'open').execute(),
  )
}
