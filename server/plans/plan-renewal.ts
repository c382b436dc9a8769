import { sql } from 'kysely'
import Stripe from 'stripe'
import { asSystem, withTenant, type TenantExecutor } from '#db/tenant-scope'
import { planRenewalJob, planRenewalJobId } from '#jobs/plan-renewal'
import { enqueueAll } from '#server/jobs/job-contract'
import type { Language } from '#server/i18n/languages'
import { recipientLanguage } from '#server/i18n/recipient-language'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { queueTenantEmails } from '#server/mail/queue-email'
import { afterFailedCharge } from '#server/memberships/billing-schedule'
import { platformStripeFor } from '#server/payments/stripe-client'
import type { Platform } from '#server/platform'
import { ROLE_ADMIN } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { moveToFreePlan } from './choose-free-plan'
import { isPlanId, periodEnd, PLAN_TIER_INFO, planPrice, planRegionOf, tierOfPlanId, type PlanId } from './plan-catalogue'
import { keptCardIn, planDateIn, tierNameIn } from './plan-words'

type RenewalPlatform = Pick<Platform, 'database' | 'env' | 'logger' | 'jobs' | 'tenants'>

/** The most plans one sweep queues; the rest wait for the next sweep, oldest first. */
export const RENEWAL_SWEEP_LIMIT = 5_000

export const RENEWAL_MESSAGES = {
  noCard: 'No card is kept for renewals.',
  refused: 'Your card was declined.',
  needsAction: 'Your bank asked to confirm this payment.',
  notDue: 'Nothing is due for your plan.',
  renewed: 'Plan renewed',
  providerDown: 'The card could not be charged right now. Try again in a few minutes.',
} as const

/** What follows the `failures`-th refused renewal of a period that ended at `periodEndAt`. */
export type AfterRefusedRenewal = { kind: 'retry'; retryAt: Date; failures: number } | { kind: 'free'; failures: number }

/**
 * The retry schedule of a refused renewal (docs/decisions/146): tried again on days 1, 3 and 7
 * after the period ended (never sooner than an hour from now, for a job that ran late); a
 * refusal on day 7 drops the studio to Free. The same days as a membership's (billing-schedule.ts).
 */
export function afterRefusedRenewal(periodEndAt: Date, failures: number, now: Date): AfterRefusedRenewal {
  const next = afterFailedCharge(periodEndAt, failures, now)
  return next.kind === 'retry' ? { kind: 'retry', retryAt: next.retryAt, failures } : { kind: 'free', failures }
}

/**
 * The idempotency key of one scheduled try at a period's renewal: the studio, the period (its
 * end), the try and the card. A job retried after Stripe took the money, or two workers at once,
 * get Stripe's first answer again, never a second charge.
 */
export function renewalKey(tenantId: string, periodEndAt: Date, attempt: number, methodRef: string): string {
  return `plan-renewal-${tenantId}-${periodEndAt.toISOString()}-${attempt}-${methodRef}`
}

/**
 * Queues a plan-renewal job for every studio, in every studio, whose paid plan's period ended or
 * whose refused renewal's retry is due (the read runs as the system, across tenants). Free plans
 * have no renewal date and are never queued. The job id names the studio and the moment it fell
 * due, so a job waiting in the queue is queued once however often the sweep runs.
 */
