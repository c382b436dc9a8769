import { createHmac, timingSafeEqual } from 'node:crypto'
import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import type { SmsDeliveryStatus } from '#db/tables/sms'
import { tenantOrigin } from '#server/auth/tenant-origin'
import type { Env } from '#server/env.server'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { errorCodeOf, recordDelivery, takeCallbackNonce } from './sms-delivery-record'
import { openSmsToken } from './sms-settings-store'

/** Where Plivo posts the delivery reports of a studio's texts, on the studio's own host. */
export const PLIVO_STATUS_PATH = '/sms/plivo/status'

type OriginEnv = Pick<Env, 'PUBLIC_URL' | 'PORT' | 'PLATFORM_DOMAINS' | 'isProduction'>

/** The status callback a text sent by a job carries (no request to take the scheme and port from). */
export function plivoStatusUrl(tenant: Pick<Tenant, 'orgId' | 'customDomain'>, env: OriginEnv): string {
  return `${tenantOrigin(tenant, new URL(env.PUBLIC_URL ?? `http://localhost:${env.PORT}`), env)}${PLIVO_STATUS_PATH}`
}

/**
 * Plivo's signature of a request to a callback URL (its messaging documentation: header
 * X-Plivo-Signature-V2 with X-Plivo-Signature-V2-Nonce): HMAC-SHA256 under the account's Auth
 * Token of the URL without its query followed by the nonce, in base64.
 */
export function plivoSignatureV2(authToken: string, url: string, nonce: string): string {
  const parsed = new URL(url)
  return createHmac('sha256', authToken).update(`${parsed.protocol}//${parsed.host}${parsed.pathname}${nonce}`).digest('base64')
}

function signatureMatches(authToken: string, url: string, nonce: string, signature: string): boolean {
  const expected = Buffer.from(plivoSignatureV2(authToken, url, nonce))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** A delivery report as Plivo posts it (form fields; JSON taken as well). Unknown fields are Plivo's business. */
const reportSchema = z.object({
  MessageUUID: z.string().trim().min(1).max(100),
  Status: z.string().trim().min(1).max(40),
  ErrorCode: z.union([z.string().max(20), z.number().int()]).optional(),
})

/** Plivo's final states; 'queued' and 'sent' say nothing about delivery yet. */
function deliveryOf(status: string): SmsDeliveryStatus | null {
  const word = status.toLowerCase()
  if (word === 'delivered') return 'delivered'
  if (word === 'failed' || word === 'undelivered' || word === 'rejected') return 'failed'
  return null
}

export type DeliveryReportOutcome = 'recorded' | 'ignored' | 'refused' | 'invalid'

/**
 * A delivery report from Plivo for one of the studio's texts (docs/decisions/138, amended):
 * proved by Plivo's signature under the studio's own Auth Token over the callback URL on the
 * studio's host, then recorded on the sent message with that Plivo message id in this studio
 * only, so another studio's message is never touched. A report of a message not found here
 * (or of a studio that no longer texts through Plivo) changes nothing and is answered like a
 * recorded one, so Plivo does not keep posting it. The signature does not cover the body, so a
 * report can only set a final state on a message this studio sent through Plivo, a nonce is
 * taken once (a repeat is answered 200 and changes nothing), and a final state stays final.
 */
export async function recordPlivoDeliveryReport(
  platform: Pick<Platform, 'database' | 'env'>,
  tenant: Tenant,
  input: { requestUrl: URL; signature: string | undefined; nonce: string | undefined; body: unknown; now: Date },
): Promise<DeliveryReportOutcome> {
  const settings = await withTenant(platform.database, tenant.id, (trx) => trx.selectFrom('sms_settings').select(['provider', 'plivo_token_sealed']).executeTakeFirst())
  const token = settings?.provider === 'plivo' && settings.plivo_token_sealed ? openSmsToken(platform, 'plivo', tenant.id, settings.plivo_token_sealed) : null
  if (!token) return 'ignored'
  // The URL the report was sent to is the one the text carried: this studio's own address.
  const callbackUrl = `${tenantOrigin(tenant, input.requestUrl, platform.env)}${PLIVO_STATUS_PATH}`
  if (!input.signature || !input.nonce || !signatureMatches(token, callbackUrl, input.nonce, input.signature)) return 'refused'
  const report = reportSchema.safeParse(input.body)
  if (!report.success || input.nonce.length > 200) return 'invalid'
  const delivery = deliveryOf(report.data.Status)
  const errorCode = errorCodeOf(report.data.ErrorCode)
  // The signature does not cover the body: a nonce the studio has taken is never taken again,
  // so a captured report cannot be replayed with another body (docs/decisions/145).
  const nonce = input.nonce
  const recorded = await withTenant(platform.database, tenant.id, async (trx) => {
    if (!(await takeCallbackNonce(trx, tenant.id, 'plivo', nonce, input.now))) return false
    if (!delivery) return false
    return recordDelivery(trx, { providerMessageId: report.data.MessageUUID, delivery, errorCode, now: input.now })
  })
  return recorded ? 'recorded' : 'ignored'
}
