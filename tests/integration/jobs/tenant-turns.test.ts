import { randomBytes, randomUUID } from 'node:crypto'
import { Redis } from 'ioredis'
import { BullJobQueue, startBullWorkers, type RunningWorkers } from '#jobs/runtime/bullmq-queue'
import type { JobQueue } from '#server/jobs/job-contract'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { captureLogger } from './job-test-support'
import { receiptJob, slowBulkJob, turnTakingJobs, type TurnTakingJobs } from './turn-taking-jobs'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const redisUrl = process.env.REDIS_URL ?? ''
const BACKLOG = 12

async function eventually(check: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not happen in time`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * Tenant A fills the bulk queue with long work (held until the test lets it go); tenant B
 * then asks for a receipt and for one bulk job of its own. One job at a time per queue, so
 * the order says everything: B's receipt is done while all of A's work is still held, and
 * B's bulk job is the next to finish after the one A job already running.
 */
async function tenantsTakeTurns(jobs: JobQueue, turnTaking: TurnTakingJobs): Promise<{ tenantA: string; tenantB: string }> {
  const tenantA = randomUUID()
  const tenantB = randomUUID()
  for (let i = 1; i <= BACKLOG; i++) await jobs.enqueue(slowBulkJob, { tenantId: tenantA, label: `held A${i}` })
  await jobs.enqueue(slowBulkJob, { tenantId: tenantB, label: 'B bulk' })
  await jobs.enqueue(receiptJob, { tenantId: tenantB, label: 'B receipt' })

  await eventually(() => turnTaking.finished.includes('B receipt'), "B's receipt")
  expect(turnTaking.finished).toEqual(['B receipt'])

  turnTaking.open()
  await eventually(() => turnTaking.finished.length === BACKLOG + 2, 'all the work')
  const bulkOrder = turnTaking.finished.filter((label) => label !== 'B receipt')
  expect(bulkOrder[0]).toBe('held A1')
  expect(bulkOrder[1]).toBe('B bulk')
  expect(bulkOrder.slice(2)).toEqual(Array.from({ length: BACKLOG - 1 }, (_, i) => `held A${i + 2}`))
  return { tenantA, tenantB }
}

describe(`tenants take turns in the in-process runtime (${engine})`, () => {
  let platform: TestPlatform
  let turnTaking: TurnTakingJobs

  beforeAll(async () => {
    turnTaking = turnTakingJobs()
    platform = await createTestPlatform(
      { JOBS_INTERACTIVE_CONCURRENCY: '1', JOBS_BULK_CONCURRENCY: '1' },
      { extraJobs: turnTaking.registered },
    )
  })
  afterAll(() => platform?.close())

  it("one tenant's bulk backlog holds up neither another tenant's receipt nor its bulk job", async () => {
    await tenantsTakeTurns(platform.jobs, turnTaking)
    await platform.jobs.drain()
  })
})

describe.skipIf(!redisUrl)(`tenants take turns on BullMQ (${engine}) — skipped: needs REDIS_URL`, () => {
  let platform: TestPlatform
  let queue: BullJobQueue
  let workers: RunningWorkers
  let turnTaking: TurnTakingJobs
  const prefix = `test-${randomBytes(6).toString('hex')}`

  beforeAll(async () => {
    turnTaking = turnTakingJobs()
    platform = await createTestPlatform()
    queue = new BullJobQueue({ redisUrl, prefix })
    workers = startBullWorkers(platform, captureLogger().logger, {
      redisUrl,
      prefix,
      queues: { interactive: { concurrency: 1 }, bulk: { concurrency: 1 } },
      extraJobs: turnTaking.registered,
    })
  })
  afterAll(async () => {
    turnTaking?.open()
    await workers?.close()
    for (const name of ['interactive', 'bulk']) await queue?.queueFor(name).obliterate({ force: true })
    await queue?.close()
    await platform?.close()
  })

  it("one tenant's bulk backlog holds up neither another tenant's receipt nor its bulk job", async () => {
    const { tenantA, tenantB } = await tenantsTakeTurns(queue, turnTaking)
    // Every job left its tenant's line once it ended: each tenant's next job is first again.
    // (The last handler has returned; BullMQ may still be recording its end.)
    const redis = new Redis(redisUrl)
    try {
      const linesAndQueue = async () => {
        const lines = await Promise.all(
          [`bulk:${tenantA}`, `bulk:${tenantB}`, `interactive:${tenantB}`].map((line) => redis.zcard(`${prefix}:turns:${line}`)),
        )
        const counts = await queue.queueFor('bulk').getJobCounts('wait', 'prioritized', 'active')
        return { lines, counts }
      }
      const settled = { lines: [0, 0, 0], counts: { wait: 0, prioritized: 0, active: 0 } }
      const deadline = Date.now() + 10_000
      let seen = await linesAndQueue()
      while (JSON.stringify(seen) !== JSON.stringify(settled) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50))
        seen = await linesAndQueue()
      }
      expect(seen).toEqual(settled)
    } finally {
      redis.disconnect()
    }
  })
})
