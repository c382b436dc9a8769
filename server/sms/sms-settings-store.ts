import { withTenant } from '#db/tenant-scope'
import type { Selectable } from 'kysely'
import type { SmsProvider, SmsSettingsTable } from '#db/tables/sms'
import type { Platform } from '#server/platform'
import { openSecret, sealSecret } from '#server/security/secret-box'
import { plivoBase, plivoClient } from './plivo-client'
import { plivoStatusUrl } from './plivo-delivery-report'
import { twilioStatusUrl } from './twilio-delivery-report'
import { twilioBase, twilioClient, type TwilioClient, type TwilioSender } from './twilio-client'

type Db = Pick<Platform, 'database'>
type Sealing = Pick<Platform, 'env'>

/** The purpose sealed into a provider's token: it opens only as this studio's token for that provider. */
export function smsTokenPurpose(provider: SmsProvider, tenantId: string): string {
  return `${provider}-auth-token:${tenantId}`
}

export function sealSmsToken(platform: Sealing, provider: SmsProvider, tenantId: string, token: string): string {
  return sealSecret(platform.env.APP_SECRET, smsTokenPurpose(provider, tenantId), token)
}

export function openSmsToken(platform: Sealing, provider: SmsProvider, tenantId: string, sealed: string): string | null {
  return openSecret(platform.env.APP_SECRET, smsTokenPurpose(provider, tenantId), sealed)
}

/** The purpose sealed into the token: it opens only as this studio's Twilio auth token. */
export function twilioTokenPurpose(tenantId: string): string {
  return smsTokenPurpose('twilio', tenantId)
}

export function sealTwilioToken(platform: Sealing, tenantId: string, token: string): string {
  return sealSmsToken(platform, 'twilio', tenantId, token)
}

export function openTwilioToken(platform: Sealing, tenantId: string, sealed: string): string | null {
  return openSmsToken(platform, 'twilio', tenantId, sealed)
}

/** The hub's check (settings spec: SMS counts as integrated if the provider is twilio or plivo). */
export async function smsProviderOf(platform: Db, tenantId: string): Promise<SmsProvider | null> {
  const row = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('sms_settings').select('provider').executeTakeFirst())
  return row?.provider ?? null
}

/** The settings columns that say whether a studio can text (no secret is opened to tell). */
export interface SmsReadiness {
  provider: SmsProvider
  twilio_sid: string | null
  twilio_token_sealed: string | null
  plivo_token_sealed: string | null
  plivo_phone_number: string | null
  is_messaging_approved: boolean
}

/**
 * Whether the studio's provider is ready to send: Twilio with its account saved, or Plivo with
 * a number that carriers approved for texting (docs/decisions/138).
 */
export function canSendSms(row: SmsReadiness | undefined | null): boolean {
  if (!row) return false
  if (row.provider === 'twilio') return Boolean(row.twilio_sid && row.twilio_token_sealed)
  return Boolean(row.plivo_token_sealed && row.plivo_phone_number && row.is_messaging_approved)
}

/** A studio's account at Twilio, ready to send: its client, sender and pacing. */
export interface ConnectedTwilio {
  client: TwilioClient
  sender: TwilioSender
  pageSize: number
  pageWaitMinutes: number
}

/** A studio's SMS provider, ready to send one text: the provider's name and its pacing. */
export interface ConnectedSms {
  provider: 'Twilio' | 'Plivo'
  send(input: { to: string; body: string }): Promise<{ id: string }>
  pageSize: number
  pageWaitMinutes: number
}

/**
 * The studio's provider as the send job uses it (it picks the client by provider), or null when
 * SMS is not ready (not set up, a Plivo number not approved yet, a token that can no longer be opened).
 */
export async function connectedSms(platform: Db & Sealing & Pick<Platform, 'tenants'>, tenantId: string): Promise<ConnectedSms | null> {
  const row = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('sms_settings').selectAll().executeTakeFirst())
  if (!row || !canSendSms(row)) return null
  const pace = { pageSize: row.page_size, pageWaitMinutes: row.page_wait_minutes }
  if (row.provider === 'plivo') {
    const token = row.plivo_token_sealed ? openSmsToken(platform, 'plivo', tenantId, row.plivo_token_sealed) : null
    const from = row.plivo_phone_number
    if (!token || !row.plivo_auth_id || !from) return null
    const client = plivoClient(plivoBase(platform.env), row.plivo_auth_id, token)
    // Plivo reports each text's delivery to the studio's own host (plivo-delivery-report.ts).
    const tenant = await platform.tenants.findById(tenantId)
    const statusUrl = tenant ? plivoStatusUrl(tenant, platform.env) : undefined
    return { provider: 'Plivo', send: ({ to, body }) => client.sendMessage({ from, to, text: body, statusUrl }), ...pace }
  }
  const twilio = twilioOf(platform, tenantId, row)
  if (!twilio) return null
  // Twilio reports each text's delivery to the studio's own host (twilio-delivery-report.ts).
  const tenant = await platform.tenants.findById(tenantId)
  const statusCallback = tenant ? twilioStatusUrl(tenant, platform.env) : undefined
  return { provider: 'Twilio', send: async ({ to, body }) => ({ id: (await twilio.client.createMessage({ to, body, sender: twilio.sender, statusCallback })).sid }), ...pace }
}

/** Null when SMS is not set up with Twilio, or its token can no longer be opened. */
function twilioOf(platform: Sealing, tenantId: string, row: Selectable<SmsSettingsTable>): ConnectedTwilio | null {
  if (row.provider !== 'twilio' || !row.twilio_sid || !row.twilio_token_sealed) return null
  const token = openTwilioToken(platform, tenantId, row.twilio_token_sealed)
  if (!token) return null
  const sender: TwilioSender | null = row.twilio_messaging_id ? { messagingId: row.twilio_messaging_id } : row.twilio_phone ? { phone: row.twilio_phone } : null
  if (!sender) return null
  return { client: twilioClient(twilioBase(platform.env), row.twilio_sid, token), sender, pageSize: row.page_size, pageWaitMinutes: row.page_wait_minutes }
}
