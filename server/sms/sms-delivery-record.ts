import { asSystem, type TenantExecutor } from '#db/tenant-scope'
import type { SmsDeliveryStatus, SmsProvider } from '#db/tables/sms'
import type { Platform } from '#server/platform'

/** How long a callback's nonce is remembered: longer than any provider retries a report. */
export const CALLBACK_NONCE_KEEP_DAYS = 7

/**
 * Notes a signed callback's nonce for the studio (docs/decisions/145): true the first time,
 * false when the studio has taken it already (a provider's retry, or a replay), in which case
 * the caller changes nothing. Runs in the transaction that records the report, so a report and
 * its nonce are taken together or not at all.
 */
export async function takeCallbackNonce(trx: TenantExecutor, tenantId: string, provider: SmsProvider, nonce: string, now: Date): Promise<boolean> {
  const taken = await trx
    .insertInto('sms_callback_nonces')
    .values({ tenant_id: tenantId, provider, nonce, seen_at: now })
    .onConflict((oc) => oc.columns(['tenant_id', 'provider', 'nonce']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return taken !== undefined
}

/**
 * Records a provider's final word on a sent message found by the provider's message id in this
 * studio. A final state stays final: a message already reported delivered or failed is not
 * changed by a later report, so a late or replayed report cannot turn 'delivered' into 'failed'.
 */
export async function recordDelivery(
  trx: TenantExecutor,
  report: { providerMessageId: string; delivery: SmsDeliveryStatus; errorCode: string | null; now: Date },
): Promise<boolean> {
  const updated = await trx
    .updateTable('sms_messages')
    .set({ delivery_status: report.delivery, delivery_error: report.delivery === 'failed' ? report.errorCode : null, delivery_reported_at: report.now })
    .where('provider_message_id', '=', report.providerMessageId)
    .where('status', '=', 'sent')
    .where('delivery_status', 'is', null)
    .executeTakeFirst()
  return Number(updated.numUpdatedRows) > 0
}

/** A provider's error code as a short text, or null when it gave none. */
export function errorCodeOf(code: string | number | undefined): string | null {
  if (code === undefined) return null
  const text = String(code).trim()
  return text === '' ? null : text.slice(0, 200)
}

/**
 * Forgets callback nonces older than CALLBACK_NONCE_KEEP_DAYS in every studio: a report that
 * late is no provider's retry, and its message's final state (kept final) would not change anyway.
 */
export async function pruneCallbackNonces(platform: Pick<Platform, 'database'>, now: Date): Promise<number> {
  const before = new Date(now.getTime() - CALLBACK_NONCE_KEEP_DAYS * 24 * 60 * 60 * 1000)
  return asSystem(platform.database, 'forget old SMS callback nonces in every studio', async (trx) => {
    const deleted = await trx.deleteFrom('sms_callback_nonces').where('seen_at', '<', before).executeTakeFirst()
    return Number(deleted.numDeletedRows)
  })
}
