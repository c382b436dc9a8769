import { withTenant } from '#db/tenant-scope'
import type { SmsProvider } from '#db/tables/sms'
import type { Platform } from '#server/platform'
import { openSecret, sealSecret } from '#server/security/secret-box'
import { twilioBase, twilioClient, type TwilioClient, type TwilioSender } from './twilio-client'

type Db = Pick<Platform, 'database'>
type Sealing = Pick<Platform, 'env'>

/** The purpose sealed into the token: it opens only as this studio's Twilio auth token. */
export function twilioTokenPurpose(tenantId: string): string {
  return `twilio-auth-token:${tenantId}`
}

export function sealTwilioToken(platform: Sealing, tenantId: string, token: string): string {
  return sealSecret(platform.env.APP_SECRET, twilioTokenPurpose(tenantId), token)
}

export function openTwilioToken(platform: Sealing, tenantId: string, sealed: string): string | null {
  return openSecret(platform.env.APP_SECRET, twilioTokenPurpose(tenantId), sealed)
}

/** The hub's check (settings spec: SMS counts as integrated if the provider is twilio or plivo). */
export async function smsProviderOf(platform: Db, tenantId: string): Promise<SmsProvider | null> {
  const row = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('sms_settings').select('provider').executeTakeFirst())
  return row?.provider ?? null
}

/** A studio's Twilio account, ready to send: its client, sender and pacing. */
export interface ConnectedTwilio {
  client: TwilioClient
  sender: TwilioSender
  pageSize: number
  pageWaitMinutes: number
}

/** Null when SMS is not set up with Twilio, or its token can no longer be opened. */
export async function connectedTwilio(platform: Db & Sealing, tenantId: string): Promise<ConnectedTwilio | null> {
  const row = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('sms_settings').selectAll().executeTakeFirst())
  if (!row || row.provider !== 'twilio' || !row.twilio_sid || !row.twilio_token_sealed) return null
  const token = openTwilioToken(platform, tenantId, row.twilio_token_sealed)
  if (!token) return null
  const sender: TwilioSender | null = row.twilio_messaging_id ? { messagingId: row.twilio_messaging_id } : row.twilio_phone ? { phone: row.twilio_phone } : null
  if (!sender) return null
  return { client: twilioClient(twilioBase(platform.env), row.twilio_sid, token), sender, pageSize: row.page_size, pageWaitMinutes: row.page_wait_minutes }
}
