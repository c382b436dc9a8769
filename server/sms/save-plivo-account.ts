import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { plivoBase, plivoClient } from './plivo-client'
import { parsePlivoAccountForm, PLIVO_MESSAGES, readPlivoAccountForm, type PlivoAccountErrors, type PlivoAccountValues } from './plivo-form'
import { PLIVO_REFUSALS } from './plivo-page'
import { SmsCallFailed } from './sms-provider-call'
import { openSmsToken, sealSmsToken } from './sms-settings-store'

export type PlivoAccountRefusal = { errors: PlivoAccountErrors; values: PlivoAccountValues; formError: string | null }

/** The columns of the other provider, emptied when Plivo takes over: one provider per studio. */
export const TWILIO_CLEARED = { twilio_sid: null, twilio_token_sealed: null, twilio_phone: null, twilio_messaging_id: null, admin_phone: null } as const

/**
 * Get Started (terms agreed with the studio's Plivo Auth ID and Auth Token) or a later change
 * of that account, saved (spec: PUT sms/tenant with isAgreeToTerms; 'Sms config updated').
 * The credentials are checked first with a read of the account, so credentials Plivo refuses
 * are said at once and nothing is written. Plivo becomes the studio's provider and Twilio's
 * settings are removed. The token is sealed at rest; a blank token keeps the saved one. Another
 * Auth ID is another account: the number of the old one is forgotten here.
 */
export async function savePlivoAccount(platform: Pick<Platform, 'database' | 'env'>, tenantId: string, form: FormData, now: Date): Promise<WordedResult<{ started: boolean }, 'invalid_input', PlivoAccountRefusal>> {
  const saved = await withTenant(platform.database, tenantId, (trx) =>
    trx.selectFrom('sms_settings').select(['provider', 'plivo_auth_id', 'plivo_token_sealed', 'is_agree_to_terms', 'terms_agreed_at']).executeTakeFirst(),
  )
  const plivo = saved?.provider === 'plivo' ? saved : undefined
  const needsTerms = !plivo?.is_agree_to_terms
  const parsed = parsePlivoAccountForm(form, Boolean(plivo?.plivo_token_sealed), needsTerms)
  if (!parsed.ok) return err('invalid_input', parsed.message, { ...parsed.details, formError: null })
  const input = parsed.value
  const values: PlivoAccountValues = { ...readPlivoAccountForm(form), authToken: '' }
  const refuse = (formError: string, errors: PlivoAccountErrors = {}) => err('invalid_input', formError, { errors, values, formError })

  const keptToken = plivo?.plivo_token_sealed ? openSmsToken(platform, 'plivo', tenantId, plivo.plivo_token_sealed) : null
  if (input.authToken === null && keptToken === null) return refuse(PLIVO_REFUSALS.keptTokenUnreadable, { authToken: PLIVO_MESSAGES.tokenRequired })
  const token = input.authToken ?? keptToken ?? ''

  try {
    await plivoClient(plivoBase(platform.env), input.authId, token).readAccount()
  } catch (error) {
    if (!(error instanceof SmsCallFailed)) throw error
    if (error.status === 401 || error.status === 403 || error.status === 404) {
      const message = PLIVO_REFUSALS.refused(error.detail)
      return refuse(message, { authId: message })
    }
    return refuse(PLIVO_REFUSALS.unreachable(error.detail))
  }

  const otherAccount = plivo?.plivo_auth_id !== input.authId
  const fields = {
    provider: 'plivo' as const,
    ...TWILIO_CLEARED,
    plivo_auth_id: input.authId,
    plivo_token_sealed: sealSmsToken(platform, 'plivo', tenantId, token),
    is_agree_to_terms: true,
    terms_agreed_at: plivo?.terms_agreed_at ?? now,
    ...(otherAccount ? { plivo_phone_number: null, is_messaging_approved: false, plivo_approval_checked_at: null, plivo_buying_at: null, plivo_waiting_since: null } : {}),
    updated_at: now,
  }
  await withTenant(platform.database, tenantId, async (trx) => {
    if (saved) await trx.updateTable('sms_settings').set(fields).execute()
    else await trx.insertInto('sms_settings').values({ tenant_id: tenantId, ...fields }).execute()
  })
  return ok({ started: needsTerms })
}
