import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { Queue, type ConnectionOptions } from 'bullmq'
import { Redis } from 'ioredis'
import { sql } from 'kysely'
import pg from 'pg'
import { seedDatabase } from '#db/seed'
import { asSystem, withTenant } from '#db/tenant-scope'
import { BullJobQueue, startBullWorkers, type RunningWorkers } from '#jobs/runtime/bullmq-queue'
import { queueSettingsFrom } from '#jobs/runtime/queues'
import { hashPassword } from '#server/auth/password'
import { dateInputValue, zonedTimeToInstant } from '#server/dates/local-time'
import { jobQueueNames, type JobQueue } from '#server/jobs/job-contract'
import { queueDueMemberships } from '#server/memberships/due-memberships'
import { saveStripeAccount } from '#server/payments/stripe-account'
import type { Tenant } from '#server/tenancy/tenant'
import { startFakeStripe, stripeEnvFor, type FakeStripe } from '#tests/fakes/stripe'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { processTreeCpuMs } from './process-cpu'

/** The issue's target: 10,000 due memberships billed in under 60 s by one worker, each once. */
export const MEMBERSHIP_BILLING_TARGET_SECONDS = 60
export const MEMBERSHIPS = 10_000

const ACCOUNT = 'acct_bench_memberships'
/** Rows per insert while filling the tenant: under Postgres's 65,535 parameters for the widest table. */
const INSERT_BATCH = 1_000
/** A run that bills nothing more for this long has stalled: it is reported, not waited for. */
const STALL_MS = 60_000

export interface MembershipBillingResult {
  setup: string
  memberships: number
  /** membership-charge jobs run at once by the one worker (JOBS_BULK_CONCURRENCY). */
  concurrency: number
  /** Filling the tenant (contacts, kept cards, memberships): not in the measured figure. */
  setupSeconds: number
  /** queueDueMemberships itself: the sweep's read and one enqueue per membership. */
  queueSeconds: number
  /** From calling queueDueMemberships until every membership's period is paid. */
  seconds: number
  perSecond: number
  /** CPU of this process (worker, fake Stripe, and with PGlite the database) per membership. */
  cpuMsPerMembership: number
  /** CPU of the Postgres backends of the bench's database per membership; null with PGlite or Postgres elsewhere. */
  databaseCpuMsPerMembership: number | null
  /** Statements sent to the database per membership during the run (transactions' begin and commit included). */
  statementsPerMembership: number
  /** With --statements: each statement's count and total time to answer (ms), slowest total first. */
  statements: Array<{ text: string; count: number; ms: number }> | null
  /** With --cpu-profile DIR: the .cpuprofile of this process during the run. */
  cpuProfile: string | null
  stored: {
    membershipInvoices: number
    paidMembershipInvoices: number
    paidBillings: number
    paidPayments: number
    succeededIntents: number
    /** Billing rows for one membership and period beyond the first (the unique key makes it 0). */
    periodsBilledTwice: number
    /** Memberships with more than one billing row or more than one paid payment. */
    membershipsBilledTwice: number
    /** Memberships with more than one succeeded PaymentIntent at the fake Stripe. */
    membershipsChargedTwiceAtStripe: number
    /** Memberships whose next billing moved on past now (the paid period's effect). */
    movedOn: number
    emailsQueued: number
  }
}

/**
 * The membership billing sweep (issue: "billing 10,000 due memberships against the fake Stripe:
 * under 60 s with one worker, every membership billed once"), on a test platform with the demo
 * studio connected to a local fake Stripe: 10,000 members, each with a card kept at the fake
 * and a recurring monthly membership due today, inserted in batches before the clock starts.
 * Then queueDueMemberships(now), as the scheduled sweep calls it, and one worker bills them:
 * with REDIS_URL a BullMQ worker in this process (startBullWorkers, as `npm run worker` starts
 * it, its own queue prefix; the receipts the charges queue go to Redis too and its interactive
 * worker keeps them in the outbox, no SMTP), without it the in-process queue. Both run
 * JOBS_BULK_CONCURRENCY membership-charge jobs at once (default 2). The clock stops when the
 * database holds a paid billing row for every membership; then the invoices, payments and the
 * fake's PaymentIntents are counted, and any membership billed or charged twice is reported.
 * Database: Postgres when DATABASE_URL is set, else in-memory PGlite in this same process.
 * Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres REDIS_URL=redis://127.0.0.1:6379 npx tsx tests/bench/membership-billing.bench.ts
 * Options: --memberships N (default 10,000) for a quick run; --statements prints every statement
 * the run sent with its count and time to answer per membership (Postgres); --cpu-profile DIR
 * writes a .cpuprofile of this process during the run.
 */
