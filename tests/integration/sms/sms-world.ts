import { withTenant } from '#db/tenant-scope'
import { queueSmsIn } from '#server/sms/queue-sms'
import { runSmsSend } from '#server/sms/run-sms-send'
import type { EnqueueOptions, JobContract, JobQueue } from '#server/jobs/job-contract'
import { sealSmsToken, sealTwilioToken } from '#server/sms/sms-settings-store'
import type { Tenant } from '#server/tenancy/tenant'
import type { FakePlivo } from '#tests/fakes/plivo-fake'
import type { FakeTwilio } from '#tests/fakes/twilio'
import type { TestPlatform } from '#tests/support/test-platform'

/** Sets the studio up with the fake's Twilio account, as a saved Twilio page would. */
export async function setUpTwilio(platform: TestPlatform, tenant: Tenant, fake: FakeTwilio, pace: { pageSize: number; pageWaitMinutes: number; sender?: { phone: string } | { messagingId: string } }): Promise<void> {
  const sender = pace.sender ?? { phone: '+15550100200' }
  const fields = {
    provider: 'twilio' as const,
    twilio_sid: fake.accountSid,
    twilio_token_sealed: sealTwilioToken(platform, tenant.id, fake.authToken),
    twilio_phone: 'phone' in sender ? sender.phone : null,
    twilio_messaging_id: 'messagingId' in sender ? sender.messagingId : null,
    page_size: pace.pageSize,
    page_wait_minutes: pace.pageWaitMinutes,
  }
  await withTenant(platform.database, tenant.id, async (trx) => {
    await trx.deleteFrom('sms_settings').execute()
    await trx.insertInto('sms_settings').values({ tenant_id: tenant.id, ...fields }).execute()
  })
}

/**
 * Sets the studio up with the fake's Plivo account and a number it rents there, as Get Started
 * and Buy would; the number is approved for texting unless `approved` is false.
 */
export async function setUpPlivo(platform: TestPlatform, tenant: Tenant, fake: FakePlivo, pace: { pageSize: number; pageWaitMinutes: number; number?: string; approved?: boolean }): Promise<string> {
  const number = pace.number ?? '+14155550150'
  const approved = pace.approved ?? true
  fake.owned.set(number.replace('+', ''), { number: number.replace('+', ''), registration: approved ? 'COMPLETED' : 'PROCESSING' })
  const fields = {
    provider: 'plivo' as const,
    plivo_auth_id: fake.authId,
    plivo_token_sealed: sealSmsToken(platform, 'plivo', tenant.id, fake.authToken),
    is_agree_to_terms: true,
    terms_agreed_at: new Date(),
    plivo_phone_number: number,
    is_messaging_approved: approved,
    page_size: pace.pageSize,
    page_wait_minutes: pace.pageWaitMinutes,
  }
  await withTenant(platform.database, tenant.id, async (trx) => {
    await trx.deleteFrom('sms_settings').execute()
    await trx.insertInto('sms_settings').values({ tenant_id: tenant.id, ...fields }).execute()
  })
  return number
}

/** The studio past Get Started with the fake's Plivo account, with no number yet (as Buy finds it). */
export async function startPlivoAccount(platform: TestPlatform, tenant: Tenant, fake: FakePlivo): Promise<void> {
  await withTenant(platform.database, tenant.id, async (trx) => {
    await trx.deleteFrom('sms_settings').execute()
    await trx
      .insertInto('sms_settings')
      .values({ tenant_id: tenant.id, provider: 'plivo', plivo_auth_id: fake.authId, plivo_token_sealed: sealSmsToken(platform, 'plivo', tenant.id, fake.authToken), is_agree_to_terms: true, terms_agreed_at: new Date() })
      .execute()
  })
}

export function smsSettingsRow(platform: TestPlatform, tenant: Tenant) {
  return withTenant(platform.database, tenant.id, (trx) => trx.selectFrom('sms_settings').selectAll().executeTakeFirstOrThrow())
}

export function smsRows(platform: TestPlatform, tenant: Tenant) {
  return withTenant(platform.database, tenant.id, (trx) => trx.selectFrom('sms_messages').selectAll().orderBy('created_at').orderBy('to_number').execute())
}

/** A job queue that only notes what was queued (the test runs the job itself, on its own clock). */
export function recordingJobs(): JobQueue & { queued: Array<{ name: string; payload: unknown; options: EnqueueOptions }> } {
  const queued: Array<{ name: string; payload: unknown; options: EnqueueOptions }> = []
  return {
    kind: 'in-process',
    queued,
    async enqueue<P>(job: JobContract<P>, payload: P, options: EnqueueOptions = {}) {
      queued.push({ name: job.name, payload, options })
    },
    async repeat() {},
    async close() {},
  }
}

/** A clock a test moves by hand. */
export function handClock(start = new Date('2026-12-10T09:00:00Z')) {
  let now = start.getTime()
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms
    },
  }
}

/** Queues `count` texts in one batch to made-up numbers (the prefix and four digits), 'Hello 0', 'Hello 1', ... */
export function queueTestTexts(platform: TestPlatform, tenant: Tenant, count: number, prefix = '+1555000') {
  return withTenant(platform.database, tenant.id, (trx) =>
    queueSmsIn(
      trx,
      tenant.id,
      Array.from({ length: count }, (_, i) => ({ contactId: null, to: `${prefix}${String(i).padStart(4, '0')}`, body: `Hello ${i}` })),
      { kind: 'message', createdBy: null },
    ),
  )
}

/** The send job for the studio, run by the test on a clock it moves by hand; the runs it queues are only noted. */
export function sendRunner(platform: TestPlatform, tenant: Tenant) {
  const clock = handClock()
  const jobs = recordingJobs()
  const run = () => runSmsSend({ database: platform.database, env: platform.env, tenants: platform.tenants, jobs, clock }, { tenantId: tenant.id })
  return { clock, jobs, run }
}
