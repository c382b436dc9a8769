import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { asSystem } from '#db/tenant-scope'
import { customDomainVerifyJob, customDomainVerifyJobId } from '#jobs/custom-domain-verify'
import { BullJobQueue, startBullWorkers, type RunningWorkers } from '#jobs/runtime/bullmq-queue'
import { createLogger } from '#server/logger'
import { checkCustomDomain } from '#server/settings/custom-domain'
import { readCustomDomainClaim, scheduleFirstDomainCheck } from '#server/settings/custom-domain-verification'
import { updateTenant } from '#server/settings/update-tenant'
import { startFakeDnsServer, type FakeDnsServer } from '#tests/fakes/dns-server'
import { eventually } from '#tests/support/eventually'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const redisUrl = process.env.REDIS_URL ?? ''

/**
 * The custom-domain check (docs/decisions/131) on the BullMQ runtime, end to end: the save
 * queues the first look in Redis, a worker process runs it against the local DNS server, and a
 * worker killed while it asks DNS leaves the job to the next worker, which verifies the domain
 * once. The worker and this test share the database, which PGlite cannot do.
 */
describe.skipIf(!redisUrl || !process.env.DATABASE_URL)('custom-domain verification on BullMQ: a worker killed mid-run — skipped: needs REDIS_URL and DATABASE_URL', () => {
  const prefix = `test-${randomBytes(6).toString('hex')}`
  let platform: TestPlatform
  let dns: FakeDnsServer
  let queue: BullJobQueue
  let child: ChildProcess | null = null
  let workers: RunningWorkers | null = null

  beforeAll(async () => {
    dns = await startFakeDnsServer()
    platform = await createTestPlatform({ DNS_RESOLVER: dns.address })
    queue = new BullJobQueue({ redisUrl, prefix })
    // What the web server does with Redis configured: saves queue their jobs in Redis.
    ;(platform as { jobs: unknown }).jobs = queue
  }, 60_000)
  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL')
    await workers?.close()
    await queue?.queueFor(customDomainVerifyJob.queue).obliterate({ force: true })
    await queue?.close()
    await platform?.close()
    await dns?.close()
  })

  /**
   * A worker process as `npm run worker` runs, whose job lock lapses 1.5 s after it dies. Its
   * stalled check is short too: BullMQ lets one check run per interval across all workers, so
   * a dead worker's 30-second interval would hold off the next worker's check as long.
   */
  function startWorkerProcess(): {
    process: ChildProcess
    started: Promise<void>
    exited: Promise<unknown>
    output: () => string
  } {
    const worker = spawn(process.execPath, ['--import', 'tsx', 'tests/support/bull-worker-child.ts'], {
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        APP_SECRET: 'test-secret-test-secret-test-secret-0123',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'domain-worker-')),
        DATABASE_URL: platform.testDatabase.url ?? '',
        REDIS_URL: redisUrl,
        QUEUE_PREFIX: prefix,
        DNS_RESOLVER: dns.address,
        LOG_LEVEL: 'warn',
        TEST_LOCK_MS: '1500',
        TEST_STALLED_MS: '500',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const started = new Promise<void>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('worker started')) resolve()
      }
      worker.stdout?.on('data', read)
      worker.stderr?.on('data', read)
      worker.once('exit', (code) => reject(new Error(`the worker exited (${code}) before it started:\n${output}`)))
    })
    const exited = new Promise((resolve) => worker.once('exit', resolve))
    return { process: worker, started, exited, output: () => output }
  }

  const bulk = () => queue.queueFor(customDomainVerifyJob.queue)
  const claimOf = async (tenantId: string) => {
    const claim = await readCustomDomainClaim(platform, tenantId)
    if (!claim) throw new Error('the tenant has no custom domain')
    return claim
  }
  /** Runs a delayed look now, as its time would come. */
  const promote = async (jobId: string) => {
    const job = await eventually(async () => ((await bulk().getJobState(jobId)) === 'delayed' ? bulk().getJob(jobId) : null), 15_000)
    await job.promote()
  }

  it('looks, finds nothing, looks again while the worker is killed, and the next worker verifies the domain once', async () => {
    const tenant = await createTenant(platform, {
      orgId: 'bull-domain',
      name: 'Bull Domain Studio',
    })
    await asSystem(platform.database, 'test: a plan with custom domains', (trx) =>
      trx
        .insertInto('tenant_plans')
        .values({
          tenant_id: tenant.id,
          plan_id: 'growth_monthly_plan',
          period: 'monthly',
        })
        .execute(),
    )
    const fresh = (await platform.tenants.findById(tenant.id))!
    const checked = await checkCustomDomain(platform, fresh, 'book.bull-domain.test', null)
    if (!checked.ok) throw new Error(checked.message)
    expect((await updateTenant(platform, fresh, { customDomain: checked.value })).ok).toBe(true)
    await scheduleFirstDomainCheck(platform, tenant.id)
    const claim = await claimOf(tenant.id)
    expect(claim.status).toBe('pending')
    const jobId = (attempt: number) => customDomainVerifyJobId(tenant.id, claim.claimedAt, attempt)
    expect(await bulk().getJobState(jobId(1))).toBe('delayed')

    // A worker process takes the first look: no record yet, so a second look is scheduled.
    const first = startWorkerProcess()
    child = first.process
    await first.started
    await promote(jobId(1))
    await eventually(async () => (await claimOf(tenant.id)).checkedAt !== null, 20_000)
    expect((await claimOf(tenant.id)).status).toBe('pending')
    expect(await eventually(async () => (await bulk().getJobState(jobId(2))) === 'delayed', 15_000)).toBe(true)

    // The owner publishes the record; the worker is killed while its second look waits on DNS.
    dns.setTxt(claim.recordName, [claim.token])
    dns.hold(true)
    const askedBefore = dns.questions()
    await promote(jobId(2))
    await eventually(async () => dns.questions() > askedBefore, 15_000)
    first.process.kill('SIGKILL')
    await first.exited
    dns.hold(false)
    expect((await claimOf(tenant.id)).status).toBe('pending')
    expect(await bulk().getJobState(jobId(2))).toBe('active')

    // The next worker finds the job stalled, runs it again and verifies the domain: once.
    const changes: string[][] = []
    platform.caches.onChange((tenantId, tags) => {
      if (tenantId === tenant.id) changes.push([...tags])
    })
    workers = startBullWorkers(platform, createLogger('silent'), {
      redisUrl,
      prefix,
      stalledIntervalMs: 500,
    })
    await eventually(async () => (await claimOf(tenant.id)).status === 'verified', 20_000)
    await eventually(async () => (await bulk().getJobState(jobId(2))) === 'completed', 15_000)
    const verified = await claimOf(tenant.id)
    expect(changes).toEqual([['tenant']])
    expect((await platform.tenants.resolveHost('book.bull-domain.test')).kind).toBe('tenant')

    // Nothing is left to look again, and the same look delivered once more changes nothing.
    const waiting = [...(await bulk().getDelayed()), ...(await bulk().getWaiting())].filter((job) => job.name === customDomainVerifyJob.name)
    expect(waiting).toEqual([])
    await queue.enqueue(
      customDomainVerifyJob,
      {
        tenantId: tenant.id,
        domain: claim.domain,
        claimedAt: claim.claimedAt.toISOString(),
        attempt: 2,
        manual: false,
      },
      { jobId: `${jobId(2)}-again` },
    )
    await eventually(async () => (await bulk().getJobState(`${jobId(2)}-again`)) === 'completed', 15_000)
    expect(await claimOf(tenant.id)).toEqual(verified)
    expect(changes).toEqual([['tenant']])
  }, 120_000)
})
