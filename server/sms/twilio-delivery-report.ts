import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import type { SmsDeliveryStatus } from '#db/tables/sms'
import { tenantOrigin } from '#server/auth/tenant-origin'
import type { Env } from '#server/env.server'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import type { DeliveryReportOutcome } from './plivo-delivery-report'
import { errorCodeOf, recordDelivery } from './sms-delivery-record'
import { openSmsToken } from './sms-settings-store'

/** Where Twilio posts the status callbacks of a studio's texts, on the studio's own host. */
export const TWILIO_STATUS_PATH = '/sms/twilio/status'

type OriginEnv = Pick<Env, 'PUBLIC_URL' | 'PORT' | 'PLATFORM_DOMAINS' | 'isProduction'>

/** The StatusCallback a text sent by a job carries (no request to take the scheme and port from). */
export function twilioStatusUrl(tenant: Pick<Tenant, 'orgId' | 'customDomain'>, env: OriginEnv): string {
  return `${tenantOrigin(tenant, new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`), env)}${TWILIO_STATUS_PATH}`
}

/**
 * Twilio's signature of a request to a callback URL (its security documentation: header
 * X-Twilio-Signature): HMAC-SHA1 under the account's auth token of the full URL followed by each
 * POST parameter's name and value, names in sorted order, in base64.
 */
export function twilioSignature(authToken: string, url: string, params: Readonly<Record<string, string>>): string {
  const signed = Object.keys(params)
    .sort()
    .reduce((text, name) => `${text}${name}${params[name] ?? ''}`, url)
  return createHmac('sha1', authToken).update(signed).digest('base64')
}

function signatureMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The form fields Twilio posts; each is one string (a repeated field is not Twilio's). */
const paramsSchema = z.record(z.string().max(2000))

/** A status callback as Twilio posts it. Other fields are Twilio's business (they are signed all the same). */
const reportSchema = z.object({
  MessageSid: z.string().trim().min(1).max(100),
  MessageStatus: z.string().trim().min(1).max(40),
  ErrorCode: z.string().max(20).optional(),
})

/** Twilio's final states; queued, sending, sent (and the like) say nothing about delivery yet. */
function deliveryOf(status: string): SmsDeliveryStatus | null {
  const word = status.toLowerCase()
  if (word === 'delivered') return 'delivered'
  if (word === 'undelivered' || word === 'failed') return 'failed'
  return null
}

/**
 * A status callback from Twilio for one of the studio's texts: proved by Twilio's signature
 * under the studio's own auth token over the callback URL on the studio's host and every posted
 * field, then recorded on the sent message with that Twilio message id in this studio only. The
 * signature covers the body, so a replay can only repeat the same report, and a final state
 * stays final (a late 'failed' never overwrites 'delivered'). A message not found here, or a
 * studio that no longer texts through Twilio, changes nothing and is answered like a recorded one.
 */
export async function recordTwilioDeliveryReport(
  platform: Pick<Platform, 'database' | 'env'>,
  tenant: Tenant,
  input: { requestUrl: URL; signature: string | undefined; body: unknown; now: Date },
): Promise<DeliveryReportOutcome> {
  const settings = await withTenant(platform.database, tenant.id, (trx) => trx.selectFrom('sms_settings').select(['provider', 'twilio_token_sealed']).executeTakeFirst())
  const token = settings?.provider === 'twilio' && settings.twilio_token_sealed ? openSmsToken(platform, 'twilio', tenant.id, settings.twilio_token_sealed) : null
  if (!token) return 'ignored'
  const params = paramsSchema.safeParse(input.body ?? {})
  if (!params.success) return 'invalid'
  // The URL the callback was sent to is the one the text carried: this studio's own address.
  const callbackUrl = `${tenantOrigin(tenant, input.requestUrl, platform.env)}${TWILIO_STATUS_PATH}${input.requestUrl.search}`
  if (!input.signature || !signatureMatches(twilioSignature(token, callbackUrl, params.data), input.signature)) return 'refused'
  const report = reportSchema.safeParse(params.data)
  if (!report.success) return 'invalid'
  const delivery = deliveryOf(report.data.MessageStatus)
  if (!delivery) return 'ignored'
  const errorCode = errorCodeOf(report.data.ErrorCode)
  const recorded = await withTenant(platform.database, tenant.id, (trx) => recordDelivery(trx, { providerMessageId: report.data.MessageSid, delivery, errorCode, now: input.now }))
  return recorded ? 'recorded' : 'ignored'
}