export async function benchMembershipBilling(options: { memberships?: number; statements?: boolean; cpuProfileDir?: string } = {}): Promise<MembershipBillingResult> {
  const count = options.memberships ?? MEMBERSHIPS
  const redisUrl = process.env.REDIS_URL
  const prefix = `bench-memberships-${randomBytes(4).toString('hex')}`
  const stripe = await startFakeStripe()
  const platform = await createTestPlatform({
    ...stripeEnvFor(stripe),
    ...(process.env.JOBS_BULK_CONCURRENCY ? { JOBS_BULK_CONCURRENCY: process.env.JOBS_BULK_CONCURRENCY } : {}),
    ...(process.env.JOBS_INTERACTIVE_CONCURRENCY ? { JOBS_INTERACTIVE_CONCURRENCY: process.env.JOBS_INTERACTIVE_CONCURRENCY } : {}),
  })
  const inProcess = platform.jobs
  let bull: BullJobQueue | null = null
  let workers: RunningWorkers | null = null
  try {
    const setupStarted = performance.now()
    const demo = await seedDemo(platform)
    await saveStripeAccount(platform, demo.id, { accountId: ACCOUNT, accountName: demo.name }, new Date())
    stripe.addAccount(ACCOUNT, { businessName: demo.name })
    const membershipIds = await addDueMemberships(platform, stripe, demo, count)
    const setupSeconds = (performance.now() - setupStarted) / 1000

    const queues = queueSettingsFrom(platform.env)
    if (redisUrl) {
      // A worker process's platform enqueues on BullMQ (the receipts), as `npm run worker`'s does.
      bull = new BullJobQueue({ redisUrl, prefix })
      ;(platform as { jobs: JobQueue }).jobs = bull
      workers = startBullWorkers(platform, platform.logger, { redisUrl, prefix, queues })
    }
    const backends = await databaseBackends(platform)
    const watcher = await watchBillings(platform)
    const statements = countStatements(watcher.client, options.statements ?? false)
    let tally: StatementTally
    const profile = await startCpuProfile(options.cpuProfileDir)
    let run: { now: Date; queueSeconds: number; seconds: number; cpuMs: number; databaseCpuMs: number; profileFile: string | null }
    try {
      const cpuBefore = process.cpuUsage()
      const databaseCpuBefore = backendsCpuMs(backends)
      const now = new Date()
      const started = performance.now()
      const queued = await queueDueMemberships(platform, now)
      const queueSeconds = (performance.now() - started) / 1000
      if (queued !== count) throw new Error(`the sweep queued ${queued} memberships of ${count} due`)
      let paid = 0
      let lastProgress = performance.now()
      for (;;) {
        const counted = await watcher.paid()
        if (counted !== paid) lastProgress = performance.now()
        paid = counted
        if (paid >= count) break
        if (performance.now() - lastProgress > STALL_MS) throw new Error(`billing stalled: ${paid} of ${count} memberships paid, none more for ${STALL_MS / 1000} s`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      const seconds = (performance.now() - started) / 1000
      const cpu = process.cpuUsage(cpuBefore)
      const databaseCpuMs = backendsCpuMs(backends) - databaseCpuBefore
      run = { now, queueSeconds, seconds, cpuMs: (cpu.user + cpu.system) / 1000, databaseCpuMs, profileFile: await profile.stop() }
    } finally {
      tally = statements.stop()
      await watcher.close()
    }

    // The jobs still finishing (a receipt queued after its period was paid) before counting.
    if (bull) await drainBull(bull)
    else await inProcess.drain()
    const stored = await countStored(platform, stripe, membershipIds, run.now)
    return {
      setup: `${process.env.DATABASE_URL ? 'Postgres' : 'PGlite in this process'}, ${redisUrl ? 'one BullMQ worker in this process' : 'in-process jobs (no REDIS_URL)'}, fake Stripe in this process`,
      memberships: count,
      concurrency: queues.bulk.concurrency,
      setupSeconds,
      queueSeconds: run.queueSeconds,
      seconds: run.seconds,
      perSecond: count / run.seconds,
      cpuMsPerMembership: run.cpuMs / count,
      databaseCpuMsPerMembership: backends.length > 0 ? run.databaseCpuMs / count : null,
      statementsPerMembership: tally.statements / count,
      statements: options.statements ? [...tally.bySql].map(([text, entry]) => ({ text, ...entry })).sort((a, b) => b.ms - a.ms) : null,
      cpuProfile: run.profileFile,
      stored,
    }
  } finally {
    await workers?.close()
    if (bull) {
      ;(platform as { jobs: JobQueue }).jobs = inProcess
      await bull.close()
      if (redisUrl) await removeQueues(redisUrl, prefix)
    }
    await platform.close()
    await stripe.close()
    await rm(platform.env.DATA_DIR, { recursive: true, force: true })
  }
}

async function seedDemo(platform: TestPlatform): Promise<Tenant> {
  await seedDatabase(platform.database, { masterOrgId: platform.env.MASTER_ORG_ID, includeDemo: true, demoPassword: 'bench-password-1', hashPassword })
  const demo = await platform.tenants.findByOrgId('demo')
  if (!demo) throw new Error('the seed made no demo tenant')
  return demo
}

/**
 * Members with a card kept at the fake Stripe and the demo's Monthly Unlimited held on the
 * terms it sells on, due at midnight today in the studio's zone (what a paid period leaves in
 * next_billing_at): contacts, saved cards and memberships each in batched inserts.
 */
async function addDueMemberships(platform: TestPlatform, stripe: FakeStripe, demo: Tenant, count: number): Promise<string[]> {
  const zone = demo.settings.timezone
  const today = dateInputValue(new Date(), zone)
  const dueAt = zonedTimeToInstant(today, '00:00', zone)
  if (!dueAt) throw new Error(`no midnight on ${today} in ${zone}`)
  const option = await withTenant(platform.database, demo.id, (trx) =>
    trx
      .selectFrom('item_price_options as o')
      .innerJoin('catalog_items as i', 'i.id', 'o.item_id')
      .select(['o.id', 'o.item_id', 'o.name', 'o.price_minor', 'o.discount_minor', 'o.currency', 'o.frequency', 'o.is_taxable', 'o.is_charge_card_fees'])
      .where('i.kind', '=', 'membership')
      .where('o.membership_type', '=', 'recurring')
      .where('o.frequency', '=', 'monthly')
      .executeTakeFirstOrThrow(),
  )
  if (option.frequency === null) throw new Error('the demo recurring option has no frequency')
  const frequency = option.frequency
  const periodPriceMinor = Math.max(0, Number(option.price_minor) - Number(option.discount_minor))
  const membershipIds: string[] = []
  for (let from = 1; from <= count; from += INSERT_BATCH) {
    const numbers = Array.from({ length: Math.min(INSERT_BATCH, count - from + 1) }, (_, index) => from + index)
    await asSystem(platform.database, 'bench: fill the demo studio with members due for billing', async (trx) => {
      const contacts = await trx
        .insertInto('contacts')
        .values(numbers.map((n) => ({ tenant_id: demo.id, first_name: 'Member', last_name: `Bench ${n}`, email: `member${n}@membership-bench.test`, is_status_member: true })))
        .returning(['id', 'email'])
        .execute()
      const cards = contacts.map((contact) => ({ contact, kept: stripe.keepCard(ACCOUNT, { number: '4242424242424242', email: contact.email ?? undefined }) }))
      const methods = await trx
        .insertInto('saved_payment_methods')
        .values(
          cards.map(({ contact, kept }) => ({
            tenant_id: demo.id,
            contact_id: contact.id,
            provider: 'STRIPE' as const,
            account_id: ACCOUNT,
            customer_ref: kept.customer,
            method_ref: kept.paymentMethod,
            kind: 'card' as const,
            brand: 'visa',
            last4: '4242',
            exp_month: 12,
            exp_year: new Date().getUTCFullYear() + 3,
          })),
        )
        .returning(['id', 'contact_id'])
        .execute()
      const memberships = await trx
        .insertInto('contact_memberships')
        .values(
          methods.map((method) => ({
            tenant_id: demo.id,
            contact_id: method.contact_id,
            item_id: option.item_id,
            price_option_id: option.id,
            name: option.name,
            membership_type: 'recurring' as const,
            status: 'active' as const,
            starts_at: new Date(dueAt.getTime() - 31 * 24 * 3600 * 1000),
            next_billing_at: dueAt,
            payment_method_id: method.id,
            period_price_minor: periodPriceMinor,
            currency: option.currency,
            frequency,
            first_billing_on: today,
            is_taxable: option.is_taxable,
            is_charge_card_fees: option.is_charge_card_fees,
          })),
        )
        .returning('id')
        .execute()
      membershipIds.push(...memberships.map((row) => row.id))
    })
  }
  return membershipIds
}

/**
 * Counts the paid billing rows while the worker bills: on Postgres through a connection of its
 * own (the worker keeps the pool, and its statements are not the worker's), else through the
 * platform's PGlite.
 */
async function watchBillings(platform: TestPlatform): Promise<{ client: pg.Client | null; paid(): Promise<number>; close(): Promise<void> }> {
  const url = platform.testDatabase.url
  if (!url) {
    return {
      client: null,
      async paid() {
        const row = await asSystem(platform.database, 'bench: watch the billing', (trx) =>
          trx
            .selectFrom('membership_billings')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('status', '=', 'paid')
            .executeTakeFirstOrThrow(),
        )
        return Number(row.n)
      },
      close: async () => undefined,
    }
  }
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  // What asSystem turns on per transaction, for this watching session (row-level security is forced).
  await client.query(`select set_config('app.system_access', 'on', false)`)
  return {
    client,
    async paid() {
      const result = await client.query<{ n: string }>(`select count(*) as n from membership_billings where status = 'paid'`)
      return Number(result.rows[0]?.n ?? 0)
    },
    close: () => client.end(),
  }
}

async function countStored(platform: TestPlatform, stripe: FakeStripe, membershipIds: string[], now: Date): Promise<MembershipBillingResult['stored']> {
  const rows = await asSystem(platform.database, 'bench: count what the billing stored', (trx) =>
    sql<{
      membership_invoices: string
      paid_membership_invoices: string
      paid_billings: string
      paid_payments: string
      periods_twice: string
      billed_twice: string
      moved_on: string
      emails: string
    }>`
      select (select count(*) from invoices where source = 'membership') as membership_invoices,
             (select count(*) from invoices where source = 'membership' and status = 'paid') as paid_membership_invoices,
             (select count(*) from membership_billings where status = 'paid') as paid_billings,
             (select count(*) from payments p join invoices i on i.id = p.invoice_id where i.source = 'membership' and p.status = 'paid') as paid_payments,
             (select count(*) from (select 1 from membership_billings group by membership_id, period_on having count(*) > 1) twice) as periods_twice,
             (select count(*) from (
                select b.membership_id from membership_billings b
                left join payments p on p.invoice_id = b.invoice_id and p.status = 'paid'
                group by b.membership_id having count(distinct b.id) > 1 or count(p.id) > 1) twice) as billed_twice,
             (select count(*) from contact_memberships where membership_type = 'recurring' and status = 'active' and next_billing_at > ${now}) as moved_on,
             (select count(*) from outbound_emails) as emails`.execute(trx),
  )
  const row = rows.rows[0]
  if (!row) throw new Error('the counts answered nothing')
  const ours = new Set(membershipIds)
  const succeeded = stripe.intents().filter((intent) => intent.status === 'succeeded' && ours.has(intent.metadata.membershipId ?? ''))
  const perMembership = new Map<string, number>()
  for (const intent of succeeded) perMembership.set(intent.metadata.membershipId ?? '', (perMembership.get(intent.metadata.membershipId ?? '') ?? 0) + 1)
  return {
    membershipInvoices: Number(row.membership_invoices),
    paidMembershipInvoices: Number(row.paid_membership_invoices),
    paidBillings: Number(row.paid_billings),
    paidPayments: Number(row.paid_payments),
    succeededIntents: succeeded.length,
    periodsBilledTwice: Number(row.periods_twice),
    membershipsBilledTwice: Number(row.billed_twice),
    membershipsChargedTwiceAtStripe: [...perMembership.values()].filter((n) => n > 1).length,
    movedOn: Number(row.moved_on),
    emailsQueued: Number(row.emails),
  }
}

/** What the database was sent while billing, by statement: how often and how long each took to answer. */
export interface StatementTally {
  statements: number
  bySql: Map<string, { count: number; ms: number }>
}

/**
 * Counts the statements the database is sent while billing: every query of node-postgres's
 * clients (Postgres) goes through Client.prototype.query; the watcher's are left out. With
 * `timed`, each is also timed from the call to its answer, by its SQL. Nothing with PGlite.
 */
function countStatements(watcher: pg.Client | null, timed: boolean): { stop(): StatementTally } {
  const prototype = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }
  const original = prototype.query
  const tally: StatementTally = { statements: 0, bySql: new Map() }
  prototype.query = function (this: unknown, ...args: unknown[]) {
    if (this === watcher) return original.apply(this, args)
    tally.statements += 1
    const answer = original.apply(this, args)
    const first = args[0]
    const text = typeof first === 'string' ? first : typeof first === 'object' && first !== null && 'text' in first ? String((first as { text: unknown }).text) : ''
    if (timed && answer instanceof Promise) {
      const began = performance.now()
      const key = text.replace(/\s+/g, ' ').slice(0, 150)
      void answer.then(
        () => {
          const entry = tally.bySql.get(key) ?? { count: 0, ms: 0 }
          entry.count += 1
          entry.ms += performance.now() - began
          tally.bySql.set(key, entry)
        },
        () => undefined,
      )
    }
    return answer
  }
  return {
    stop() {
      prototype.query = original
      return tally
    },
  }
}

/** Profiles this process's CPU (the worker, the fake Stripe) while billing, for Chrome DevTools. */
async function startCpuProfile(dir: string | undefined): Promise<{ stop(): Promise<string | null> }> {
  if (!dir) return { stop: async () => null }
  const session = new Session()
  session.connect()
  const post = (method: string) => new Promise<unknown>((resolve, reject) => session.post(method, (error, result) => (error ? reject(error) : resolve(result))))
  await post('Profiler.enable')
  await post('Profiler.start')
  return {
    async stop() {
      const result = (await post('Profiler.stop')) as { profile: unknown }
      session.disconnect()
      await mkdir(dir, { recursive: true })
      const file = join(dir, `membership-billing-${process.pid}.cpuprofile`)
      await writeFile(file, JSON.stringify(result.profile))
      return file
    },
  }
}

/** The Postgres backends of the bench's database (its pool), when Postgres runs on this machine. */
async function databaseBackends(platform: TestPlatform): Promise<number[]> {
  if (!platform.testDatabase.url || !process.env.DATABASE_URL) return []
  // Fill the pool first (createTestDatabase opens at most 5), so every connection the worker will use is counted.
  await Promise.all(Array.from({ length: 5 }, () => platform.database.db.transaction().execute((trx) => sql`select pg_sleep(0.05)`.execute(trx))))
  const name = new URL(platform.testDatabase.url).pathname.slice(1)
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    const result = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [name])
    const pids = result.rows.map((row) => row.pid)
    return pids.every((pid) => existsSync(`/proc/${pid}/stat`)) ? pids : []
  } finally {
    await client.end()
  }
}

