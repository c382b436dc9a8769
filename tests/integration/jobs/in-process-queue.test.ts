import { z } from 'zod'
import { InProcessJobQueue } from '#jobs/runtime/in-process-queue'
import { registerJob } from '#jobs/runtime/registry'
import { sendEmailJob } from '#jobs/send-email'
import { defineJob } from '#server/jobs/job-contract'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { captureLogger, fakeMailer, insertOutboxRow, readOutboxRow, within, type LogLine } from './job-test-support'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'

/** The real send-email job with short waits, so retries take milliseconds. */
const quickSendEmail = { ...sendEmailJob, attempts: 3, backoffMs: 40 }

describe(`in-process job queue (${engine})`, () => {
  let platform: TestPlatform
  let queue: InProcessJobQueue
  let lines: LogLine[]

  beforeAll(async () => {
    platform = await createTestPlatform()
  })
  afterAll(() => platform.close())

  beforeEach(() => {
    const captured = captureLogger()
    lines = captured.lines
    queue = new InProcessJobQueue(() => platform, captured.logger)
  })
  afterEach(() => queue.close())

  const failures = () => lines.filter((line) => line.msg.startsWith('job failed'))

  it('refuses a payload that does not match the job, and runs nothing', async () => {
    platform.mailer = fakeMailer()
    await expect(queue.enqueue(sendEmailJob, { emailId: 'not-a-uuid', tenantId: null })).rejects.toThrow(z.ZodError)
    await expect(
      queue.enqueue(sendEmailJob, { emailId: crypto.randomUUID() } as unknown as z.infer<typeof sendEmailJob.payload>),
    ).rejects.toThrow(z.ZodError)
    await queue.drain()
    expect(lines).toEqual([])
  })

  it('refuses a job that has no handler, instead of failing later where nobody listens', async () => {
    const unknownJob = defineJob({ name: 'no-such-job', payload: z.object({ id: z.string(), tenantId: z.null() }) })
    await expect(queue.enqueue(unknownJob, { id: 'x', tenantId: null })).rejects.toThrow('no handler registered for job no-such-job')
    await queue.drain()
  })

  it('runs a job: the outbox row is sent', async () => {
    const mailer = fakeMailer()
    platform.mailer = mailer
    const row = await insertOutboxRow(platform.database, { subject: 'Welcome' })
    await queue.enqueue(sendEmailJob, { emailId: row.id, tenantId: null })
    await queue.drain()
    expect(mailer.sent.map((message) => message.subject)).toEqual(['Welcome'])
    expect(await readOutboxRow(platform.database, row.id)).toMatchObject({ status: 'sent', attempts: 1, last_error: null })
  })

  it('retries with exponential backoff, then gives up and records the failure', async () => {
    const mailer = fakeMailer({ failures: () => new Error('connect ECONNREFUSED 127.0.0.1:25') })
    platform.mailer = mailer
    const row = await insertOutboxRow(platform.database)
    await queue.enqueue(quickSendEmail, { emailId: row.id, tenantId: null })
    await queue.drain()

    expect(mailer.attempts).toHaveLength(3)
    const [first = 0, second = 0, third = 0] = mailer.attempts
    expect(second - first).toBeGreaterThanOrEqual(35)
    expect(third - second).toBeGreaterThanOrEqual(75)
    expect(failures().map((line) => [line.msg, line.attempt])).toEqual([
      ['job failed, will retry', 1],
      ['job failed, will retry', 2],
      ['job failed', 3],
    ])
    expect(await readOutboxRow(platform.database, row.id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'connect ECONNREFUSED 127.0.0.1:25',
      sent_at: null,
    })
  })

  it('succeeds on a retry after a passing failure', async () => {
    const mailer = fakeMailer({ failures: (attempt) => (attempt === 1 ? new Error('451 try again later') : null) })
    platform.mailer = mailer
    const row = await insertOutboxRow(platform.database)
    await queue.enqueue(quickSendEmail, { emailId: row.id, tenantId: null })
    await queue.drain()
    expect(mailer.sent).toHaveLength(1)
    const stored = await readOutboxRow(platform.database, row.id)
    expect(stored).toMatchObject({ status: 'sent', attempts: 2, last_error: null })
    expect(stored.sent_at).toBeInstanceOf(Date)
  })

  it('stops at once on an unrecoverable error', async () => {
    const tenant = await createTenant(platform)
    const other = await createTenant(platform)
    platform.mailer = fakeMailer()
    // A row that is gone, and a row asked for under the wrong tenant: retrying cannot help.
    const ofTenant = await insertOutboxRow(platform.database, { tenantId: tenant.id })
    await queue.enqueue(quickSendEmail, { emailId: crypto.randomUUID(), tenantId: null })
    await queue.enqueue(quickSendEmail, { emailId: ofTenant.id, tenantId: other.id })
    await queue.drain()
    expect(failures().map((line) => [line.msg, line.attempt])).toEqual([
      ['job failed', 1],
      ['job failed', 1],
    ])
    expect(await readOutboxRow(platform.database, ofTenant.id)).toMatchObject({ status: 'queued', attempts: 0 })
  })

  it('fails a job whose payload does not match its schema at once, with one log line', async () => {
    const mailer = fakeMailer()
    platform.mailer = mailer
    // Enqueued under a looser contract, as an older deploy would have: the handler's schema refuses it.
    const olderContract = { ...quickSendEmail, payload: z.object({ emailId: z.string(), tenantId: z.null() }) }
    await queue.enqueue(olderContract, { emailId: 'not-a-uuid', tenantId: null }, { jobId: 'bad-payload' })
    await queue.drain()
    expect(mailer.attempts).toHaveLength(0)
    expect(lines.map((line) => [line.level, line.msg, line.jobId, line.issues])).toEqual([
      [50, 'job payload invalid: failed without retry', 'bad-payload', ['emailId: Invalid uuid']],
    ])
  })

  it('adds a job only once while another with the same job id waits or runs', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const mailer = fakeMailer({ hold: () => held })
    platform.mailer = mailer
    const first = await insertOutboxRow(platform.database, { subject: 'first' })
    const second = await insertOutboxRow(platform.database, { subject: 'second' })

    await queue.enqueue(sendEmailJob, { emailId: first.id, tenantId: null }, { jobId: 'welcome-1' })
    await queue.enqueue(sendEmailJob, { emailId: second.id, tenantId: null }, { jobId: 'welcome-1' })
    await queue.enqueue(sendEmailJob, { emailId: first.id, tenantId: null }, { jobId: 'welcome-1' })
    release()
    await queue.drain()
    expect(mailer.sent.map((message) => message.subject)).toEqual(['first'])
    expect((await readOutboxRow(platform.database, second.id)).status).toBe('queued')

    // Once the first has finished, the id is free again.
    await queue.enqueue(sendEmailJob, { emailId: second.id, tenantId: null }, { jobId: 'welcome-1' })
    await queue.drain()
    expect(mailer.sent.map((message) => message.subject)).toEqual(['first', 'second'])
  })

  it('waits for the delay before running a job', async () => {
    const mailer = fakeMailer()
    platform.mailer = mailer
    const row = await insertOutboxRow(platform.database)
    const started = Date.now()
    await queue.enqueue(sendEmailJob, { emailId: row.id, tenantId: null }, { delayMs: 300 })
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(mailer.attempts).toHaveLength(0)
    await queue.drain()
    expect(mailer.sent).toHaveLength(1)
    expect((mailer.attempts[0] ?? 0) - started).toBeGreaterThanOrEqual(290)
  })

  it('closes promptly while a job waits for its delay or its next retry, and runs nothing afterwards', async () => {
    const mailer = fakeMailer({ failures: () => new Error('down') })
    platform.mailer = mailer
    const delayed = await insertOutboxRow(platform.database)
    const retrying = await insertOutboxRow(platform.database)
    await queue.enqueue(sendEmailJob, { emailId: delayed.id, tenantId: null }, { delayMs: 60_000 })
    await queue.enqueue({ ...sendEmailJob, backoffMs: 60_000 }, { emailId: retrying.id, tenantId: null })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(mailer.attempts).toHaveLength(1)

    expect(await within(queue.close(), 2_000)).not.toBe('timeout')
    expect(mailer.attempts).toHaveLength(1)
    expect(await readOutboxRow(platform.database, delayed.id)).toMatchObject({ status: 'queued', attempts: 0 })
    await expect(queue.enqueue(sendEmailJob, { emailId: delayed.id, tenantId: null })).rejects.toThrow('the job queue is closed')
  })

  it('runs a scheduled job every interval, never two runs of it at once, and stops when the queue closes', async () => {
    const tickJob = defineJob({ name: 'test-tick', payload: z.object({ tenantId: z.null() }), attempts: 1 })
    let running = 0
    let most = 0
    const runs: number[] = []
    let release: () => void = () => undefined
    const fourRuns = new Promise<void>((resolve) => (release = resolve))
    const ticking = new InProcessJobQueue(() => platform, captureLogger().logger, {
      extraJobs: [
        registerJob(tickJob, async () => {
          running += 1
          most = Math.max(most, running)
          runs.push(Date.now())
          // Longer than the interval: the next tick comes while this run is still going.
          await new Promise((resolve) => setTimeout(resolve, 45))
          running -= 1
          if (runs.length === 4) release()
        }),
      ],
    })
    await ticking.repeat(tickJob, { tenantId: null }, { schedulerId: 'test-tick', everyMs: 20 })
    expect(await within(fourRuns, 5000)).not.toBe('timeout')
    await ticking.close()
    const after = runs.length
    expect(most).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect(runs.length).toBe(after)
    await expect(ticking.repeat(tickJob, { tenantId: null }, { schedulerId: 'test-tick', everyMs: 20 })).rejects.toThrow('the job queue is closed')
  })
})
