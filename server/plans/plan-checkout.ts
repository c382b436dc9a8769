import type Stripe from 'stripe'
import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import { platformStripeFor } from '#server/payments/stripe-client'
import { stripeIdOf } from '#server/payments/studio-stripe'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { periodOfPlanId, PLAN_MESSAGES, PLAN_TIER_INFO, planPrice, planRegionOf, tierOfPlanId, type PlanId } from './plan-catalogue'
import { putTenantOnPlan } from './tenant-plan'

export type PlanPlatform = Pick<Platform, 'database' | 'env' | 'logger'>

export const PLAN_RETURN_PATH = '/settings/plan/return'
export const PLAN_PATH = '/settings/plan'

/** What the platform puts on its own sessions, so the webhook tells them from studio payments. */
const planMetadata = z.object({ kind: z.literal('plan'), tenantId: z.string().uuid(), planId: z.string() })

export type PlanCheckoutStart = { kind: 'redirect'; url: string } | { kind: 'done' }

/**
 * Sends the admin to Stripe's hosted page, on the PLATFORM's account (no Stripe-Account header:
 * this is the platform's sale to the studio, not a studio's sale). The attempt names the form
 * that was sent: the session's idempotency key and the payment row's key are made from it, so a
 * double submit opens one session and records one row.
 */
export async function startPlanCheckout(
  platform: PlanPlatform,
  tenant: Tenant,
  input: { planId: PlanId; attempt: string; payer: { contactId: string; fullName: string; email: string }; origin: string; now: Date },
): Promise<WordedResult<PlanCheckoutStart, 'invalid_input' | 'conflict' | 'unavailable'>> {
  const tier = tierOfPlanId(input.planId)
  if (tier === 'free') return err('invalid_input', PLAN_MESSAGES.unknownPlan)
  if (PLAN_TIER_INFO[tier].contactUs) return err('invalid_input', PLAN_MESSAGES.contactUs)
  const stripe = platformStripeFor(platform.env)
  if (!stripe) return err('unavailable', PLAN_MESSAGES.notConfigured)
  const key = `plan-${input.attempt}`

  const known = await withTenant(platform.database, tenant.id, async (trx) => ({
    current: await trx.selectFrom('tenant_plans').select(['plan_id', 'stripe_customer', 'renewal_failures']).where('tenant_id', '=', tenant.id).executeTakeFirst(),
    row: await trx.selectFrom('plan_payments').select(['status', 'checkout_ref']).where('idempotency_key', '=', key).executeTakeFirst(),
  }))
  if (known.row && known.row.status !== 'OPEN') return ok({ kind: 'done' })
  // The same plan again only to pay a refused renewal with another card.
  if (!known.row && known.current?.plan_id === input.planId && known.current.renewal_failures === 0) return err('conflict', PLAN_MESSAGES.alreadyOnPlan)

  const price = planPrice(input.planId, planRegionOf(tenant.settings))
  const period = periodOfPlanId(input.planId)
  let session: Stripe.Checkout.Session
  try {
    // The platform's customer for the studio keeps the card for renewals (one per studio: the key names it).
    const customer =
      known.current?.stripe_customer ??
      (await stripe.customers.create({ email: input.payer.email || undefined, name: tenant.name.slice(0, 200), metadata: { tenantId: tenant.id } }, { idempotencyKey: `${tenant.id}-plan-customer` })).id
    session = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: { currency: price.currency.toLowerCase(), unit_amount: price.amountMinor, product_data: { name: `${PLAN_TIER_INFO[tier].name} plan, ${period}` } },
          },
        ],
        success_url: `${input.origin}${PLAN_RETURN_PATH}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${input.origin}/settings/plan/upgrade?period=${period}`,
        client_reference_id: tenant.id,
        customer,
        metadata: { kind: 'plan', tenantId: tenant.id, planId: input.planId },
        // The card is kept for the renewals charged off session (docs/decisions/146).
        payment_intent_data: { setup_future_usage: 'off_session', metadata: { kind: 'plan', tenantId: tenant.id, planId: input.planId } },
      },
      { idempotencyKey: `${tenant.id}-${key}` },
    )
  } catch (error) {
    platform.logger.error({ err: error, tenant: tenant.id }, 'a plan checkout session could not be made')
    return err('unavailable', PLAN_MESSAGES.providerDown)
  }
  if (!session.url) {
    // The same key after the session closed: settle what Stripe says and show the plan.
    await settlePlanSession(platform, tenant.id, snapshotOfPlanSession(session), input.now)
    return ok({ kind: 'done' })
  }
  // The same key twice at once answers the same session: one row.
  await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .insertInto('plan_payments')
      .values({
        tenant_id: tenant.id,
        plan_id: input.planId,
        period,
        amount_minor: price.amountMinor,
        currency: price.currency,
        status: 'OPEN',
        is_recurring: true,
        client_name: input.payer.fullName.slice(0, 200),
        paid_by_contact_id: input.payer.contactId,
        idempotency_key: key,
        checkout_ref: session.id,
        created_at: input.now,
      })
      // No conflict target: two sends at once race on both the key and the session id, and a
      // conflict on an index the clause does not name would be an error, not a no-op.
      .onConflict((conflict) => conflict.doNothing())
      .execute(),
  )
  return ok({ kind: 'redirect', url: session.url })
}

export interface PlanSessionSnapshot {
  id: string
  status: string | null
  paymentStatus: string
  amountTotal: number | null
  currency: string | null
  paymentIntent: string | null
  customer: string | null
}

export function snapshotOfPlanSession(session: Stripe.Checkout.Session): PlanSessionSnapshot {
  return {
    id: session.id,
    status: session.status,
    paymentStatus: session.payment_status,
    amountTotal: session.amount_total,
    currency: session.currency,
    paymentIntent: stripeIdOf(session.payment_intent),
    customer: stripeIdOf(session.customer),
  }
}

