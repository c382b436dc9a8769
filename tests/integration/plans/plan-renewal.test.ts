import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { asSystem } from '#db/tenant-scope'
import { planRenewalJob } from '#jobs/plan-renewal'
import { BullJobQueue, startBullWorkers, type RunningWorkers } from '#jobs/runtime/bullmq-queue'
import type { EnqueueOptions, JobContract, JobQueue } from '#server/jobs/job-contract'
import { queueDuePlanRenewals, renewalKey, renewPlan } from '#server/plans/plan-renewal'
import type { Tenant } from '#server/tenancy/tenant'
import { PLATFORM_ACCOUNT, startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import { startDemoHttpApp, type DemoHttpApp } from '#tests/integration/http/demo-http-app'
import { createTenant } from '#tests/support/fixtures'
import { eventually } from '#tests/support/eventually'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const redisUrl = process.env.REDIS_URL ?? ''
const GOOD_CARD = '4242424242424242'
/** Kept without trouble; every charge on it is declined. */
const DECLINING_CARD = '4000000000000341'
const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000

describe(`paid plans renewed on the kept card (${engine})`, () => {
  let app: DemoHttpApp
  let stripe: FakeStripe

  const db = () => app.platform.database
  const planOf = (tenantId: string) =>
    asSystem(db(), 'test: the plan', (trx) =>
      trx
        .selectFrom('tenant_plans')
        .select(['plan_id', 'renews_at', 'renewal_failures', 'renewal_retry_at', 'renewal_error', 'dropped_to_free_at', 'contact_limit'])
        .where('tenant_id', '=', tenantId)
        .executeTakeFirstOrThrow(),
    )
  const paymentsOf = (tenantId: string) =>
    asSystem(db(), 'test: the plan payments', (trx) =>
      trx.selectFrom('plan_payments').select(['plan_id', 'status', 'amount_minor', 'payment_ref', 'idempotency_key']).where('tenant_id', '=', tenantId).orderBy('created_at').orderBy('id').execute(),
    )
  const intentsOf = (customer: string) => stripe.intents().filter((intent) => intent.customer === customer)

  /** The studio on Organize monthly, its period ending at `renewsAt`, with a card kept on the platform's account. */
  async function onPaidPlan(tenant: Pick<Tenant, 'id'>, input: { renewsAt: Date; card?: string }) {
    const kept = stripe.keepCard(PLATFORM_ACCOUNT, { number: input.card ?? GOOD_CARD })
    await asSystem(db(), 'test: a paid plan with a kept card', async (trx) => {
      await trx.deleteFrom('plan_payments').where('tenant_id', '=', tenant.id).execute()
      const values = {
        plan_id: 'organize_monthly_plan',
        period: 'monthly' as const,
        contact_limit: 2000,
        started_at: new Date(input.renewsAt.getTime() - 30 * DAY_MS),
        renews_at: input.renewsAt,
        stripe_customer: kept.customer,
        stripe_payment_method: kept.paymentMethod,
        card_brand: 'visa',
        card_last4: (input.card ?? GOOD_CARD).slice(-4),
        card_exp_month: 12,
        card_exp_year: 2030,
        renewal_failures: 0,
        renewal_retry_at: null,
        renewal_error: null,
        dropped_to_free_at: null,
      }
      await trx
        .insertInto('tenant_plans')
        .values({ tenant_id: tenant.id, ...values })
        .onConflict((conflict) => conflict.column('tenant_id').doUpdateSet(values))
        .execute()
    })
    return kept
  }

  /** A sweep at `now` through a queue that records the studios it queued (and runs nothing). */
  async function sweep(now: Date): Promise<string[]> {
    const queued: string[] = []
    const recording: JobQueue = {
      kind: app.platform.jobs.kind,
      async enqueue<P>(job: JobContract<P>, payload: P, _options?: EnqueueOptions) {
        if (job.name === planRenewalJob.name) queued.push((payload as { tenantId: string }).tenantId)
      },
      repeat: (job, payload, options) => app.platform.jobs.repeat(job, payload, options),
      close: async () => undefined,
    }
    await queueDuePlanRenewals({ database: db(), logger: app.platform.logger, jobs: recording }, now)
    return queued
  }

  beforeAll(async () => {
    stripe = await startFakeStripe()
    app = await startDemoHttpApp({ env: stripeEnvFor(stripe) })
  }, 180_000)

  afterAll(async () => {
    await app?.platform.jobs.drain()
    await app?.close()
    await stripe?.close()
  })

  it('the sweep queues only studios whose paid period ended; Free and later periods are left', async () => {
    const now = new Date()
    const due = await createTenant(app.platform)
    const later = await createTenant(app.platform)
    const free = await createTenant(app.platform)
    await onPaidPlan(due, { renewsAt: new Date(now.getTime() - HOUR_MS) })
    await onPaidPlan(later, { renewsAt: new Date(now.getTime() + 10 * DAY_MS) })
    await onPaidPlan(free, { renewsAt: new Date(now.getTime() - HOUR_MS) })
    await asSystem(db(), 'test: a studio on Free', (trx) => trx.updateTable('tenant_plans').set({ plan_id: 'free_plan', renews_at: null }).where('tenant_id', '=', free.id).execute())
    const queued = await sweep(now)
    expect(queued).toContain(due.id)
    expect(queued).not.toContain(later.id)
    expect(queued).not.toContain(free.id)
    expect(await renewPlan(app.platform, { tenantId: free.id, now })).toBe('not-due')
    expect(await renewPlan(app.platform, { tenantId: later.id, now })).toBe('not-due')
  })

  it('a sweep through Redis runs the job: the kept card is charged off session once, the payment recorded and the period moved on; a re-run charges nothing', async () => {
    const now = new Date()
    const periodEnd = new Date(now.getTime() - HOUR_MS)
    const tenant = await createTenant(app.platform)
    const bystander = await createTenant(app.platform)
    const kept = await onPaidPlan(tenant, { renewsAt: periodEnd })
    const bystanderCard = await onPaidPlan(bystander, { renewsAt: new Date(now.getTime() + 5 * DAY_MS) })
    const prefix = `test-plan-renewal-${randomBytes(6).toString('hex')}`
    const queue = new BullJobQueue({ redisUrl, prefix })
    const workers: RunningWorkers[] = [startBullWorkers(app.platform, app.platform.logger, { redisUrl, prefix })]
    try {
      await queueDuePlanRenewals({ database: db(), logger: app.platform.logger, jobs: queue }, now)
      const plan = await eventually(async () => {
        const found = await planOf(tenant.id)
        return found.renews_at && found.renews_at.getTime() > now.getTime() ? found : null
      })
      expect(plan).toMatchObject({ plan_id: 'organize_monthly_plan', renewal_failures: 0, renewal_retry_at: null })
      const intents = intentsOf(kept.customer)
      expect(intents).toHaveLength(1)
      expect(intents[0]).toMatchObject({ status: 'succeeded', amount: 2500, account: PLATFORM_ACCOUNT, payment_method: kept.paymentMethod })
      expect(await paymentsOf(tenant.id)).toEqual([
        expect.objectContaining({ plan_id: 'organize_monthly_plan', status: 'SETTLED', amount_minor: expect.anything(), payment_ref: intents[0]?.id, idempotency_key: renewalKey(tenant.id, periodEnd, 1, kept.paymentMethod) }),
      ])
      // The same period swept and run again: the plan is not due, nothing is charged.
      await queueDuePlanRenewals({ database: db(), logger: app.platform.logger, jobs: queue }, now)
      expect(await renewPlan(app.platform, { tenantId: tenant.id, now })).toBe('not-due')
      expect(intentsOf(kept.customer)).toHaveLength(1)
      expect(await paymentsOf(tenant.id)).toHaveLength(1)
      // Another studio is untouched.
      expect(intentsOf(bystanderCard.customer)).toHaveLength(0)
      expect(await paymentsOf(bystander.id)).toHaveLength(0)
    } finally {
      await Promise.all(workers.map((running) => running.close()))
      await queue.queueFor(planRenewalJob.name).obliterate({ force: true })
      await queue.close()
    }
  })

  it('a job retried after Stripe took the money sends the same key: one charge, one payment', async () => {
    const periodEnd = new Date(Date.now() - HOUR_MS)
    const tenant = await createTenant(app.platform)
    const kept = await onPaidPlan(tenant, { renewsAt: periodEnd })
    const now = new Date()
    // Two runs at once: one charges while the plan's row is locked, the other then finds it paid.
    const outcomes = await Promise.all([renewPlan(app.platform, { tenantId: tenant.id, now }), renewPlan(app.platform, { tenantId: tenant.id, now })])
    expect(outcomes.sort()).toEqual(['not-due', 'paid'])
    expect(intentsOf(kept.customer)).toHaveLength(1)
    expect(await paymentsOf(tenant.id)).toHaveLength(1)
  })

  it('Pay now and the scheduled retry at the same instant charge the period once', async () => {
    const periodEnd = new Date(Date.now() - 2 * DAY_MS)
    const tenant = await createTenant(app.platform)
    const kept = await onPaidPlan(tenant, { renewsAt: periodEnd, card: DECLINING_CARD })
    expect(await renewPlan(app.platform, { tenantId: tenant.id, now: new Date(periodEnd.getTime() + HOUR_MS) })).toBe('retry')
    // The bank lets the card through now; the admin presses Pay now as the day-1 retry runs.
    stripe.changeCardNumber(kept.paymentMethod, GOOD_CARD)
    const now = new Date()
    const outcomes = await Promise.all([
      renewPlan(app.platform, { tenantId: tenant.id, now, payNow: { attempt: randomBytes(8).toString('hex') } }),
      renewPlan(app.platform, { tenantId: tenant.id, now }),
    ])
    expect(outcomes.sort()).toEqual(['not-due', 'paid'])
    expect(intentsOf(kept.customer).map((intent) => intent.status)).toEqual(['requires_payment_method', 'succeeded'])
    expect((await paymentsOf(tenant.id)).map((row) => row.status)).toEqual(['FAILED', 'SETTLED'])
    expect(await planOf(tenant.id)).toMatchObject({ renewal_failures: 0, renewal_retry_at: null })
  })

  it('a refused renewal is tried again on day 1 and paid then: a failed then a settled payment, the period moved on once', async () => {
    const periodEnd = new Date(Date.now() - 2 * HOUR_MS)
    const tenant = await createTenant(app.platform)
    const kept = await onPaidPlan(tenant, { renewsAt: periodEnd, card: DECLINING_CARD })
    expect(await renewPlan(app.platform, { tenantId: tenant.id, now: new Date() })).toBe('retry')
    const refused = await planOf(tenant.id)
    expect(refused).toMatchObject({ plan_id: 'organize_monthly_plan', renewal_failures: 1, renewal_error: 'Your card was declined.' })
    expect(refused.renewal_retry_at?.getTime()).toBe(periodEnd.getTime() + DAY_MS)
    expect(refused.renews_at?.getTime()).toBe(periodEnd.getTime())
    // Not due again before day 1.
    expect(await sweep(new Date())).not.toContain(tenant.id)
    stripe.changeCardNumber(kept.paymentMethod, GOOD_CARD)
    const dayOne = new Date(periodEnd.getTime() + DAY_MS + HOUR_MS)
    expect(await sweep(dayOne)).toContain(tenant.id)
    expect(await renewPlan(app.platform, { tenantId: tenant.id, now: dayOne })).toBe('paid')
    const paid = await planOf(tenant.id)
    expect(paid).toMatchObject({ renewal_failures: 0, renewal_retry_at: null, renewal_error: null })
    expect(paid.renews_at?.getTime()).toBeGreaterThan(periodEnd.getTime() + 27 * DAY_MS)
    expect((await paymentsOf(tenant.id)).map((row) => row.status)).toEqual(['FAILED', 'SETTLED'])
    expect(intentsOf(kept.customer).map((intent) => intent.status)).toEqual(['requires_payment_method', 'succeeded'])
  })

  it('refused at the period end and on days 1, 3 and 7: the studio drops to Free, its admins are emailed, and it is never charged again', async () => {
    const periodEnd = new Date(Date.now() - 2 * HOUR_MS)
    const tenant = app.demo
    const kept = await onPaidPlan(tenant, { renewsAt: periodEnd, card: DECLINING_CARD })
    const tries = [0, 1, 3, 7].map((day) => new Date(periodEnd.getTime() + day * DAY_MS + HOUR_MS))
    const outcomes = []
    for (const now of tries) outcomes.push(await renewPlan(app.platform, { tenantId: tenant.id, now }))
    expect(outcomes).toEqual(['retry', 'retry', 'retry', 'free'])
    const plan = await planOf(tenant.id)
    expect(plan).toMatchObject({ plan_id: 'free_plan', renews_at: null, renewal_failures: 0, contact_limit: 100 })
    expect(plan.dropped_to_free_at?.getTime()).toBe(tries[3]?.getTime())
    // The day-7 refusal and the move to Free share one instant: compared without their order.
    expect((await paymentsOf(tenant.id)).map((row) => `${row.plan_id} ${row.status}`).sort()).toEqual([
      'free_plan SETTLED',
      'organize_monthly_plan FAILED',
      'organize_monthly_plan FAILED',
      'organize_monthly_plan FAILED',
      'organize_monthly_plan FAILED',
    ])
    const emails = await asSystem(db(), 'test: the emails', (trx) =>
      trx.selectFrom('outbound_emails').select(['to_address', 'subject', 'text_body']).where('tenant_id', '=', tenant.id).where('subject', 'like', '%moved to Free').execute(),
    )
    expect(emails.map((email) => email.to_address)).toContain('admin@demo.test')
    expect(emails[0]?.text_body).toContain('Free plan')
    // Free is never charged: not swept, not renewed, however late.
    const muchLater = new Date(periodEnd.getTime() + 60 * DAY_MS)
    expect(await sweep(muchLater)).not.toContain(tenant.id)
    expect(await renewPlan(app.platform, { tenantId: tenant.id, now: muchLater })).toBe('not-due')
    expect(intentsOf(kept.customer)).toHaveLength(4)
  })
})
