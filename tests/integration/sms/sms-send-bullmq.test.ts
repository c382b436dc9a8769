import { randomBytes } from 'node:crypto'
import { pino } from 'pino'
import { withTenant } from '#db/tenant-scope'
import { smsSendJob } from '#jobs/sms-send'
import { BullJobQueue, startBullWorkers, type RunningWorkers } from '#jobs/runtime/bullmq-queue'
import { queueSmsIn, startSmsSend } from '#server/sms/queue-sms'
import { startFakeTwilio, type FakeTwilio } from '#tests/fakes/twilio'
import { createTenant } from '#tests/support/fixtures'
import { eventually } from '#tests/support/eventually'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import type { Tenant } from '#server/tenancy/tenant'
import { setUpTwilio, smsRows } from './sms-world'

describe.skipIf(!process.env.REDIS_URL || !process.env.DATABASE_URL)('the sms-send job on BullMQ — skipped: needs REDIS_URL and DATABASE_URL', () => {
  const redisUrl = process.env.REDIS_URL ?? ''
  const prefix = `test-${randomBytes(6).toString('hex')}`
  let platform: TestPlatform
  let fake: FakeTwilio
  let queue: BullJobQueue
  let workers: RunningWorkers | null = null
  let tenant: Tenant

  beforeAll(async () => {
    fake = await startFakeTwilio()
    platform = await createTestPlatform({ TWILIO_API_URL: fake.url })
    queue = new BullJobQueue({ redisUrl, prefix })
    ;(platform as { jobs: unknown }).jobs = queue
    tenant = await createTenant(platform, { orgId: 'bullsms' })
    // No page timer, so the pages follow one another at once; a page of 2.
    await setUpTwilio(platform, tenant, fake, { pageSize: 2, pageWaitMinutes: 0 })
    workers = startBullWorkers(platform, pino({ level: 'silent' }), { redisUrl, prefix })
  })
  afterAll(async () => {
    await workers?.close()
    await queue?.queueFor(smsSendJob.queue).obliterate({ force: true })
    await queue?.close()
    await platform?.close()
    await fake?.close()
  })

  it('sends every message once through a chain of runs, a rate-limited one after its Retry-After', async () => {
    const { batchId } = await withTenant(platform.database, tenant.id, (trx) =>
      queueSmsIn(trx, tenant.id, Array.from({ length: 7 }, (_, i) => ({ contactId: null, to: `+1555030${String(i).padStart(4, '0')}`, body: `Page test ${i}` })), { kind: 'message', createdBy: null }),
    )
    fake.rateLimitNext(1, 1)
    await startSmsSend(platform, tenant.id, batchId)
    await startSmsSend(platform, tenant.id, batchId)
    await eventually(async () => ((await smsRows(platform, tenant)).every((row) => row.status === 'sent') ? true : null), 30_000)
    expect(fake.calls.refused429).toBe(1)
    const counts = new Map<string, number>()
    for (const message of fake.messages) counts.set(message.to, (counts.get(message.to) ?? 0) + 1)
    expect(counts.size).toBe(7)
    expect([...counts.values()].every((count) => count === 1)).toBe(true)
  }, 60_000)
})
