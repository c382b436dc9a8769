import { withTenant } from '#db/tenant-scope'
import { plivoApprovalCheckJob, plivoApprovalCheckJobId } from '#jobs/plivo-approval-check'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { APPROVAL_WATCH_MS, nextApprovalCheckAt } from './plivo-approval-schedule'
import { isMessagingApproved } from './plivo-number-status'
import { PLIVO_REFUSALS, studioPlivoClient } from './plivo-page'
import { SmsCallFailed } from './sms-provider-call'

type ApprovalPlatform = Pick<Platform, 'database' | 'env' | 'jobs'>

/** A check this close before its scheduled moment is that moment's check. */
const ON_TIME_WITHIN_MS = 60_000

/** What Plivo said of the studio's number when asked whether carriers approved it. */
type ApprovalAnswer =
  | { kind: 'approved' | 'waiting'; number: string }
  /** Plivo no longer lists the number for the account: it was removed here. */
  | { kind: 'gone' }
  /** Plivo could not say (unreachable, an error): nothing was written but when it was asked. */
  | { kind: 'unavailable'; detail: string }
  /** Nothing to ask: Plivo is not the provider, its token no longer opens, or no number is bought. */
  | { kind: 'not_started' | 'no_number' }

/**
 * Asks Plivo whether carriers approved the studio's number and keeps the answer: the one
 * writer of approval, for the page's 'Check approval' and the background check alike. Every
 * write names the number it asked about, so an answer about a number since released or
 * replaced changes nothing.
 */
async function askPlivoForApproval(platform: ApprovalPlatform, tenantId: string, now: Date): Promise<ApprovalAnswer> {
  const client = await studioPlivoClient(platform, tenantId)
  if (!client) return { kind: 'not_started' }
  const row = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('sms_settings').select(['plivo_phone_number']).executeTakeFirst())
  const number = row?.plivo_phone_number
  if (!number) return { kind: 'no_number' }
  let approved: boolean
  try {
    approved = isMessagingApproved(await client.readNumber(number))
  } catch (error) {
    if (!(error instanceof SmsCallFailed)) throw error
    if (error.status === 404) {
      await withTenant(platform.database, tenantId, (trx) =>
        trx
          .updateTable('sms_settings')
          .set({
            plivo_phone_number: null,
            is_messaging_approved: false,
            plivo_approval_checked_at: now,
            plivo_waiting_since: null,
            updated_at: now,
          })
          .where('plivo_phone_number', '=', number)
          .execute(),
      )
      return { kind: 'gone' }
    }
    return { kind: 'unavailable', detail: error.detail }
  }
  await withTenant(platform.database, tenantId, (trx) =>
    trx
      .updateTable('sms_settings')
      .set({
        is_messaging_approved: approved,
        plivo_approval_checked_at: now,
        ...(approved ? { plivo_waiting_since: null } : {}),
      })
      .where('plivo_phone_number', '=', number)
      .execute(),
  )
  return { kind: approved ? 'approved' : 'waiting', number }
}

/**
 * Queues the next background check of a number waiting for approval, at its time on the
 * schedule counted from when it began waiting. The job id names that moment, so a buy, a
 * 'Check approval' and a run's own continuation asking for the same check queue it once.
 */
export async function scheduleApprovalCheck(platform: Pick<Platform, 'database' | 'jobs'>, tenantId: string, now: Date): Promise<void> {
  const row = await withTenant(platform.database, tenantId, (trx) =>
    trx.selectFrom('sms_settings').select(['provider', 'plivo_phone_number', 'is_messaging_approved', 'plivo_waiting_since']).executeTakeFirst(),
  )
  if (row?.provider !== 'plivo' || !row.plivo_phone_number || row.is_messaging_approved || !row.plivo_waiting_since) return
  const since = row.plivo_waiting_since.getTime()
  // A run a little before its time (a worker's clock behind the web server's) counts as on
  // time: otherwise it would queue itself again under its own id, which the queue drops.
  const at = nextApprovalCheckAt(now.getTime() - since + ON_TIME_WITHIN_MS)
  if (at === null) return
  const runAt = new Date(since + at)
  await platform.jobs.enqueue(
    plivoApprovalCheckJob,
    { tenantId },
    {
      jobId: plivoApprovalCheckJobId(tenantId, runAt),
      delayMs: Math.max(0, runAt.getTime() - now.getTime()),
    },
  )
}

/**
 * Asks Plivo again whether carriers approved the studio's number (the page's "Check approval",
 * a POST), and keeps the answer. Still waiting, the background checks go on, and when their
 * week is over a new week starts from now. A number Plivo no longer lists for the account is
 * removed here, so the studio can search and buy another.
 */
export async function refreshPlivoApproval(platform: ApprovalPlatform, tenantId: string, now: Date): Promise<WordedResult<{ approved: boolean }, 'conflict'>> {
  const answer = await askPlivoForApproval(platform, tenantId, now)
  switch (answer.kind) {
    case 'not_started':
      return err('conflict', PLIVO_REFUSALS.notStarted)
    case 'no_number':
      return err('conflict', PLIVO_REFUSALS.noNumber)
    case 'gone':
      return err('conflict', PLIVO_REFUSALS.numberGone)
    case 'unavailable':
      return err('conflict', PLIVO_REFUSALS.checkFailed(answer.detail))
    case 'approved':
      return ok({ approved: true })
    case 'waiting': {
      const watchFrom = new Date(now.getTime() - APPROVAL_WATCH_MS)
      await withTenant(platform.database, tenantId, (trx) =>
        trx
          .updateTable('sms_settings')
          .set({ plivo_waiting_since: now })
          .where('plivo_phone_number', '=', answer.number)
          .where((eb) => eb.or([eb('plivo_waiting_since', 'is', null), eb('plivo_waiting_since', '<=', watchFrom)]))
          .execute(),
      )
      await scheduleApprovalCheck(platform, tenantId, now)
      return ok({ approved: false })
    }
  }
}

/**
 * The plivo-approval-check job: asks Plivo once, as 'Check approval' would, and while the
 * number still waits (or Plivo could not say) queues the next check on the schedule. Nothing
 * to do once the number is approved, released or gone, or Plivo is no longer the provider, so
 * a run delivered again, or after the studio moved on, changes nothing.
 */
export async function runPlivoApprovalCheck(platform: ApprovalPlatform & Pick<Platform, 'clock'>, payload: { tenantId: string }): Promise<void> {
  const { tenantId } = payload
  const now = platform.clock.now()
  const row = await withTenant(platform.database, tenantId, (trx) =>
    trx.selectFrom('sms_settings').select(['provider', 'plivo_phone_number', 'is_messaging_approved', 'plivo_waiting_since']).executeTakeFirst(),
  )
  if (row?.provider !== 'plivo' || !row.plivo_phone_number || row.is_messaging_approved || !row.plivo_waiting_since) return
  const answer = await askPlivoForApproval(platform, tenantId, now)
  if (answer.kind === 'waiting' || answer.kind === 'unavailable') await scheduleApprovalCheck(platform, tenantId, now)
}