export async function queueDuePlanRenewals(platform: Pick<Platform, 'database' | 'jobs' | 'logger'>, now: Date, limit = RENEWAL_SWEEP_LIMIT): Promise<number> {
  const wakesAt = sql<Date>`coalesce(renewal_retry_at, renews_at)`
  const due = await asSystem(platform.database, 'find the plans due for renewal in every studio', (trx) =>
    trx
      .selectFrom('tenant_plans')
      .innerJoin('tenants', 'tenants.id', 'tenant_plans.tenant_id')
      .select(['tenant_plans.tenant_id', wakesAt.as('wakes_at')])
      // The predicates of the partial index tenant_plans_renewal_due.
      .where('tenant_plans.renews_at', 'is not', null)
      .where('tenant_plans.plan_id', '<>', 'free_plan')
      .where(wakesAt, '<=', now)
      // An archived studio (waiting to be purged) is not charged.
      .where('tenants.archived_at', 'is', null)
      .orderBy(wakesAt)
      .limit(limit)
      .execute(),
  )
  await enqueueAll(
    platform.jobs,
    planRenewalJob,
    due.map((row) => ({ payload: { tenantId: row.tenant_id }, options: { jobId: planRenewalJobId(row.tenant_id, new Date(row.wakes_at)) } })),
  )
  if (due.length > 0) platform.logger.info({ plans: due.length }, 'plans due for renewal queued')
  return due.length
}

export type RenewalOutcome = 'not-due' | 'paid' | 'retry' | 'free' | 'refused' | 'counted-elsewhere'

/** A charge's answer: paid, refused (with the bank's words), or an error a later try may not meet (thrown). */
type ChargeAnswer = { kind: 'paid'; intentId: string } | { kind: 'refused'; message: string; intentId: string | null }

interface DuePlan {
  planId: PlanId
  period: 'monthly' | 'yearly'
  periodEndAt: Date
  failures: number
  customer: string | null
  method: string | null
}

/**
 * Renews one studio's paid plan whose period ended (the plan-renewal job): the kept card is
 * charged off session on the platform's account, the payment recorded in the plan's payments
 * and the period moved on. A refusal is recorded as a failed payment and tried again on days 1,
 * 3 and 7; the refusal on day 7 moves the studio to Free and its admins are emailed. With
 * `payNow` (the plan page's Pay now, named by its form's attempt) a refused renewal is charged
 * at once; its refusal is recorded but does not advance the schedule. Throws when Stripe or the
 * network failed, for the job to try again with the same key.
 */
