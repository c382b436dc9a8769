import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import { TWILIO_DEFAULTS, type TwilioFormValues } from './twilio-form'

/** What the Twilio page shows: never the token, only whether one is saved. */
export interface TwilioPage {
  isConfigured: boolean
  hasToken: boolean
  /** The provider that sends today when it is not Twilio: saving here replaces it. */
  replaces: 'plivo' | null
  values: TwilioFormValues
}

export async function loadTwilioPage(platform: Pick<Platform, 'database'>, tenantId: string): Promise<TwilioPage> {
  const row = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('sms_settings').selectAll().executeTakeFirst())
  const twilio = row?.provider === 'twilio' ? row : undefined
  return {
    isConfigured: Boolean(twilio?.twilio_sid),
    hasToken: Boolean(twilio?.twilio_token_sealed),
    replaces: row?.provider === 'plivo' ? 'plivo' : null,
    values: {
      sender: twilio?.twilio_messaging_id ?? twilio?.twilio_phone ?? '',
      sid: twilio?.twilio_sid ?? '',
      token: '',
      adminPhone: twilio?.admin_phone ?? '',
      pageSize: String(row?.page_size ?? TWILIO_DEFAULTS.pageSize),
      pageWaitMinutes: String(row?.page_wait_minutes ?? TWILIO_DEFAULTS.pageWaitMinutes),
    },
  }
}
