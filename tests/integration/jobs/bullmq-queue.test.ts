import { randomBytes } from 'node:crypto'
import { BullJobQueue, startBullWorkers, type RunningWorkers } from '#jobs/runtime/bullmq-queue'
import { checkoutHousekeepingJob } from '#jobs/checkout-housekeeping'
import { sendEmailJob } from '#jobs/send-email'
import { createMailTransport } from '#server/mail/mail-transport'
import { queueEmail } from '#server/mail/queue-email'
import { startFakeSmtpServer, type FakeSmtpServer } from '#tests/fakes/smtp-server'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { captureLogger, fakeMailer, insertOutboxRow, readOutboxRow, type LogLine } from './job-test-support'
import { eventually } from '#tests/support/eventually'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const redisUrl = process.env.REDIS_URL ?? ''

describe.skipIf(!redisUrl)(`BullMQ job queue (${engine}) — skipped: needs REDIS_URL (a reachable Redis)`, () => {
  let platform: TestPlatform
  let smtp: FakeSmtpServer
  let prefix: string
  let queue: BullJobQueue
  let workers: RunningWorkers
  let lines: LogLine[]

  beforeAll(async () => {
    platform = await createTestPlatform()
    smtp = await startFakeSmtpServer()
    // Every run has its own key prefix, so parallel runs and other apps on this Redis never meet.
    prefix = `test-${randomBytes(6).toString('hex')}`
    queue = new BullJobQueue({ redisUrl, prefix })
    const captured = captureLogger()
    lines = captured.lines
    workers = startBullWorkers(platform, captured.logger, { redisUrl, prefix })
  })
  afterAll(async () => {
    await workers?.close()
    await queue?.queueFor(sendEmailJob.name).obliterate({ force: true })
    await queue?.queueFor(checkoutHousekeepingJob.name).obliterate({ force: true })
    await queue?.close()
    await smtp?.close()
    await platform?.close()
  })

  /** The job once it has failed for good, read after the failure (not a copy read before it). */
  async function failedJob(jobId: string) {
    const bull = queue.queueFor(sendEmailJob.name)
    await eventually(async () => (await bull.getJobState(jobId)) === 'failed')
    const job = await bull.getJob(jobId)
    if (!job) throw new Error(`job ${jobId} is gone`)
    return job
  }

  it('delivers an email end to end: outbox row, Redis queue, worker, SMTP', async () => {
    platform.mailer = createMailTransport(smtp.url)
    const emailId = await queueEmail({ database: platform.database, env: platform.env, jobs: queue }, {
      tenantId: null,
      to: 'student@example.test',
      subject: 'Your class is booked',
      text: 'See you on Monday.',
    })
    const row = await eventually(async () => {
      const stored = await readOutboxRow(platform.database, emailId)
      return stored.status === 'sent' ? stored : null
    })
    expect(row).toMatchObject({ attempts: 1, last_error: null })
    const message = smtp.received.find((mail) => mail.subject === 'Your class is booked')
    expect(message?.envelopeTo).toEqual(['student@example.test'])

    const job = await queue.queueFor(sendEmailJob.name).getJob(`send-email-${emailId}`)
    // Completed jobs are kept for a while, then removed; failed ones are kept longer.
    expect(job?.opts).toMatchObject({
      attempts: sendEmailJob.attempts,
      backoff: { type: 'exponential', delay: sendEmailJob.backoffMs },
      removeOnComplete: { age: 24 * 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600 },
    })
  })

  it('retries a job that failed once, and it then succeeds', async () => {
    const mailer = fakeMailer({ failures: (attempt) => (attempt === 1 ? new Error('451 try again later') : null) })
    platform.mailer = mailer
    const row = await insertOutboxRow(platform.database, { subject: 'retry me' })
    await queue.enqueue({ ...sendEmailJob, backoffMs: 100 }, { emailId: row.id, tenantId: null }, { jobId: `retry-${row.id}` })
    const sent = await eventually(async () => {
      const stored = await readOutboxRow(platform.database, row.id)
      return stored.status === 'sent' ? stored : null
    })
    expect(sent).toMatchObject({ attempts: 2, last_error: null })
    expect(mailer.attempts).toHaveLength(2)
    expect((mailer.attempts[1] ?? 0) - (mailer.attempts[0] ?? 0)).toBeGreaterThanOrEqual(90)
    const bull = queue.queueFor(sendEmailJob.name)
    await eventually(async () => (await bull.getJobState(`retry-${row.id}`)) === 'completed')
    expect((await bull.getJob(`retry-${row.id}`))?.attemptsMade).toBe(2)
    expect(lines.some((line) => line.msg === 'job failed, will retry' && line.jobId === `retry-${row.id}`)).toBe(true)
  })

  it('marks the email failed after the last attempt the job was enqueued with', async () => {
    platform.mailer = fakeMailer({ failures: () => new Error('550 mailbox unavailable') })
    const row = await insertOutboxRow(platform.database)
    await queue.enqueue({ ...sendEmailJob, attempts: 2, backoffMs: 50 }, { emailId: row.id, tenantId: null }, { jobId: `give-up-${row.id}` })
    const failed = await failedJob(`give-up-${row.id}`)
    expect(failed.attemptsMade).toBe(2)
    expect(await readOutboxRow(platform.database, row.id)).toMatchObject({
      status: 'failed',
      attempts: 2,
      last_error: '550 mailbox unavailable',
    })
  })

  it('does not retry an unrecoverable job', async () => {
    platform.mailer = fakeMailer()
    const jobId = `gone-${randomBytes(4).toString('hex')}`
    await queue.enqueue(sendEmailJob, { emailId: crypto.randomUUID(), tenantId: null }, { jobId })
    const failed = await failedJob(jobId)
    expect(failed.failedReason).toMatch(/not found for its tenant/)
    // Given time to retry (it has 5 attempts), it is still failed after its only start.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const later = await queue.queueFor(sendEmailJob.name).getJob(jobId)
    expect(await later?.isFailed()).toBe(true)
    expect(later?.attemptsStarted).toBe(1)
  })

  it('fails a job whose payload does not match its schema at once, with one log line', async () => {
    // Added past the enqueue check, as an older deploy or a hand-made job would.
    const jobId = `bad-payload-${randomBytes(4).toString('hex')}`
    await queue.queueFor(sendEmailJob.name).add(sendEmailJob.name, { emailId: 'not-a-uuid', tenantId: null }, { jobId, attempts: 5, priority: 1 })
    const failed = await failedJob(jobId)
    expect(failed.failedReason).toBe('the payload of job send-email does not match its schema (emailId: Invalid uuid)')
    // Given time to retry (it has 5 attempts), it is still failed after its only start.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const later = await queue.queueFor(sendEmailJob.name).getJob(jobId)
    expect(await later?.isFailed()).toBe(true)
    expect(later?.attemptsStarted).toBe(1)
    expect(lines.filter((line) => line.jobId === jobId).map((line) => [line.level, line.msg, line.issues])).toEqual([
      [50, 'job payload invalid: failed without retry', ['emailId: Invalid uuid']],
    ])
  })

  it('refuses a payload that does not match the job before it reaches Redis', async () => {
    const before = await queue.queueFor(sendEmailJob.name).getJobCounts()
    await expect(queue.enqueue(sendEmailJob, { emailId: 'nope', tenantId: null })).rejects.toThrow()
    expect(await queue.queueFor(sendEmailJob.name).getJobCounts()).toEqual(before)
  })

  it('adds a job id only once', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const mailer = fakeMailer({ hold: () => held })
    platform.mailer = mailer
    const first = await insertOutboxRow(platform.database, { subject: 'once' })
    const second = await insertOutboxRow(platform.database, { subject: 'never' })
    const jobId = `dedupe-${first.id}`
    await queue.enqueue(sendEmailJob, { emailId: first.id, tenantId: null }, { jobId })
    await queue.enqueue(sendEmailJob, { emailId: second.id, tenantId: null }, { jobId })
    await eventually(async () => mailer.attempts.length > 0)
    release()
    await eventually(async () => (await readOutboxRow(platform.database, first.id)).status === 'sent')
    expect(mailer.sent.map((message) => message.subject)).toEqual(['once'])
    expect((await readOutboxRow(platform.database, second.id)).status).toBe('queued')
  })

  it('holds a delayed job back until its time', async () => {
    const mailer = fakeMailer()
    platform.mailer = mailer
    const row = await insertOutboxRow(platform.database)
    const jobId = `later-${row.id}`
    const started = Date.now()
    await queue.enqueue(sendEmailJob, { emailId: row.id, tenantId: null }, { jobId, delayMs: 700 })
    const job = await queue.queueFor(sendEmailJob.name).getJob(jobId)
    expect(await job?.isDelayed()).toBe(true)
    await eventually(async () => (await readOutboxRow(platform.database, row.id)).status === 'sent')
    expect((mailer.attempts[0] ?? 0) - started).toBeGreaterThanOrEqual(650)
  })

  it('closes gracefully: a job in hand finishes before the workers stop', async () => {
    const ownPrefix = `${prefix}-close`
    const ownQueue = new BullJobQueue({ redisUrl, prefix: ownPrefix })
    const ownWorkers = startBullWorkers(platform, captureLogger().logger, { redisUrl, prefix: ownPrefix })
    try {
      const mailer = fakeMailer({ hold: () => new Promise((resolve) => setTimeout(resolve, 800)) })
      platform.mailer = mailer
      const row = await insertOutboxRow(platform.database)
      await ownQueue.enqueue(sendEmailJob, { emailId: row.id, tenantId: null })
      await eventually(async () => mailer.attempts.length > 0)
      await ownWorkers.close()
      expect(mailer.sent).toHaveLength(1)
      expect((await readOutboxRow(platform.database, row.id)).status).toBe('sent')
      expect(await ownQueue.queueFor(sendEmailJob.name).getJobCounts('active', 'wait')).toEqual({ active: 0, wait: 0 })
    } finally {
      await ownQueue.queueFor(sendEmailJob.name).obliterate({ force: true })
      await ownQueue.close()
    }
  })
  it('runs a scheduled job on the worker every interval, one schedule however often it is set up', async () => {
    const bull = queue.queueFor(checkoutHousekeepingJob.name)
    // Two processes set the same schedule up: Redis keeps one.
    await queue.repeat(checkoutHousekeepingJob, { tenantId: null }, { schedulerId: 'test-housekeeping', everyMs: 300 })
    await queue.repeat(checkoutHousekeepingJob, { tenantId: null }, { schedulerId: 'test-housekeeping', everyMs: 300 })
    expect((await bull.getJobSchedulers()).filter((scheduler: { key: string }) => scheduler.key === 'test-housekeeping')).toHaveLength(1)
    await eventually(async () => (await bull.getJobCounts('completed')).completed >= 2)
    expect((await bull.getJobCounts('failed')).failed).toBe(0)
    await bull.removeJobScheduler('test-housekeeping')
  })
})

describe('BullMQ job queue with Redis down', () => {
  it('gives up on enqueue after its time-out instead of hanging the request', async () => {
    const queue = new BullJobQueue({ redisUrl: 'redis://127.0.0.1:1', prefix: 'unreachable', enqueueTimeoutMs: 500 })
    const started = Date.now()
    await expect(queue.enqueue(sendEmailJob, { emailId: crypto.randomUUID(), tenantId: null })).rejects.toThrow(
      'the job queue (Redis) did not answer within 500 ms',
    )
    expect(Date.now() - started).toBeLessThan(3_000)
    await queue.close()
  })

})
