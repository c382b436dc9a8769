import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { smsSendJob, smsSendJobId } from '#jobs/sms-send'
import type { Platform } from '#server/platform'
import { backoffDelayMs, type BackoffPolicy } from '#server/mailing-list/provider-backoff'
import { connectedSms } from './sms-settings-store'
import { certainlyNotTaken, SmsCallFailed } from './sms-provider-call'

/** Tries in all for one message that the provider rate-limits or cannot take for now. */
export const SMS_BACKOFF: BackoffPolicy = { maxTries: 5, baseMs: 5_000, maxMs: 10 * 60_000 }

/** A message claimed but not attempted for this long belonged to a run that died: it waits again. */
const STALE_CLAIM_MS = 10 * 60_000

export const SMS_FAILURES = {
  notSetUp: 'SMS is not set up (a Twilio account, or a Plivo number approved for texting), or its auth token can no longer be read, so this message was not sent.',
  refused: (provider: string, detail: string) => `${provider} refused this message: ${detail}`.slice(0, 500),
  gaveUp: (provider: string, tries: number, detail: string) => `${provider} could not take this message after ${tries} tries: ${detail}`.slice(0, 500),
  unknown: (provider: string, detail: string) => `Not known whether ${provider} took this message (${detail}), so it was not sent again.`.slice(0, 500),
} as const

type SendPlatform = Pick<Platform, 'database' | 'env' | 'jobs' | 'clock' | 'tenants'>

/**
 * The sms-send job's work for one studio (docs/decisions/134, 138), through the studio's
 * provider, Twilio or Plivo. Pacing: at most `page_size`
 * messages are claimed within any `page_wait_minutes` window; claims are made under a lock on
 * the studio's SMS settings row, so two runs at once never claim past the page size. Each
 * claimed message is marked attempted just before its call to the provider, and only a message not
 * yet attempted is sent: a job delivered twice, or re-run after its worker died, never sends a
 * message twice. A rate limit (or a call that certainly never reached the provider) puts the message
 * back to wait with backoff and ends the page; whatever is left is picked up by the run this
 * one queues with a delay (no run sleeps).
 */
export async function runSmsSend(platform: SendPlatform, payload: { tenantId: string }): Promise<void> {
  const { tenantId } = payload
  const now = platform.clock.now()
  const sms = await connectedSms(platform, tenantId)
  if (!sms) {
    await withTenant(platform.database, tenantId, (trx) =>
      trx.updateTable('sms_messages').set({ status: 'failed', error: SMS_FAILURES.notSetUp, claimed_at: null }).where('status', '=', 'queued').execute(),
    )
    return
  }
  const windowMs = sms.pageWaitMinutes * 60_000

  const page = await withTenant(platform.database, tenantId, async (trx) => {
    // One claimer per studio at a time: the settings row is the lock.
    await trx.selectFrom('sms_settings').select('id').forUpdate().executeTakeFirst()
    // Claims of a run that died before attempting them wait again.
    await trx
      .updateTable('sms_messages')
      .set({ status: 'queued', claimed_at: null })
      .where('status', '=', 'sending')
      .where('attempted_at', 'is', null)
      .where('claimed_at', '<', new Date(now.getTime() - STALE_CLAIM_MS))
      .execute()
    const room = sms.pageSize - (await claimedInWindow(trx, now, windowMs))
    if (room <= 0) return []
    // Two statements, not `where id in (select ... limit)`: a rescanned subquery would claim past the room.
    const ready = await trx
      .selectFrom('sms_messages')
      .select('id')
      .where('status', '=', 'queued')
      .where((eb) => eb.or([eb('not_before', 'is', null), eb('not_before', '<=', now)]))
      .orderBy('created_at')
      .orderBy('id')
      .limit(room)
      .forUpdate()
      .skipLocked()
      .execute()
    if (ready.length === 0) return []
    return trx
      .updateTable('sms_messages')
      .set({ status: 'sending', claimed_at: now })
      .where('id', 'in', ready.map((row) => row.id))
      .where('status', '=', 'queued')
      .returning(['id', 'to_number', 'body', 'created_at'])
      .execute()
  })
  page.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id))

  let index = 0
  for (; index < page.length; index++) {
    const message = page[index]
    if (!message) break
    const attempt = await withTenant(platform.database, tenantId, (trx) =>
      trx
        .updateTable('sms_messages')
        .set((eb) => ({ attempted_at: platform.clock.now(), tries: eb('tries', '+', 1) }))
        .where('id', '=', message.id)
        .where('status', '=', 'sending')
        .where('attempted_at', 'is', null)
        .returning('tries')
        .executeTakeFirst(),
    )
    // Another delivery of this run got to it first.
    if (!attempt) continue
    try {
      const taken = await sms.send({ to: message.to_number, body: message.body })
      await finish(platform, tenantId, message.id, { status: 'sent', provider_message_id: taken.id, error: null, sent_at: platform.clock.now() })
    } catch (error) {
      if (!(error instanceof SmsCallFailed)) {
        await finish(platform, tenantId, message.id, { status: 'failed', error: SMS_FAILURES.unknown(sms.provider, error instanceof Error ? error.message : String(error)) })
        throw error
      }
      if (!certainlyNotTaken(error)) {
        const refusal = error.status !== null && error.status >= 400 && error.status < 500
        await finish(platform, tenantId, message.id, { status: 'failed', error: refusal ? SMS_FAILURES.refused(sms.provider, error.detail) : SMS_FAILURES.unknown(sms.provider, error.detail) })
        continue
      }
      const delay = backoffDelayMs(attempt.tries + 1, error.retryAfterMs, SMS_BACKOFF)
      if (delay === null) {
        await finish(platform, tenantId, message.id, { status: 'failed', error: SMS_FAILURES.gaveUp(sms.provider, attempt.tries, error.detail) })
        continue
      }
      // The provider asked to slow down: this message waits out the backoff, the rest of the page goes back unsent.
      const retryAt = new Date(platform.clock.now().getTime() + delay)
      await withTenant(platform.database, tenantId, async (trx) => {
        await trx.updateTable('sms_messages').set({ status: 'queued', claimed_at: null, attempted_at: null, not_before: retryAt }).where('id', '=', message.id).where('status', '=', 'sending').execute()
        const rest = page.slice(index + 1).map((row) => row.id)
        if (rest.length > 0) {
          await trx.updateTable('sms_messages').set({ status: 'queued', claimed_at: null, not_before: retryAt }).where('id', 'in', rest).where('status', '=', 'sending').where('attempted_at', 'is', null).execute()
        }
      })
      break
    }
  }
  await queueNextRun(platform, tenantId, windowMs, sms.pageSize)
}

