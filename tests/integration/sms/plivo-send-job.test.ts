import { startSmsSend } from '#server/sms/queue-sms'
import { SMS_FAILURES } from '#server/sms/run-sms-send'
import type { Tenant } from '#server/tenancy/tenant'
import { startFakePlivo, type FakePlivo } from '#tests/fakes/plivo-fake'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import { queueTestTexts, sendRunner, setUpPlivo, smsRows } from './sms-world'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const MINUTE = 60_000

describe(`the sms-send job through Plivo (${engine})`, () => {
  let platform: TestPlatform
  let fake: FakePlivo
  let tenant: Tenant
  let n = 0

  beforeAll(async () => {
    fake = await startFakePlivo()
    platform = await createTestPlatform({ PLIVO_API_URL: fake.url })
  })
  afterAll(async () => {
    await platform?.close()
    await fake?.close()
  })
  beforeEach(async () => {
    fake.reset()
    tenant = await createTenant(platform, { orgId: `plivojob${++n}` })
  })

  const queue = (count: number, prefix?: string) => queueTestTexts(platform, tenant, count, prefix)
  const runner = () => sendRunner(platform, tenant)

  it("sends from the studio's number a page of page size, then waits the page timer before the next page", async () => {
    await setUpPlivo(platform, tenant, fake, { pageSize: 2, pageWaitMinutes: 3 })
    await queue(5)
    const { clock, jobs, run } = runner()
    await run()
    // One batch shares its queued time, so which two go first is not fixed; each goes to its own number.
    expect(fake.messages).toHaveLength(2)
    for (const message of fake.messages) {
      expect(message.src).toBe('14155550150')
      expect(message.text).toBe(`Hello ${Number(message.dst.slice(-4))}`)
    }
    expect(jobs.queued.at(-1)?.options.delayMs).toBe(3 * MINUTE)
    clock.advance(MINUTE)
    await run()
    expect(fake.messages).toHaveLength(2)
    clock.advance(2 * MINUTE)
    await run()
    expect(fake.messages).toHaveLength(4)
    clock.advance(3 * MINUTE)
    await run()
    expect(fake.messages).toHaveLength(5)
    const rows = await smsRows(platform, tenant)
    expect(rows.every((row) => row.status === 'sent' && row.tries === 1)).toBe(true)
    expect(rows.map((row) => row.provider_message_id).sort()).toEqual(fake.messages.map((m) => m.uuid).sort())
  })

  it("marks a destination Plivo refuses failed with Plivo's words; a rate limit waits its Retry-After; an unknown outcome is not sent again", async () => {
    await setUpPlivo(platform, tenant, fake, { pageSize: 10, pageWaitMinutes: 0 })
    fake.refuseNumbers(['15550000000'])
    await queue(2)
    const { clock, jobs, run } = runner()
    await run()
    let rows = await smsRows(platform, tenant)
    expect(rows.map((row) => [row.to_number, row.status, row.error])).toEqual([
      ['+15550000000', 'failed', SMS_FAILURES.refused('Plivo', '15550000000 is not a valid destination number')],
      ['+15550000001', 'sent', null],
    ])
    await queue(1, '+1555111')
    fake.rateLimitNext(1, 4)
    await run()
    expect(jobs.queued.at(-1)?.options.delayMs).toBe(4000)
    clock.advance(4000)
    await run()
    expect(fake.messages.map((m) => m.dst)).toEqual(['15550000001', '15551110000'])
    await queue(1, '+1555222')
    fake.failNext(1, 500)
    await run()
    await run()
    rows = await smsRows(platform, tenant)
    expect(rows.find((row) => row.to_number === '+15552220000')?.error).toContain('Not known whether Plivo took this message')
    expect(fake.messages.filter((m) => m.dst === '15552220000')).toHaveLength(0)
  })

  it('sends nothing from a number still waiting for approval: the waiting messages fail with the reason', async () => {
    await setUpPlivo(platform, tenant, fake, { pageSize: 10, pageWaitMinutes: 0, approved: false })
    await queue(2)
    await runner().run()
    const rows = await smsRows(platform, tenant)
    expect(rows.map((row) => [row.status, row.error])).toEqual([
      ['failed', SMS_FAILURES.notSetUp],
      ['failed', SMS_FAILURES.notSetUp],
    ])
    expect(fake.calls.send).toBe(0)
  })

  it('runs as a registered job on the queue', async () => {
    await setUpPlivo(platform, tenant, fake, { pageSize: 50, pageWaitMinutes: 3 })
    const { batchId } = await queue(3)
    await startSmsSend(platform, tenant.id, batchId)
    await platform.jobs.drain()
    expect(fake.messages).toHaveLength(3)
  })
})
