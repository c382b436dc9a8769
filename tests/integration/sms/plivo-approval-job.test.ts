import { randomBytes } from 'node:crypto'
import { withTenant } from '#db/tenant-scope'
import { plivoApprovalCheckJob, plivoApprovalCheckJobId } from '#jobs/plivo-approval-check'
import { BullJobQueue, startBullWorkers, type RunningWorkers } from '#jobs/runtime/bullmq-queue'
import { createLogger } from '#server/logger'
import { buyPlivoNumber } from '#server/sms/buy-plivo-number'
import { refreshPlivoApproval, runPlivoApprovalCheck } from '#server/sms/plivo-approval'
import { APPROVAL_WATCH_MS } from '#server/sms/plivo-approval-schedule'
import { PLIVO_REFUSALS } from '#server/sms/plivo-page'
import type { Tenant } from '#server/tenancy/tenant'
import { startFakePlivo, type FakePlivo } from '#tests/fakes/plivo-fake'
import { eventually } from '#tests/support/eventually'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { handClock, recordingJobs, smsSettingsRow, startPlivoAccount } from './sms-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const redisUrl = process.env.REDIS_URL ?? ''
const MINUTE = 60_000
const HOUR = 60 * MINUTE

describe(`Plivo approval checked in the background (${engine})`, () => {
  let platform: TestPlatform
  let fake: FakePlivo
  let n = 0
  const platformClock = handClock(new Date())

  beforeAll(async () => {
    fake = await startFakePlivo()
    // The worker's runs read this clock: the test moves it to each check's time before running it.
    platform = await createTestPlatform({ PLIVO_API_URL: fake.url }, { clock: platformClock })
  })
  afterAll(async () => {
    await platform?.close()
    await fake?.close()
  })

  const newStudio = async (): Promise<Tenant> => {
    fake.reset()
    const tenant = await createTenant(platform, { orgId: `plivowatch${++n}` })
    await startPlivoAccount(platform, tenant, fake)
    return tenant
  }
  /** The job's work on a clock the test moves, with the checks it queues only noted. */
  const onClock = (start: Date) => {
    const clock = handClock(start)
    const jobs = recordingJobs()
    const services = {
      database: platform.database,
      env: platform.env,
      jobs,
      clock,
    }
    return { clock, jobs, services }
  }

  it('a number bought waiting is asked about 5, 20 and 80 minutes on, then every 6 hours for a week, and then no more', async () => {
    const tenant = await newStudio()
    const boughtAt = new Date('2026-12-10T09:00:00Z')
    const { clock, jobs, services } = onClock(boughtAt)
    expect(await buyPlivoNumber(services, tenant.id, '14155550100', boughtAt)).toEqual({ ok: true, value: { number: '+14155550100', approved: false } })
    expect((await smsSettingsRow(platform, tenant)).plivo_waiting_since).toEqual(boughtAt)
    expect(jobs.queued).toEqual([
      {
        name: plivoApprovalCheckJob.name,
        payload: { tenantId: tenant.id },
        options: {
          jobId: plivoApprovalCheckJobId(tenant.id, new Date(boughtAt.getTime() + 5 * MINUTE)),
          delayMs: 5 * MINUTE,
        },
      },
    ])

    const runAt = (ms: number) => {
      clock.advance(boughtAt.getTime() + ms - clock.now().getTime())
      return runPlivoApprovalCheck(services, { tenantId: tenant.id })
    }
    const lastDelay = () => jobs.queued.at(-1)?.options.delayMs
    await runAt(5 * MINUTE)
    expect(lastDelay()).toBe(15 * MINUTE)
    await runAt(20 * MINUTE)
    expect(lastDelay()).toBe(60 * MINUTE)
    await runAt(80 * MINUTE)
    expect(lastDelay()).toBe(6 * HOUR)
    expect(fake.calls.readNumber).toBe(4)
    expect((await smsSettingsRow(platform, tenant)).plivo_approval_checked_at).toEqual(clock.now())

    // Plivo down: still waiting, the next check is queued all the same.
    fake.failNext(1, 503)
    await runAt(80 * MINUTE + 6 * HOUR)
    expect(lastDelay()).toBe(6 * HOUR)
    expect((await smsSettingsRow(platform, tenant)).is_messaging_approved).toBe(false)

    // The last check of the week queues none after it.
    const queuedBefore = jobs.queued.length
    await runAt(APPROVAL_WATCH_MS - HOUR)
    expect(jobs.queued).toHaveLength(queuedBefore)

    // 'Check approval' after the week starts another from now.
    clock.advance(2 * HOUR)
    const now = clock.now()
    expect(await refreshPlivoApproval(services, tenant.id, now)).toEqual({
      ok: true,
      value: { approved: false },
    })
    expect((await smsSettingsRow(platform, tenant)).plivo_waiting_since).toEqual(now)
    expect(jobs.queued.at(-1)?.options).toEqual({
      jobId: plivoApprovalCheckJobId(tenant.id, new Date(now.getTime() + 5 * MINUTE)),
      delayMs: 5 * MINUTE,
    })
  })

  it('stops when Plivo no longer lists the number (removed here) or Plivo is no longer the provider', async () => {
    const tenant = await newStudio()
    const boughtAt = new Date('2026-12-10T09:00:00Z')
    const { clock, jobs, services } = onClock(boughtAt)
    await buyPlivoNumber(services, tenant.id, '14155550101', boughtAt)
    fake.owned.delete('14155550101')
    clock.advance(5 * MINUTE)
    await runPlivoApprovalCheck(services, { tenantId: tenant.id })
    expect(await smsSettingsRow(platform, tenant)).toMatchObject({
      plivo_phone_number: null,
      is_messaging_approved: false,
      plivo_waiting_since: null,
    })
    expect(jobs.queued).toHaveLength(1)
    expect(await refreshPlivoApproval(services, tenant.id, clock.now())).toEqual({
      ok: false,
      error: 'conflict',
      message: PLIVO_REFUSALS.noNumber,
    })

    const other = await newStudio()
    const { jobs: otherJobs, services: otherServices } = onClock(boughtAt)
    await buyPlivoNumber(otherServices, other.id, '14155550102', boughtAt)
    // The studio moves to Twilio: Plivo's settings go (decision 138), and the check has nothing to ask.
    await withTenant(platform.database, other.id, (trx) => trx.deleteFrom('sms_settings').execute())
    const calls = fake.calls.readNumber
    await runPlivoApprovalCheck(otherServices, { tenantId: other.id })
    expect(fake.calls.readNumber).toBe(calls)
    expect(otherJobs.queued).toHaveLength(1)
  })

  describe.skipIf(!redisUrl)('on BullMQ (skipped: needs REDIS_URL)', () => {
    const prefix = `test-${randomBytes(6).toString('hex')}`
    let queue: BullJobQueue
    let workers: RunningWorkers
    let inProcess: TestPlatform['jobs']

    beforeAll(() => {
      queue = new BullJobQueue({ redisUrl, prefix })
      inProcess = platform.jobs
      // Buy and 'Check approval' queue their checks in Redis, as the web server does with Redis configured.
      ;(platform as { jobs: unknown }).jobs = queue
      workers = startBullWorkers(platform, createLogger('silent'), {
        redisUrl,
        prefix,
      })
    })
    afterAll(async () => {
      await workers?.close()
      await queue?.queueFor(plivoApprovalCheckJob.queue).obliterate({ force: true })
      await queue?.close()
      ;(platform as { jobs: unknown }).jobs = inProcess
    })

    it("the buy queues one check, 'Check approval' adds none beside it; the worker's runs turn the number Approved, and a run again asks nothing", async () => {
      const tenant = await newStudio()
      const bulk = queue.queueFor(plivoApprovalCheckJob.queue)
      const checksOf = async () => (await bulk.getDelayed()).filter((job) => job.name === plivoApprovalCheckJob.name && (job.data as { tenantId: string }).tenantId === tenant.id)

      const bought = await buyPlivoNumber(platform, tenant.id, '14155550100', platformClock.now())
      expect(bought.ok).toBe(true)
      const since = (await smsSettingsRow(platform, tenant)).plivo_waiting_since!
      const first = plivoApprovalCheckJobId(tenant.id, new Date(since.getTime() + 5 * MINUTE))
      expect((await checksOf()).map((job) => job.id)).toEqual([first])
      expect(await refreshPlivoApproval(platform, tenant.id, platformClock.now())).toEqual({ ok: true, value: { approved: false } })
      expect((await checksOf()).map((job) => job.id)).toEqual([first])

      // Its time comes: still waiting, so the next check is queued.
      const readsBefore = fake.calls.readNumber
      platformClock.advance(5 * MINUTE)
      await (await bulk.getJob(first))!.promote()
      const second = plivoApprovalCheckJobId(tenant.id, new Date(since.getTime() + 20 * MINUTE))
      await eventually(async () => (await checksOf()).some((job) => job.id === second), 15_000)
      expect(fake.calls.readNumber).toBe(readsBefore + 1)
      await eventually(async () => (await bulk.getJobState(first)) === 'completed', 15_000)

      // Carriers approve; the next check writes Approved, as the button would, and queues no more.
      fake.approve('14155550100')
      platformClock.advance(15 * MINUTE)
      await (await bulk.getJob(second))!.promote()
      await eventually(async () => (await smsSettingsRow(platform, tenant)).is_messaging_approved, 15_000)
      expect(await smsSettingsRow(platform, tenant)).toMatchObject({
        plivo_phone_number: '+14155550100',
        is_messaging_approved: true,
        plivo_waiting_since: null,
      })
      await eventually(async () => (await bulk.getJobState(second)) === 'completed', 15_000)
      expect(await checksOf()).toEqual([])

      // The same check delivered again finds the number approved and asks Plivo nothing.
      const reads = fake.calls.readNumber
      await queue.enqueue(plivoApprovalCheckJob, { tenantId: tenant.id }, { jobId: `${second}-again` })
      await eventually(async () => (await bulk.getJobState(`${second}-again`)) === 'completed', 15_000)
      expect(fake.calls.readNumber).toBe(reads)
      expect((await smsSettingsRow(platform, tenant)).is_messaging_approved).toBe(true)
    }, 60_000)
  })
})
