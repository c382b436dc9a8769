import Stripe from 'stripe'
import { withTenant } from '#db/tenant-scope'
import type { PaymentPlatform } from '#server/payments/settle-payment'
import { intentSnapshotOf, settleStripeIntents } from '#server/payments/stripe-intent'
import { studioStripe, type StudioStripe } from '#server/payments/studio-stripe'
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

/** What charging a period's kept card came to, or the error Stripe or the network answered (the batch is tried again). */
export type PeriodChargeOutcome = PeriodCharge | { kind: 'error'; error: unknown }

/** Charges sent to Stripe at once by one billing run: its answers overlap, and one studio's run does not flood the API. */
export const CHARGES_AT_ONCE = 10

/** Stripe's answer to one period's charge, before it is recorded. */
type StripeAnswer =
  | { period: DuePeriod; kind: 'intent'; intent: Stripe.PaymentIntent }
  | { period: DuePeriod; kind: 'refused'; message: string; intentId: string | null }
  | { period: DuePeriod; kind: 'error'; error: unknown }

/**
 * Charges the members' kept cards for due periods of one studio, off session, on its connected
 * account with the platform's fee: one PaymentIntent per period, a few at once. The idempotency
 * key names the membership, the period and the try, so a worker that died after Stripe took the
 * money, or two workers at once, get Stripe's first answer again rather than a second charge.
 * The answers are recorded as the invoices' payment attempts in one transaction (before any is
 * settled, so a webhook always finds its attempt), refused ones closed in it, and the paid ones
 * settled together like any other payment (settleStripeIntents). Answers each membership's charge.
 */
export async function chargeKeptCards(platform: ChargePlatform, tenant: Tenant, periods: readonly DuePeriod[], input: { origin: string; now: Date }): Promise<Map<string, PeriodChargeOutcome>> {
  const charges = new Map<string, PeriodChargeOutcome>()
  const studio = periods.length > 0 ? await studioStripe(platform, tenant.id) : null
  const chargeable: DuePeriod[] = []
  for (const period of periods) {
    const { method } = period
    if (!studio || !method || method.provider !== 'STRIPE' || !method.method_ref || studio.account !== method.account_id) charges.set(period.membership.id, { kind: 'no-card' })
    else chargeable.push(period)
  }
  if (!studio || chargeable.length === 0) return charges
  const answers = await inTurns(chargeable, CHARGES_AT_ONCE, (period) => askStripe(platform, studio, tenant, period))
  const attempts = answers.flatMap((answer) => {
    const intentId = answer.kind === 'intent' ? answer.intent.id : answer.kind === 'refused' ? answer.intentId : null
    return intentId ? [{ period: answer.period, intentId }] : []
  })
  // Off session nobody can pass a bank's check: an intent that asks for one is closed, and the member pays from the invoice's page instead.
  const closing = answers.flatMap((answer) =>
    answer.kind === 'refused' && answer.intentId ? [answer.intentId] : answer.kind === 'intent' && answer.intent.status !== 'succeeded' && answer.intent.status !== 'processing' ? [answer.intent.id] : [],
  )
  const recordedHere = await recordAttempts(platform, tenant, { attempts, closing, account: studio.account, now: input.now })
  const succeeded = answers.flatMap((answer) => (answer.kind === 'intent' && answer.intent.status === 'succeeded' ? [intentSnapshotOf(answer.intent)] : []))
  const settled = await settleStripeIntents(platform, tenant, succeeded, input)
  for (const answer of answers) {
    const membershipId = answer.period.membership.id
    if (answer.kind === 'error') charges.set(membershipId, { kind: 'error', error: answer.error })
    else if (answer.kind === 'refused') charges.set(membershipId, { kind: 'refused', message: answer.message })
    else if (answer.intent.status === 'succeeded') {
      const outcome = settled.get(answer.intent.id)
      charges.set(membershipId, outcome === 'paid' || outcome === 'already-settled' ? { kind: 'paid', recordedHere: recordedHere.has(answer.intent.id) } : { kind: 'waiting' })
    } else if (answer.intent.status === 'processing') charges.set(membershipId, { kind: 'waiting' })
    else charges.set(membershipId, { kind: 'refused', message: answer.intent.status === 'requires_action' ? CHARGE_MESSAGES.needsMember : CHARGE_MESSAGES.refused })
  }
  return charges
}

/** One period's off-session PaymentIntent; a refusal or any other failure is its answer, not thrown. */
async function askStripe(platform: ChargePlatform, studio: StudioStripe, tenant: Tenant, period: DuePeriod): Promise<StripeAnswer> {
  const { method, invoice, membership } = period
  if (!method?.method_ref) throw new Error('askStripe needs a kept card')
  const feeMinor = Math.round((invoice.totalMinor * platform.env.STRIPE_PLATFORM_FEE_PERCENT) / 100)
  try {
    const intent = await studio.stripe.paymentIntents.create(
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
      { stripeAccount: studio.account, idempotencyKey: chargeKey(membership.id, period.periodOn, membership.failed_charges + 1, method.method_ref) },
    )
    return { period, kind: 'intent', intent }
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError)) return { period, kind: 'error', error }
    return { period, kind: 'refused', message: error.message || CHARGE_MESSAGES.refused, intentId: error.payment_intent?.id ?? null }
  }
}

/**
 * The charges as their invoices' payment attempts, in one transaction, and the refused ones
 * closed (so the invoice's page starts a new one). Answers the intents this run recorded: another
 * worker given Stripe's same answer finds them recorded.
 */
async function recordAttempts(
  platform: ChargePlatform,
  tenant: Tenant,
  input: { attempts: ReadonlyArray<{ period: DuePeriod; intentId: string }>; closing: readonly string[]; account: string; now: Date },
): Promise<Set<string>> {
  if (input.attempts.length === 0) return new Set()
  return withTenant(platform.database, tenant.id, async (trx) => {
    const recorded = await trx
      .insertInto('payments')
      .values(
        input.attempts.map(({ period, intentId }) => ({
          tenant_id: tenant.id,
          invoice_id: period.invoice.id,
          provider: 'STRIPE' as const,
          account_id: input.account,
          checkout_ref: intentId,
          amount_minor: period.invoice.totalMinor,
          currency: period.invoice.currency,
          status: 'open' as const,
          created_at: input.now,
        })),
      )
      .onConflict((conflict) => conflict.columns(['provider', 'checkout_ref']).doNothing())
      .returning('checkout_ref')
      .execute()
    if (input.closing.length > 0) {
      await trx.updateTable('payments').set({ status: 'expired' }).where('provider', '=', 'STRIPE').where('checkout_ref', 'in', input.closing).where('status', '=', 'open').execute()
    }
    return new Set(recorded.map((row) => row.checkout_ref))
  })
}

/** `work` for every item, at most `atOnce` at a time; the answers in the items' order. */
async function inTurns<T, R>(items: readonly T[], atOnce: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    for (let index = next++; index < items.length; index = next++) answers[index] = await work(items[index] as T)
  }
  await Promise.all(Array.from({ length: Math.min(atOnce, items.length) }, worker))
  return answers
}
