import { randomBytes } from 'node:crypto'
import { Worker, type ConnectionOptions } from 'bullmq'
import { Redis } from 'ioredis'
import { pino } from 'pino'
import { asSystem } from '#db/tenant-scope'
import { mailingListResyncJob } from '#jobs/mailing-list-resync'
import { BullJobQueue, startBullWorkers, type RunningWorkers } from '#jobs/runtime/bullmq-queue'
import { sealMailingListKey } from '#server/mailing-list/mailing-list-store'
import { runMailingListResync } from '#server/mailing-list/run-resync'
import { startResync } from '#server/mailing-list/start-resync'
import { startFakeMailchimp, type FakeMailchimp } from '#tests/fakes/mailchimp'
import { createTenant } from '#tests/support/fixtures'
import { eventually } from '#tests/support/eventually'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'
import type { Tenant } from '#server/tenancy/tenant'
import { addMailingContacts, mailingListRow, subscribedEmails } from './mailing-list-world'

describe.skipIf(!process.env.REDIS_URL || !process.env.DATABASE_URL)('mailing-list resync on BullMQ: a worker killed mid-run — skipped: needs REDIS_URL and DATABASE_URL', () => {
  const redisUrl = process.env.REDIS_URL ?? ''
  const prefix = `test-${randomBytes(6).toString('hex')}`
  let platform: TestPlatform
  let fake: FakeMailchimp
  let queue: BullJobQueue
  let workers: RunningWorkers | null = null
  let tenant: Tenant

  beforeAll(async () => {
    fake = await startFakeMailchimp()
    platform = await createTestPlatform({ MAILCHIMP_API_URL: fake.url })
    queue = new BullJobQueue({ redisUrl, prefix })
    ;(platform as { jobs: unknown }).jobs = queue
    tenant = await createTenant(platform, { orgId: 'bullmailing' })
    await asSystem(platform.database, 'test fixture: a mailing list', (trx) =>
      trx
        .insertInto('mailing_lists')
        .values({ tenant_id: tenant.id, name: 'Mailchimp-001', list_id: 'aud123', api_key_sealed: sealMailingListKey(platform, tenant.id, fake.apiKey), api_key_last4: fake.apiKey.slice(-4), from_name: 'Studio', from_email: 'hello@studio.test' })
        .execute(),
    )
    await addMailingContacts(platform, tenant, { count: 1234, domain: 'bullsync.test', unsubscribedEvery: 10 })
  })
  afterAll(async () => {
    await workers?.close()
    await queue?.queueFor(mailingListResyncJob.queue).obliterate({ force: true })
    await queue?.close()
    await platform?.close()
    await fake?.close()
  })

  it('runs again after its last committed batch when the worker died, sending every subscribed contact once; one run at a time', async () => {
    const started = await startResync(platform, tenant.id, new Date())
    if (!started.ok) throw new Error('expected the resync to start')
    const second = await startResync(platform, tenant.id, new Date())
    expect(second.ok ? null : second.message).toBe('resync is already in progress')

    // A worker takes the job, sends two batches, and dies in the third: its lock is never renewed.
    const connection = new Redis(redisUrl, { maxRetriesPerRequest: null })
    const doomed = new Worker(mailingListResyncJob.queue, null, { connection: connection as ConnectionOptions, prefix, lockDuration: 1000, autorun: false })
    const taken = await doomed.getNextJob('doomed-worker-token')
    expect(taken?.name).toBe(mailingListResyncJob.name)
    let batches = 0
    const dying = runMailingListResync(platform, { tenantId: tenant.id, runId: started.value.runId }, { attempt: 1, maxAttempts: 5, isLastAttempt: false }, {
      batchSize: 100,
      afterBatch: () => {
        if (++batches === 2) throw new Error('worker killed')
      },
    })
    await expect(dying).rejects.toThrow('worker killed')
    connection.disconnect()
    expect(await mailingListRow(platform, tenant)).toMatchObject({ status: 'in_progress', sync_done: 200 })

    // BullMQ's stalled-job check puts it back, and a live worker finishes it.
    const checkerConnection = new Redis(redisUrl, { maxRetriesPerRequest: null })
    const checker = new Worker(mailingListResyncJob.queue, null, { connection: checkerConnection as ConnectionOptions, prefix, stalledInterval: 500, autorun: false })
    await checker.startStalledCheckTimer()
    await eventually(async () => (await queue.queueFor(mailingListResyncJob.queue).getJobState(String(taken?.id))) === 'waiting', 15_000)
    await checker.close()
    await doomed.close(true).catch(() => undefined)
    checkerConnection.disconnect()
    workers = startBullWorkers(platform, pino({ level: 'silent' }), { redisUrl, prefix })
    const done = await eventually(async () => {
      const row = await mailingListRow(platform, tenant)
      return row?.status === 'complete' ? row : null
    }, 30_000)
    const expected = await subscribedEmails(platform, tenant)
    expect(expected).toHaveLength(1111)
    expect(done).toMatchObject({ sync_done: 1111, sync_total: 1111, member_errors: 0 })
    expect(fake.membersReceived()).toBe(1111)
    for (const email of expected) expect(fake.received.get(email)).toBe(1)
  }, 60_000)
})