function backendsCpuMs(pids: number[]): number {
  return pids.reduce((sum, pid) => sum + processTreeCpuMs(pid), 0)
}

/** Waits until neither BullMQ queue has a job waiting, delayed or running. */
async function drainBull(queue: BullJobQueue): Promise<void> {
  const started = performance.now()
  for (;;) {
    let left = 0
    for (const name of jobQueueNames) {
      const counts = await queue.queueFor(name).getJobCounts('waiting', 'prioritized', 'delayed', 'active')
      left += Object.values(counts).reduce((sum, n) => sum + n, 0)
    }
    if (left === 0 || performance.now() - started > 60_000) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** Removes the run's queues from Redis, so it keeps nothing of the bench. */
async function removeQueues(redisUrl: string, prefix: string): Promise<void> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null })
  try {
    for (const name of jobQueueNames) {
      const queue = new Queue(name, { connection: connection as ConnectionOptions, prefix })
      await queue.obliterate({ force: true })
      await queue.close()
    }
    // The tenant lines (jobs/runtime/tenant-lines.ts) live under the same prefix.
    const keys = await connection.keys(`${prefix}:*`)
    if (keys.length > 0) await connection.del(...keys)
  } finally {
    connection.disconnect()
  }
}

/** The counts afterwards in a line: invoices, succeeded charges, and memberships billed or charged twice. */
export function formatBilledOnce(r: MembershipBillingResult): string {
  const s = r.stored
  return `${s.membershipInvoices} membership invoices, ${s.succeededIntents} succeeded charges, ${s.membershipsBilledTwice + s.membershipsChargedTwiceAtStripe} billed twice`
}