export async function renewPlan(platform: RenewalPlatform, input: { tenantId: string; now: Date; payNow?: { attempt: string } }): Promise<RenewalOutcome> {
  const { now } = input
  const tenant = await platform.tenants.findById(input.tenantId)
  if (!tenant) return 'not-due'
  let droppedPlan: PlanId | null = null
  let reason: string | null = null
  // One charge at a time per studio: the plan row stays locked from the check that the renewal
  // is due, through Stripe's answer, to the record. A Pay now and a scheduled try at the same
  // instant (they send different keys) cannot both charge a period: the second waits and then
  // finds it paid, or refused again. Stripe's client time-out bounds how long the row is held.
  const outcome = await withTenant(platform.database, tenant.id, async (trx): Promise<RenewalOutcome> => {
    const due = await readDuePlan(trx, tenant.id, now, input.payNow !== undefined)
    if (!due) return 'not-due'
    const price = planPrice(due.planId, planRegionOf(tenant.settings))
    const attempt = due.failures + 1
    const key = input.payNow ? `plan-renewal-${tenant.id}-${due.periodEndAt.toISOString()}-pay-${input.payNow.attempt}` : renewalKey(tenant.id, due.periodEndAt, attempt, due.method ?? 'none')
    const answer = await chargeKeptCard(platform, tenant, due, { amountMinor: price.amountMinor, currency: price.currency, key })
    const recorded = await trx
      .insertInto('plan_payments')
      .values({
        tenant_id: tenant.id,
        plan_id: due.planId,
        period: due.period,
        amount_minor: price.amountMinor,
        currency: price.currency,
        status: answer.kind === 'paid' ? 'SETTLED' : 'FAILED',
        is_recurring: true,
        client_name: tenant.name.slice(0, 200),
        paid_by_contact_id: null,
        idempotency_key: key,
        payment_ref: answer.intentId,
        created_at: now,
        settled_at: now,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst()
    // The same key recorded before: a run that committed and then lost its job's answer.
    if (!recorded) return 'counted-elsewhere'
    if (answer.kind === 'paid') {
      await trx
        .updateTable('tenant_plans')
        .set({ renews_at: periodEnd(due.periodEndAt, due.period), renewal_failures: 0, renewal_retry_at: null, renewal_error: null, updated_at: now })
        .where('tenant_id', '=', tenant.id)
        .execute()
      return 'paid'
    }
    const message = answer.message.slice(0, 500)
    if (input.payNow) {
      await trx.updateTable('tenant_plans').set({ renewal_error: message, updated_at: now }).where('tenant_id', '=', tenant.id).execute()
      return 'refused'
    }
    const next = afterRefusedRenewal(due.periodEndAt, attempt, now)
    if (next.kind === 'retry') {
      await trx
        .updateTable('tenant_plans')
        .set({ renewal_failures: next.failures, renewal_retry_at: next.retryAt, renewal_error: message, updated_at: now })
        .where('tenant_id', '=', tenant.id)
        .execute()
      return 'retry'
    }
    await moveToFreePlan(trx, tenant, { key: `plan-renewal-free-${tenant.id}-${due.periodEndAt.toISOString()}`, payer: { contactId: null, fullName: tenant.name }, now })
    await trx.updateTable('tenant_plans').set({ dropped_to_free_at: now, renewal_error: message }).where('tenant_id', '=', tenant.id).execute()
    droppedPlan = due.planId
    reason = answer.kind === 'refused' ? answer.message : null
    return 'free'
  })
  if (outcome === 'free' && droppedPlan) await tellAdminsOfFree(platform, tenant, { planId: droppedPlan, reason })
  return outcome
}

/**
 * The studio's plan when a renewal is due at `now` (or, for Pay now, refused and waiting for a
 * retry), its row locked until the caller's transaction ends.
 */
async function readDuePlan(trx: TenantExecutor, tenantId: string, now: Date, payNow: boolean): Promise<DuePlan | null> {
  const row = await trx
    .selectFrom('tenant_plans')
    .select(['plan_id', 'period', 'renews_at', 'renewal_retry_at', 'renewal_failures', 'stripe_customer', 'stripe_payment_method'])
    .where('tenant_id', '=', tenantId)
    .forUpdate()
    .executeTakeFirst()
  if (!row || !row.renews_at || !isPlanId(row.plan_id) || tierOfPlanId(row.plan_id) === 'free') return null
  const wakesAt = payNow ? row.renews_at : (row.renewal_retry_at ?? row.renews_at)
  if (payNow ? row.renewal_failures === 0 : wakesAt.getTime() > now.getTime()) return null
  return {
    planId: row.plan_id,
    period: row.period,
    periodEndAt: row.renews_at,
    failures: row.renewal_failures,
    customer: row.stripe_customer,
    method: row.stripe_payment_method,
  }
}

/** The off-session charge of the kept card on the platform's account; a refusal is its answer, an error thrown. */
async function chargeKeptCard(platform: RenewalPlatform, tenant: Tenant, due: DuePlan, input: { amountMinor: number; currency: string; key: string }): Promise<ChargeAnswer> {
  if (!due.customer || !due.method) return { kind: 'refused', message: RENEWAL_MESSAGES.noCard, intentId: null }
  const stripe = platformStripeFor(platform.env)
  if (!stripe) throw new Error('plan renewals need the platform Stripe keys')
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: input.amountMinor,
        currency: input.currency.toLowerCase(),
        customer: due.customer,
        payment_method: due.method,
        confirm: true,
        off_session: true,
        description: `${PLAN_TIER_INFO[tierOfPlanId(due.planId)].name} plan, ${due.period} renewal`,
        metadata: { kind: 'plan-renewal', tenantId: tenant.id, planId: due.planId },
      },
      { idempotencyKey: input.key },
    )
    if (intent.status === 'succeeded') return { kind: 'paid', intentId: intent.id }
    return { kind: 'refused', message: intent.status === 'requires_action' ? RENEWAL_MESSAGES.needsAction : RENEWAL_MESSAGES.refused, intentId: intent.id }
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeCardError)) throw error
    return { kind: 'refused', message: error.message || RENEWAL_MESSAGES.refused, intentId: error.payment_intent?.id ?? null }
  }
}

