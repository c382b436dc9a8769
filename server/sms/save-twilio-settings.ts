import { withTenant } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { openTwilioToken, sealTwilioToken } from './sms-settings-store'
import { SmsCallFailed } from './sms-provider-call'
import { twilioBase, twilioClient } from './twilio-client'
import { parseTwilioForm, readTwilioForm, TWILIO_DEFAULTS, TWILIO_MESSAGES, type TwilioFormErrors, type TwilioFormValues } from './twilio-form'

export const TWILIO_REFUSALS = {
  refused: (detail: string) => `Twilio refused this Account SID and Auth Token: ${detail}`,
  unreachable: (detail: string) => `Twilio could not be reached, so nothing was saved: ${detail}`,
  suspended: (status: string) => `This Twilio account is ${status}, so it cannot send messages. Nothing was saved.`,
  keptTokenUnreadable: 'The saved Auth Token can no longer be read. Please paste it again.',
} as const

export type TwilioRefusal = { errors: TwilioFormErrors; values: TwilioFormValues; formError: string | null }

type SavePlatform = Pick<Platform, 'database' | 'env'>

/** Plivo's columns, emptied when Twilio takes over: one provider per studio (its rented number stays in the studio's Plivo account). */
export const PLIVO_CLEARED = {
  plivo_auth_id: null,
  plivo_token_sealed: null,
  is_agree_to_terms: false,
  terms_agreed_at: null,
  plivo_phone_number: null,
  is_messaging_approved: false,
  plivo_approval_checked_at: null,
  plivo_buying_at: null,
} as const

/**
 * The Twilio form, saved (settings spec, Twilio). The SID and token are checked first with a
 * read of the account, so credentials Twilio refuses are said at once and nothing is written.
 * A sender that is not numeric is the messaging service id and the phone is cleared (and the
 * other way round). The token is sealed at rest; a blank token keeps the saved one. The page
 * size and timer keep their saved values (or the spec's defaults) unless the advanced view posted them.
 * Twilio becomes the studio's provider: Plivo's settings, if any, are removed.
 */
export async function saveTwilioSettings(platform: SavePlatform, tenantId: string, form: FormData, now: Date): Promise<WordedResult<{ created: boolean }, 'invalid_input', TwilioRefusal>> {
  const saved = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('sms_settings').select(['twilio_token_sealed', 'page_size', 'page_wait_minutes']).executeTakeFirst())
  const hasToken = Boolean(saved?.twilio_token_sealed)
  const parsed = parseTwilioForm(form, hasToken)
  if (!parsed.ok) return err('invalid_input', parsed.message, { ...parsed.details, formError: null })
  const input = parsed.value
  const values: TwilioFormValues = { ...readTwilioForm(form), token: '' }
  const refuse = (formError: string, errors: TwilioFormErrors = {}) => err('invalid_input', formError, { errors, values, formError })

  const keptToken = saved?.twilio_token_sealed ? openTwilioToken(platform, tenantId, saved.twilio_token_sealed) : null
  if (input.token === null && keptToken === null) return refuse(TWILIO_REFUSALS.keptTokenUnreadable, { token: TWILIO_MESSAGES.tokenRequired })
  const token = input.token ?? keptToken ?? ''

  try {
    const account = await twilioClient(twilioBase(platform.env), input.sid, token).readAccount()
    if (account.status !== 'active') return refuse(TWILIO_REFUSALS.suspended(account.status))
  } catch (error) {
    if (!(error instanceof SmsCallFailed)) throw error
    if (error.status === 401 || error.status === 403 || error.status === 404) {
      const message = TWILIO_REFUSALS.refused(error.detail)
      return refuse(message, { sid: message })
    }
    return refuse(TWILIO_REFUSALS.unreachable(error.detail))
  }

  const fields = {
    provider: 'twilio' as const,
    ...PLIVO_CLEARED,
    twilio_sid: input.sid,
    twilio_token_sealed: sealTwilioToken(platform, tenantId, token),
    twilio_phone: input.phone,
    twilio_messaging_id: input.messagingId,
    admin_phone: input.adminPhone,
    page_size: input.pageSize ?? saved?.page_size ?? TWILIO_DEFAULTS.pageSize,
    page_wait_minutes: input.pageWaitMinutes ?? saved?.page_wait_minutes ?? TWILIO_DEFAULTS.pageWaitMinutes,
    updated_at: now,
  }
  await withTenant(platform.database, tenantId, async (trx) => {
    if (saved) await trx.updateTable('sms_settings').set(fields).execute()
    else await trx.insertInto('sms_settings').values({ tenant_id: tenantId, ...fields }).execute()
  })
  return ok({ created: !saved })
}

