import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { PLIVO_REFUSALS, studioPlivoClient } from './plivo-page'
import { SmsCallFailed } from './sms-provider-call'

/**
 * 'Release number' (confirmed): the studio stops renting its number at Plivo, and only then is
 * the number cleared here, so the page can search and buy another. Plivo failing leaves the
 * number as it was and says so; a number Plivo no longer lists was released already, and is
 * cleared. Texts still queued fail when their job runs, as with no number.
 */
export async function releasePlivoNumber(platform: Pick<Platform, 'database' | 'env'>, tenantId: string, now: Date): Promise<WordedResult<{ number: string }, 'conflict'>> {
  const client = await studioPlivoClient(platform, tenantId)
  if (!client) return err('conflict', PLIVO_REFUSALS.notStarted)
  const row = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('sms_settings').select(['plivo_phone_number']).executeTakeFirst())
  const number = row?.plivo_phone_number
  if (!number) return err('conflict', PLIVO_REFUSALS.noNumber)
  try {
    await client.releaseNumber(number)
  } catch (error) {
    if (!(error instanceof SmsCallFailed)) throw error
    if (error.status !== 404) return err('conflict', PLIVO_REFUSALS.releaseFailed(error.detail))
  }
  await withTenant(platform.database, tenantId, (trx) =>
    trx
      .updateTable('sms_settings')
      .set({ plivo_phone_number: null, is_messaging_approved: false, plivo_approval_checked_at: null, plivo_waiting_since: null, updated_at: now })
      .where('plivo_phone_number', '=', number)
      .execute(),
  )
  return ok({ number })
}