/** The admins' email that the plan dropped to Free, in the reader's language (the plan named as the plan screens name it in it). */
export function movedToFreeEmail(input: { planName: string; studio: string; reason: string | null }, language: Language = 'en'): { subject: string; text: string } {
  const t = tFor(language, 'emails')
  const values = { plan: input.planName, studio: input.studio }
  // The refusal is the card's answer: a known one is said in the reader's language.
  const reason = input.reason ? translateMessage(language, input.reason) : null
  return {
    subject: t('planFreeSubject', values),
    text: [reason ? t('planFreeNotRenewedBecause', { ...values, reason }) : t('planFreeNotRenewed', values), t('planFreeNow'), t('planFreeChooseAgain')].join('\n'),
  }
}

/**
 * Emails the studio's admins that the plan dropped to Free, through the outbox, each in their
 * language. Never throws: the move stands without the email (the plan page says it too), and a
 * failure is logged.
 */
async function tellAdminsOfFree(platform: RenewalPlatform, tenant: Tenant, input: { planId: PlanId; reason: string | null }): Promise<void> {
  try {
    const admins = await withTenant(platform.database, tenant.id, (trx) =>
      trx.selectFrom('contacts').select(['email', 'language']).where('role', '=', ROLE_ADMIN).where('is_account_locked', '=', false).where('email', 'is not', null).execute(),
    )
    const tier = tierOfPlanId(input.planId)
    const emailTo = (to: string, language: Language) => ({ to, ...movedToFreeEmail({ planName: tierNameIn(tier, language), studio: tenant.name, reason: input.reason }, language) })
    await queueTenantEmails(
      platform,
      tenant.id,
      admins.flatMap((admin) => (admin.email ? [emailTo(admin.email, recipientLanguage(admin.language, tenant))] : [])),
    )
  } catch (error) {
    platform.logger.error({ err: error, tenant: tenant.id }, 'the admins could not be emailed that the plan moved to Free')
  }
}

/** The plan page's words for the renewal: the next date, the kept card, and a refused renewal's retry. */
export interface RenewalView {
  nextOn: string | null
  card: string | null
  refused: { retryOn: string | null; reason: string | null } | null
  droppedToFreeOn: string | null
}

export async function readRenewalView(platform: Pick<Platform, 'database'>, tenantId: string, language: Language = 'en'): Promise<RenewalView> {
  const row = await withTenant(platform.database, tenantId, (trx) =>
    trx
      .selectFrom('tenant_plans')
      .select(['plan_id', 'renews_at', 'card_brand', 'card_last4', 'stripe_payment_method', 'renewal_failures', 'renewal_retry_at', 'renewal_error', 'dropped_to_free_at'])
      .where('tenant_id', '=', tenantId)
      .executeTakeFirst(),
  )
  if (!row) return { nextOn: null, card: null, refused: null, droppedToFreeOn: null }
  const paid = row.plan_id !== 'free_plan' && row.renews_at !== null
  const dateOf = (at: Date | null) => (at ? planDateIn(at, language) : null)
  return {
    nextOn: paid ? dateOf(row.renews_at) : null,
    card: paid && row.stripe_payment_method && row.card_last4 ? keptCardIn(row.card_brand, row.card_last4, language) : null,
    refused: paid && row.renewal_failures > 0 ? { retryOn: dateOf(row.renewal_retry_at), reason: row.renewal_error } : null,
    droppedToFreeOn: row.plan_id === 'free_plan' ? dateOf(row.dropped_to_free_at) : null,
  }
}

