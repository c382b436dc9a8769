import { withTenant } from '#db/tenant-scope'
import { startSmsSend } from '#server/sms/queue-sms'
import { runSmsSend, SMS_FAILURES } from '#server/sms/run-sms-send'
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import type { Tenant } from '#server/tenancy/tenant'
import { handClock, queueTestTexts, recordingJobs, sendRunner, setUpTwilio, smsRows } from './sms-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const MINUTE = 60_000

describe(`the sms-send job against the Twilio stand-in (${engine})`, () => {
  let platform: TestPlatform
  let fake: FakeTwilio
  let tenant: Tenant
  let n = 0

  beforeAll(async () => {
    fake = await startFakeTwilio()
    platform = await createTestPlatform({ TWILIO_API_URL: fake.url })
  })
  afterAll(async () => {
    await platform?.close()
    await fake?.close()
  })
  beforeEach(async () => {
    fake.reset()
    tenant = await createTenant(platform, { orgId: `smsjob${++n}` })
  })

  const queue = (count: number, prefix?: string) => queueTestTexts(platform, tenant, count, prefix)
  const runner = () => sendRunner(platform, tenant)

  it('sends a page of page size, then waits the page timer (a delayed run, not a sleep) before the next page', async () => {
    await setUpTwilio(platform, tenant, fake, { pageSize: 3, pageWaitMinutes: 3 })
    await queue(7)
    const { clock, jobs, run } = runner()
    await run()
    expect(fake.messages).toHaveLength(3)
    expect(fake.messages[0]).toMatchObject({ from: '+15550100200', messagingServiceSid: null })
    expect(fake.messages[0]?.body).toMatch(/^Hello \d$/)
    expect(jobs.queued.at(-1)?.options.delayMs).toBe(3 * MINUTE)
    // A run that comes early (another batch queued meanwhile) sends nothing and asks for the same moment.
    clock.advance(MINUTE)
    await run()
    expect(fake.messages).toHaveLength(3)
    expect(jobs.queued.at(-1)?.options).toEqual({ jobId: jobs.queued[0]?.options.jobId, delayMs: 2 * MINUTE })
    clock.advance(2 * MINUTE)
    await run()
    expect(fake.messages).toHaveLength(6)
    clock.advance(3 * MINUTE)
    const before = jobs.queued.length
    await run()
    expect(fake.messages).toHaveLength(7)
    // Nothing left: no further run.
    expect(jobs.queued.length).toBe(before)
    const rows = await smsRows(platform, tenant)
    expect(rows.every((row) => row.status === 'sent' && row.provider_message_id?.startsWith('SM') && row.tries === 1)).toBe(true)
  })

  it('sends from the messaging service when one is set', async () => {
    await setUpTwilio(platform, tenant, fake, { pageSize: 10, pageWaitMinutes: 3, sender: { messagingId: 'MGabc' } })
    await queue(1)
    await runner().run()
    expect(fake.messages[0]).toMatchObject({ from: null, messagingServiceSid: 'MGabc' })
  })

  it('puts a rate-limited message back with backoff and ends the page; each message is still sent once', async () => {
    await setUpTwilio(platform, tenant, fake, { pageSize: 5, pageWaitMinutes: 3 })
    await queue(4)
    const { clock, jobs, run } = runner()
    fake.rateLimitNext(1, 2)
    await run()
    expect(fake.calls.refused429).toBe(1)
    expect(fake.messages).toHaveLength(0)
    expect(jobs.queued.at(-1)?.options.delayMs).toBe(2000)
    let rows = await smsRows(platform, tenant)
    expect(rows.map((row) => row.status)).toEqual(['queued', 'queued', 'queued', 'queued'])
    expect(rows.map((row) => row.tries).sort()).toEqual([0, 0, 0, 1])
    // Too early: the backoff holds.
    await run()
    expect(fake.messages).toHaveLength(0)
    clock.advance(2000)
    await run()
    expect(fake.messages.map((m) => m.to).sort()).toEqual(['+15550000000', '+15550000001', '+15550000002', '+15550000003'])
    rows = await smsRows(platform, tenant)
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent'])
  })

  it('gives up after the tries are spent, with the reason', async () => {
    await setUpTwilio(platform, tenant, fake, { pageSize: 5, pageWaitMinutes: 0 })
    await queue(1)
    const { clock, run } = runner()
    fake.rateLimitNext(5, 1)
    for (let i = 0; i < 5; i++) {
      await run()
      clock.advance(10 * MINUTE)
    }
    const [row] = await smsRows(platform, tenant)
    expect(row).toMatchObject({ status: 'failed', tries: 5 })
    expect(row?.error).toContain('Twilio could not take this message after 5 tries')
    expect(fake.messages).toHaveLength(0)
  })

  it('marks a number Twilio refuses failed with its words, and a failure of unknown outcome failed without sending it again', async () => {
    await setUpTwilio(platform, tenant, fake, { pageSize: 5, pageWaitMinutes: 0 })
    fake.refuseNumbers(['+15550000000'])
    await queue(3)
    const { run } = runner()
    await run()
    let rows = await smsRows(platform, tenant)
    expect(rows.find((row) => row.to_number === '+15550000000')).toMatchObject({ status: 'failed', error: SMS_FAILURES.refused('Twilio', "The 'To' number +15550000000 is not a valid phone number.") })
    expect(rows.filter((row) => row.to_number !== '+15550000000').map((row) => row.status)).toEqual(['sent', 'sent'])
    // A 500 may come after Twilio took the message: it is not sent again.
    await queue(1, '+1555999')
    fake.failNext(1, 500)
    await run()
    await run()
    rows = await smsRows(platform, tenant)
    const last = rows.find((row) => row.to_number === '+15559990000')
    expect(last?.status).toBe('failed')
    expect(last?.error).toContain('Not known whether Twilio took this message')
    expect(fake.messages.filter((m) => m.to === '+15559990000')).toHaveLength(0)
  })

  it('never sends a message twice: two runs at once, and a run again after all is sent', async () => {
    await setUpTwilio(platform, tenant, fake, { pageSize: 20, pageWaitMinutes: 3 })
    await queue(12)
    const { run } = runner()
    await Promise.all([run(), run(), run()])
    await run()
    const counts = new Map<string, number>()
    for (const message of fake.messages) counts.set(message.to, (counts.get(message.to) ?? 0) + 1)
    expect(counts.size).toBe(12)
    expect([...counts.values()].every((count) => count === 1)).toBe(true)
    expect((await smsRows(platform, tenant)).every((row) => row.status === 'sent')).toBe(true)
  })

  it('a claim left by a run that died is sent later; one attempted and unanswered is not sent again', async () => {
    await setUpTwilio(platform, tenant, fake, { pageSize: 20, pageWaitMinutes: 0 })
    await queue(2)
    const clock = handClock()
    const rows = await smsRows(platform, tenant)
    await withTenant(platform.database, tenant.id, async (trx) => {
      await trx.updateTable('sms_messages').set({ status: 'sending', claimed_at: clock.now() }).where('id', '=', rows[0]!.id).execute()
      await trx.updateTable('sms_messages').set({ status: 'sending', claimed_at: clock.now(), attempted_at: clock.now() }).where('id', '=', rows[1]!.id).execute()
    })
    clock.advance(11 * MINUTE)
    await runSmsSend({ database: platform.database, env: platform.env, tenants: platform.tenants, jobs: recordingJobs(), clock }, { tenantId: tenant.id })
    expect(fake.messages.map((m) => m.to)).toEqual([rows[0]!.to_number])
  })

  it('fails the waiting messages when SMS is not set up', async () => {
    await queue(2)
    await runner().run()
    const rows = await smsRows(platform, tenant)
    expect(rows.map((row) => [row.status, row.error])).toEqual([
      ['failed', SMS_FAILURES.notSetUp],
      ['failed', SMS_FAILURES.notSetUp],
    ])
    expect(fake.calls.create).toBe(0)
  })

  it('runs as a registered job on the queue', async () => {
    await setUpTwilio(platform, tenant, fake, { pageSize: 50, pageWaitMinutes: 3 })
    const { batchId } = await queue(5)
    await startSmsSend(platform, tenant.id, batchId)
    await platform.jobs.drain()
    expect(fake.messages).toHaveLength(5)
  })
})
