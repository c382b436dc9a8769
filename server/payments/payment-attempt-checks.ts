import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import { settlePhonePeTransaction } from './phonepe-checkout'
import { readProviderCredentials } from './provider-keys'
import { settleRazorpayOrder } from './razorpay-checkout'
import { scheduleAttemptCheck, type CheckedAttempt } from './schedule-attempt-check'

/**
 * One check: an attempt no longer open (paid, expired, refunded) is left alone; one still open
 * is asked of its provider with the keys it was made with, settled by what it says, and asked
 * again later while it waits. Keys changed since: nothing to ask with, so no more checks.
 */
export async function checkPaymentAttempt(platform: Platform, attempt: CheckedAttempt & { round: number }): Promise<void> {
  const tenant = await platform.tenants.findById(attempt.tenantId)
  if (!tenant) return
  const row = await withTenant(platform.database, tenant.id, (trx) =>
    trx.selectFrom('payments').select(['status', 'account_id']).where('provider', '=', attempt.provider).where('checkout_ref', '=', attempt.checkoutRef).executeTakeFirst(),
  )
  if (!row || row.status !== 'open') return
  const credentials = await readProviderCredentials(platform, tenant.id, attempt.provider)
  if (!credentials || credentials.apiKey !== row.account_id) return
  const input = { origin: attempt.origin, now: new Date() }
  const settled =
    attempt.provider === 'RAZORPAY'
      ? await settleRazorpayOrder(platform, tenant, credentials, attempt.checkoutRef, input)
      : await settlePhonePeTransaction(platform, tenant, credentials, attempt.checkoutRef, input)
  if (settled === 'waiting') await scheduleAttemptCheck(platform, attempt, attempt.round + 1)
}
