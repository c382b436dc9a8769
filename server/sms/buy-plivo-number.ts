import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import type { PlivoClient } from './plivo-client'
import { parseNumberToBuy } from './plivo-form'
import { isMessagingApproved } from './plivo-number-status'
import { PLIVO_REFUSALS, studioPlivoClient } from './plivo-page'
import { SmsCallFailed } from './sms-provider-call'

/** A buy marked in flight this long ago belonged to a request that died: another may start. */
const BUY_IN_FLIGHT_MS = 2 * 60_000

type BuyPlatform = Pick<Platform, 'database' | 'env'>

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
 * whose outcome is unknown (a timeout, a 5xx) is settled by asking Plivo for the number.
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
      .set({ plivo_phone_number: number, is_messaging_approved: approved, plivo_approval_checked_at: now, plivo_buying_at: null, updated_at: now })
      .where('provider', '=', 'plivo')
      .execute(),
  )
  return ok({ number, approved })
}

/**
 * Asks Plivo again whether carriers approved the studio's number (the page's "Check approval"),
 * and keeps the answer. A number Plivo no longer lists for the account is removed here, so the
 * studio can search and buy another.
 */
export async function refreshPlivoApproval(platform: BuyPlatform, tenantId: string, now: Date): Promise<WordedResult<{ approved: boolean }, 'conflict'>> {
  const client = await studioPlivoClient(platform, tenantId)
  if (!client) return err('conflict', PLIVO_REFUSALS.notStarted)
  const row = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('sms_settings').select(['plivo_phone_number']).executeTakeFirst())
  const number = row?.plivo_phone_number
  if (!number) return err('conflict', PLIVO_REFUSALS.noNumber)
  let approved: boolean
  try {
    approved = isMessagingApproved(await client.readNumber(number))
  } catch (error) {
    if (!(error instanceof SmsCallFailed)) throw error
    if (error.status === 404) {
      await withTenant(platform.database, tenantId, (trx) =>
        trx.updateTable('sms_settings').set({ plivo_phone_number: null, is_messaging_approved: false, plivo_approval_checked_at: now, updated_at: now }).where('plivo_phone_number', '=', number).execute(),
      )
      return err('conflict', PLIVO_REFUSALS.numberGone)
    }
    return err('conflict', PLIVO_REFUSALS.checkFailed(error.detail))
  }
  await withTenant(platform.database, tenantId, (trx) =>
    trx.updateTable('sms_settings').set({ is_messaging_approved: approved, plivo_approval_checked_at: now }).where('plivo_phone_number', '=', number).execute(),
  )
  return ok({ approved })
}