async function finish(
  platform: Pick<Platform, 'database'>,
  tenantId: string,
  id: string,
  outcome: { status: 'sent' | 'failed'; error: string | null; provider_message_id?: string; sent_at?: Date },
): Promise<void> {
  await withTenant(platform.database, tenantId, (trx) => trx.updateTable('sms_messages').set(outcome).where('id', '=', id).where('status', '=', 'sending').execute())
}

async function claimedInWindow(trx: TenantExecutor, now: Date, windowMs: number): Promise<number> {
  if (windowMs <= 0) return 0
  const row = await trx
    .selectFrom('sms_messages')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('claimed_at', '>', new Date(now.getTime() - windowMs))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Queues the next run when messages still wait: once the page window has room again and the
 * first of them is ready (a rate-limited one waits out its backoff).
 */
async function queueNextRun(platform: SendPlatform, tenantId: string, windowMs: number, pageSize: number): Promise<void> {
  const now = platform.clock.now()
  const next = await withTenant(platform.database, tenantId, async (trx) => {
    const waiting = await trx
      .selectFrom('sms_messages')
      .select((eb) => eb.fn.min(eb.fn.coalesce('not_before', 'created_at')).as('ready_at'))
      .where('status', '=', 'queued')
      .executeTakeFirst()
    if (!waiting?.ready_at) return null
    let roomAt = now
    if (windowMs > 0) {
      // The window has room again once enough claims in it grow older than the window.
      const claims = await trx
        .selectFrom('sms_messages')
        .select('claimed_at')
        .where('claimed_at', '>', new Date(now.getTime() - windowMs))
        .orderBy('claimed_at', 'desc')
        .offset(pageSize - 1)
        .limit(1)
        .executeTakeFirst()
      if (claims?.claimed_at) roomAt = new Date(claims.claimed_at.getTime() + windowMs)
    }
    const readyAt = new Date(waiting.ready_at)
    return new Date(Math.max(roomAt.getTime(), readyAt.getTime(), now.getTime()))
  })
  if (!next) return
  await platform.jobs.enqueue(smsSendJob, { tenantId }, { jobId: smsSendJobId(tenantId, next), delayMs: next.getTime() - now.getTime() })
}
