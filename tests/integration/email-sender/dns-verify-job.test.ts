import { randomBytes } from 'node:crypto'
import { asSystem } from '#db/tenant-scope'
import { dnsVerifyJob, dnsVerifyJobId } from '#jobs/dns-verify'
import { BullJobQueue, startBullWorkers, type RunningWorkers } from '#jobs/runtime/bullmq-queue'
import { saveSenderInfo } from '#server/email-sender/campaign-sender'
import { createLogger } from '#server/logger'
import { startFakeDnsServer, type FakeDnsServer } from '#tests/fakes/dns-server'
import { eventually } from '#tests/support/eventually'
import { createTenant } from '#tests/support/fixtures'
import { createTestPlatform, type TestPlatform } from '#tests/support/test-platform'

const engine = process.env.DATABASE_URL ? 'Postgres' : 'PGlite'
const redisUrl = process.env.REDIS_URL ?? ''

describe.skipIf(!redisUrl)(`the dns-verify job on BullMQ (${engine}) — skipped: needs REDIS_URL`, () => {
  let platform: TestPlatform
  let dns: FakeDnsServer
  let queue: BullJobQueue
  let workers: RunningWorkers

  beforeAll(async () => {
    dns = await startFakeDnsServer()
    platform = await createTestPlatform({ DNS_RESOLVER: dns.address })
    const prefix = `test-${randomBytes(6).toString('hex')}`
    queue = new BullJobQueue({ redisUrl, prefix })
    workers = startBullWorkers(platform, createLogger('silent'), { redisUrl, prefix })
  }, 60_000)
  afterAll(async () => {
    await workers?.close()
    await queue?.queueFor(dnsVerifyJob.name).obliterate({ force: true })
    await queue?.close()
    await platform?.close()
    await dns?.close()
  })

  const senderOf = (tenantId: string) =>
    asSystem(platform.database, 'test: the sender', (trx) => trx.selectFrom('campaign_senders').selectAll().where('tenant_id', '=', tenantId).executeTakeFirstOrThrow())

  it('moves a sender from pending to verified once the DNS server answers, run by a worker through Redis', async () => {
    const tenant = await createTenant(platform, { orgId: 'dns-job', name: 'DNS Job Studio' })
    const saved = await saveSenderInfo(platform, tenant.id, { fromName: 'DNS Job', fromEmail: 'hello@dnsjob.test' })
    expect(saved.ok).toBe(true)
    const row = await senderOf(tenant.id)
    const payload = { tenantId: tenant.id, senderId: row.id, issuedAt: row.records_issued_at.toISOString(), attempt: 1 }

    await queue.enqueue(dnsVerifyJob, payload, { jobId: dnsVerifyJobId(row.id, 1) })
    await eventually(async () => (await senderOf(tenant.id)).check_attempts === 1)
    expect((await senderOf(tenant.id)).verification_status).toBe('pending')
    expect((await senderOf(tenant.id)).last_check_message).toContain('Not found yet')

    dns.setTxt(`_studio-verification.dnsjob.test`, [`studio-verification=${row.verification_token}`])
    dns.setTxt(`${row.dkim_selector}._domainkey.dnsjob.test`, [`v=DKIM1; k=rsa; p=${row.dkim_public_key}`])
    // The same run delivered again (as after a worker dies mid-run) is safe: it looks again and records one outcome.
    await queue.enqueue(dnsVerifyJob, { ...payload, attempt: 2 }, { jobId: dnsVerifyJobId(row.id, 2) })
    await queue.enqueue(dnsVerifyJob, { ...payload, attempt: 2 }, { jobId: dnsVerifyJobId(row.id, 2) })
    await eventually(async () => (await senderOf(tenant.id)).verification_status === 'verified')
    const verified = await senderOf(tenant.id)
    expect(verified.last_check_message).toBeNull()
    expect(verified.check_attempts).toBe(2)
  }, 60_000)
})
