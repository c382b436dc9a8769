import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import type { PlivoClient } from './plivo-client'
import { scheduleApprovalCheck } from './plivo-approval'
import { parseNumberToBuy } from './plivo-form'
import { isMessagingApproved } from './plivo-number-status'
import { PLIVO_REFUSALS, studioPlivoClient } from './plivo-page'
import { SmsCallFailed } from './sms-provider-call'

/** A buy marked in flight this long ago belonged to a request that died: another may start. */
const BUY_IN_FLIGHT_MS = 2 * 60_000

type BuyPlatform = Pick<Platform, 'database' | 'env' | 'jobs'>

/** Whether carriers approved the number, as Plivo says now; null when Plivo could not say. */
async function approvalOf(client: PlivoClient, number: string): Promise<boolean | null> {
  try {
    return isMessagingApproved(await client.readNumber(number))
  } catch (error) {
    if (!(error instanceof SmsCallFailed)) throw error
    return null
  }
}

/**
 * Rents the chosen number from the studio's Plivo account (spec: POST sms/tenant/numbers with
 * {number}) and keeps it as the sender of its texts, with whether carriers approved it. One
 * number per studio: the buy is marked in flight under a lock on the settings row first, so a
 * second press of Buy (or a second tab) is refused instead of renting a second number. A buy
 * whose outcome is unknown (a timeout, a 5xx) is settled by asking Plivo for the number. A
 * number not approved yet is checked again in the background (plivo-approval.ts).
 */
export async function buyPlivoNumber(platform: BuyPlatform, tenantId: string, rawNumber: unknown, now: Date): Promise<WordedResult<{ number: string; approved: boolean }, 'invalid_input' | 'conflict'>> {
  const chosen = parseNumberToBuy(rawNumber)
  if (!chosen.ok) return chosen
  const client = await studioPlivoClient(platform, tenantId)
  if (!client) return err('conflict', PLIVO_REFUSALS.notStarted)
  const claim = await withTenant(platform.database, tenantId, async (trx) => {
    const row = await trx.selectFrom('sms_settings').select(['provider', 'plivo_phone_number', 'plivo_buying_at']).forUpdate().executeTakeFirst()
    if (row?.provider !== 'plivo') return PLIVO_REFUSALS.notStarted
    if (row.plivo_phone_number) return PLIVO_REFUSALS.alreadyOwned
    if (row.plivo_buying_at && now.getTime() - row.plivo_buying_at.getTime() < BUY_IN_FLIGHT_MS) return PLIVO_REFUSALS.buyInFlight
    await trx.updateTable('sms_settings').set({ plivo_buying_at: now }).execute()
    return null
  })
  if (claim) return err('conflict', claim)

  const release = () => withTenant(platform.database, tenantId, (trx) => trx.updateTable('sms_settings').set({ plivo_buying_at: null }).execute())
  let approvedAtBuy: boolean | null = null
  try {
    await client.buyNumber(chosen.value)
  } catch (error) {
    if (!(error instanceof SmsCallFailed)) {
      await release()
      throw error
    }
    const refused = error.status !== null && error.status >= 400 && error.status < 500
    // A refusal rented nothing; of any other failure, Plivo's list of the account's numbers knows.
    const rentedAfterAll = refused ? null : await approvalOf(client, chosen.value)
    if (rentedAfterAll === null) {
      await release()
      return err('conflict', refused ? PLIVO_REFUSALS.buyFailed(error.detail) : PLIVO_REFUSALS.buyUnknown(error.detail))
    }
    approvedAtBuy = rentedAfterAll
  }
  const approved = approvedAtBuy ?? (await approvalOf(client, chosen.value)) ?? false
  const number = `+${chosen.value}`
  await withTenant(platform.database, tenantId, (trx) =>
    trx
      .updateTable('sms_settings')
      .set({ plivo_phone_number: number, is_messaging_approved: approved, plivo_approval_checked_at: now, plivo_buying_at: null, plivo_waiting_since: approved ? null : now, updated_at: now })
      .where('provider', '=', 'plivo')
      .execute(),
  )
  // Not approved yet: Plivo is asked again in the background until carriers approve it.
  if (!approved) await scheduleApprovalCheck(platform, tenantId, now)
  return ok({ number, approved })
}
