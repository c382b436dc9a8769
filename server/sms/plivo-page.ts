import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import { plivoBase, plivoClient, type PlivoClient } from './plivo-client'
import { parseAreaCode } from './plivo-form'
import { availableNumberOf, type AvailableNumber } from './plivo-number-status'
import { SmsCallFailed } from './sms-provider-call'
import { openSmsToken } from './sms-settings-store'

/**
 * Where the studio is in the Plivo flow (settings spec, SMS integration page): terms not agreed
 * (Plivo is not the provider yet), agreed with no number (search and buy), or a number owned.
 */
export type PlivoStage = 'terms' | 'number' | 'owned'

/** What the Plivo page shows: never the token, only whether one is saved. */
export interface PlivoPage {
  stage: PlivoStage
  /** The provider that sends today when it is not Plivo: Get Started replaces it. */
  replaces: 'twilio' | null
  authId: string
  hasToken: boolean
  /** The rented number, E.164. */
  phoneNumber: string | null
  approved: boolean
  /** When approval was last asked of Plivo (ISO). */
  checkedAt: string | null
}

/** Area-code searches read North American numbers (docs/decisions/138). */
export const PLIVO_SEARCH_COUNTRY = 'US'

export const PLIVO_REFUSALS = {
  refused: (detail: string) => `Plivo refused this Auth ID and Auth Token: ${detail}`,
  unreachable: (detail: string) => `Plivo could not be reached, so nothing was saved: ${detail}`,
  keptTokenUnreadable: 'The saved Auth Token can no longer be read. Please paste it again.',
  searchFailed: (detail: string) => `Plivo could not search numbers: ${detail}`,
  buyFailed: (detail: string) => `Plivo could not sell this number: ${detail}`,
  buyUnknown: (detail: string) => `Not known whether Plivo rented this number (${detail}). Check the numbers in your Plivo console before buying again.`,
  buyInFlight: 'A number is being bought already. Wait a moment, then reload this page.',
  alreadyOwned: 'This studio has a number already.',
  notStarted: 'Get Started with Plivo first.',
  noNumber: 'This studio has no Plivo number yet.',
  checkFailed: (detail: string) => `Plivo could not say whether the number is approved: ${detail}`,
  numberGone: 'Plivo no longer lists this number in your account, so it was removed here. Search for a number to buy.',
  releaseFailed: (detail: string) => `Plivo could not release this number, so it is still yours here: ${detail}`,
} as const

type Db = Pick<Platform, 'database'>

export async function loadPlivoPage(platform: Db, tenantId: string): Promise<PlivoPage> {
  const row = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('sms_settings').selectAll().executeTakeFirst())
  const plivo = row?.provider === 'plivo' ? row : undefined
  return {
    stage: !plivo ? 'terms' : plivo.plivo_phone_number ? 'owned' : 'number',
    replaces: row?.provider === 'twilio' ? 'twilio' : null,
    authId: plivo?.plivo_auth_id ?? '',
    hasToken: Boolean(plivo?.plivo_token_sealed),
    phoneNumber: plivo?.plivo_phone_number ?? null,
    approved: plivo?.is_messaging_approved ?? false,
    checkedAt: plivo?.plivo_approval_checked_at?.toISOString() ?? null,
  }
}

/** The studio's Plivo client, when Plivo is its provider and its token still opens. */
export async function studioPlivoClient(platform: Db & Pick<Platform, 'env'>, tenantId: string): Promise<PlivoClient | null> {
  const row = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('sms_settings').select(['provider', 'plivo_auth_id', 'plivo_token_sealed']).executeTakeFirst())
  if (row?.provider !== 'plivo' || !row.plivo_auth_id || !row.plivo_token_sealed) return null
  const token = openSmsToken(platform, 'plivo', tenantId, row.plivo_token_sealed)
  return token ? plivoClient(plivoBase(platform.env), row.plivo_auth_id, token) : null
}

/** Numbers Plivo offers by area code (spec: GET sms/tenant/numbers?areaCode, availableNumbers), their rent written in the page's language. Reads only. */
export async function searchPlivoNumbers(platform: Db & Pick<Platform, 'env'>, tenantId: string, rawAreaCode: unknown, language: Language = 'en'): Promise<WordedResult<AvailableNumber[], 'invalid_input' | 'conflict'>> {
  const areaCode = parseAreaCode(rawAreaCode)
  if (!areaCode.ok) return areaCode
  const client = await studioPlivoClient(platform, tenantId)
  if (!client) return err('conflict', PLIVO_REFUSALS.notStarted)
  try {
    const offered = await client.searchNumbers({ countryIso: PLIVO_SEARCH_COUNTRY, areaCode: areaCode.value })
    return ok(offered.map((number) => availableNumberOf(number, language)))
  } catch (error) {
    if (!(error instanceof SmsCallFailed)) throw error
    return err('conflict', PLIVO_REFUSALS.searchFailed(error.detail))
  }
}