export type PlanSettlement = 'paid' | 'already-settled' | 'expired' | 'waiting' | 'unknown'

/**
 * Records what Stripe says of a plan session, once: the row is locked and moves only from OPEN,
 * so the return page, the webhook and their repeats settle it one time between them. A paid
 * session whose amount is not the row's is recorded as failed and changes no plan.
 */
export async function settlePlanSession(platform: PlanPlatform, tenantId: string, snapshot: PlanSessionSnapshot, now: Date): Promise<PlanSettlement> {
  const settled = await recordPlanSession(platform, tenantId, snapshot, now)
  if (settled === 'paid') await keepPlanCard(platform, tenantId, snapshot, now)
  return settled
}

const keptCard = z.object({
  id: z.string().min(1),
  card: z.object({ brand: z.string().max(40), last4: z.string().regex(/^[0-9]{4}$/), exp_month: z.number().int().min(1).max(12), exp_year: z.number().int() }).nullable().optional(),
})

/**
 * Keeps the card a paid plan session saved, for the renewals: the customer and the payment
 * method's ids, and its brand, last four digits and expiry to name it (never its number). A
 * failure is logged, not thrown: the plan is paid, and the renewal asks for a card then.
 */
async function keepPlanCard(platform: PlanPlatform, tenantId: string, snapshot: PlanSessionSnapshot, now: Date): Promise<void> {
  const stripe = platformStripeFor(platform.env)
  if (!stripe || !snapshot.paymentIntent || !snapshot.customer) return
  try {
    const intent = await stripe.paymentIntents.retrieve(snapshot.paymentIntent, { expand: ['payment_method'] })
    const method = keptCard.safeParse(intent.payment_method)
    if (!method.success) return
    const card = method.data.card ?? null
    await withTenant(platform.database, tenantId, (trx) =>
      trx
        .updateTable('tenant_plans')
        .set({
          stripe_customer: snapshot.customer,
          stripe_payment_method: method.data.id,
          card_brand: card?.brand ?? null,
          card_last4: card?.last4 ?? null,
          card_exp_month: card?.exp_month ?? null,
          card_exp_year: card?.exp_year ?? null,
          updated_at: now,
        })
        .where('tenant_id', '=', tenantId)
        .execute(),
    )
  } catch (error) {
    platform.logger.error({ err: error, tenant: tenantId }, 'the card of a paid plan could not be kept for renewals')
  }
}

async function recordPlanSession(platform: PlanPlatform, tenantId: string, snapshot: PlanSessionSnapshot, now: Date): Promise<PlanSettlement> {
  return withTenant(platform.database, tenantId, async (trx) => {
    const row = await trx
      .selectFrom('plan_payments')
      .select(['id', 'plan_id', 'status', 'amount_minor', 'currency'])
      .where('checkout_ref', '=', snapshot.id)
      .forUpdate()
      .executeTakeFirst()
    if (!row) return 'unknown'
    if (row.status !== 'OPEN') return 'already-settled'
    if (snapshot.status === 'expired') {
      await trx.updateTable('plan_payments').set({ status: 'EXPIRED', settled_at: now }).where('id', '=', row.id).execute()
      return 'expired'
    }
    if (snapshot.paymentStatus !== 'paid') return 'waiting'
    const matches = snapshot.amountTotal === Number(row.amount_minor) && (snapshot.currency ?? '').toUpperCase() === row.currency
    await trx
      .updateTable('plan_payments')
      .set({ status: matches ? 'SETTLED' : 'FAILED', payment_ref: snapshot.paymentIntent, settled_at: now })
      .where('id', '=', row.id)
      .execute()
    if (!matches) {
      platform.logger.error({ session: snapshot.id, tenant: tenantId }, 'a plan session was paid with another amount than asked; the plan is unchanged')
      return 'unknown'
    }
    await putTenantOnPlan(trx, tenantId, row.plan_id as PlanId, now)
    return 'paid'
  })
}

/**
 * The admin is back from Stripe's page: the session id in the address is only a hint, so the
 * session is read from the platform's account and must name this studio.
 */
export async function settleReturnedPlanSession(platform: PlanPlatform, tenant: Tenant, input: { sessionId: string; now: Date }): Promise<PlanSettlement> {
  if (!/^cs_[A-Za-z0-9_]{1,250}$/.test(input.sessionId)) return 'unknown'
  const stripe = platformStripeFor(platform.env)
  if (!stripe) return 'unknown'
  let session: Stripe.Checkout.Session
  try {
    session = await stripe.checkout.sessions.retrieve(input.sessionId)
  } catch (error) {
    platform.logger.warn({ err: error, session: input.sessionId }, 'a returning plan session could not be read; the webhook will settle it')
    return 'unknown'
  }
  const named = planMetadata.safeParse(session.metadata ?? {})
  if (!named.success || named.data.tenantId !== tenant.id) return 'unknown'
  return settlePlanSession(platform, tenant.id, snapshotOfPlanSession(session), input.now)
}

/**
 * A signed event about one of the platform's own plan sessions (it names no connected
 * account): settled for the studio its metadata names. Null when the event is not a plan's.
 */
export async function settlePlanEvent(platform: PlanPlatform, event: Stripe.Event): Promise<PlanSettlement | null> {
  if (event.account) return null
  if (!event.type.startsWith('checkout.session.')) return null
  const session = event.data.object as Stripe.Checkout.Session
  const named = planMetadata.safeParse(session.metadata ?? {})
  if (!named.success) return null
  return settlePlanSession(platform, named.data.tenantId, snapshotOfPlanSession(session), new Date())
}