export function formatMembershipBilling(r: MembershipBillingResult): string {
  const s = r.stored
  const once =
    s.membershipInvoices === r.memberships &&
    s.paidMembershipInvoices === r.memberships &&
    s.succeededIntents === r.memberships &&
    s.paidPayments === r.memberships &&
    s.periodsBilledTwice === 0 &&
    s.membershipsBilledTwice === 0 &&
    s.membershipsChargedTwiceAtStripe === 0
  return [
    `Membership billing (${r.setup}, ${r.concurrency} membership-charge jobs at once):`,
    `  ${r.memberships.toLocaleString('en')} due memberships billed in ${r.seconds.toFixed(2)} s = ${r.perSecond.toFixed(0)} memberships/s (sweep's queueing ${r.queueSeconds.toFixed(
      2,
    )} s of it; setup ${r.setupSeconds.toFixed(1)} s not counted; target under ${MEMBERSHIP_BILLING_TARGET_SECONDS} s for ${MEMBERSHIPS.toLocaleString('en')})`,
    `  per membership: ${r.cpuMsPerMembership.toFixed(2)} ms CPU in this process${r.databaseCpuMsPerMembership === null ? '' : `, ${r.databaseCpuMsPerMembership.toFixed(2)} ms Postgres CPU`}${
      r.statementsPerMembership > 0 ? `, ${r.statementsPerMembership.toFixed(1)} database statements` : ''
    }`,
    `  stored: ${s.membershipInvoices} membership invoices (${s.paidMembershipInvoices} paid), ${s.paidBillings} paid billing rows, ${s.paidPayments} paid payments, ${s.succeededIntents} succeeded PaymentIntents at the fake Stripe, ${s.movedOn} memberships moved on to their next period, ${s.emailsQueued} emails queued`,
    `  ${s.periodsBilledTwice} periods with two billing rows, ${s.membershipsBilledTwice} memberships billed twice, ${s.membershipsChargedTwiceAtStripe} charged twice at Stripe: ${
      once ? 'every membership billed exactly once' : 'NOT exactly once'
    }`,
    ...(r.statements
      ? [
          '  statements by total time to answer, slowest first (ms per membership, count per membership):',
          ...r.statements.map((entry) => `    ${(entry.ms / r.memberships).toFixed(2).padStart(6)} ms ${(entry.count / r.memberships).toFixed(2).padStart(5)}x  ${entry.text}`),
        ]
      : []),
    ...(r.cpuProfile ? [`  CPU profile of the run: ${r.cpuProfile}`] : []),
  ].join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { memberships: { type: 'string' }, statements: { type: 'boolean' }, 'cpu-profile': { type: 'string' } } })
  const memberships = values.memberships === undefined ? MEMBERSHIPS : Number(values.memberships)
  if (!Number.isInteger(memberships) || memberships < 1) throw new Error('--memberships takes a whole number of at least 1')
  console.log(formatMembershipBilling(await benchMembershipBilling({ memberships, statements: values.statements, cpuProfileDir: values['cpu-profile'] })))
}
