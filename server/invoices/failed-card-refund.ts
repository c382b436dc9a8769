import type Stripe from 'stripe'
import { asSystem, withTenant } from '#db/tenant-scope'
import { writeAuditLog } from '#server/auth/audit-log'
import type { Platform } from '#server/platform'

/** What became of a provider's report that one of its refunds failed. */
export type FailedRefundOutcome = 'recorded' | 'already-recorded' | 'unknown'

const FAILED_STATUSES = new Set(['failed', 'canceled'])

/**
 * Stripe's 'refund.failed' (and a 'refund.updated' or 'charge.refund.updated' naming a failed or
 * canceled refund) for a studio's connected account. The refund is found by its id in the ledger
 * of the studio that connected that account (the event's account is what proves it, the refund
 * carries no studio of its own); it is marked failed with Stripe's reason and no longer counts as
 * given back: the payment and the invoice take the amount back, and an invoice that was refunded
 * in full is paid again. Marking it is done once, so repeated deliveries change nothing.
 */
export async function recordFailedStripeRefund(platform: Pick<Platform, 'database' | 'caches' | 'logger'>, event: Stripe.Event): Promise<FailedRefundOutcome> {
  const refund = event.data.object as Stripe.Refund
  if (!FAILED_STATUSES.has(refund.status ?? '') || !event.account) return 'unknown'
  const tenantId = await studioOfAccount(platform, event.account)
  if (!tenantId) return 'unknown'
  const outcome = await withTenant(platform.database, tenantId, async (trx): Promise<FailedRefundOutcome> => {
    const given = await trx
      .selectFrom('invoice_refunds')
      .innerJoin('invoice_payments', 'invoice_payments.id', 'invoice_refunds.invoice_payment_id')
      .select(['invoice_refunds.id', 'invoice_refunds.amount_minor', 'invoice_refunds.failed_at', 'invoice_payments.id as payment_id', 'invoice_payments.invoice_id'])
      .where('invoice_refunds.refund_ref', '=', refund.id)
      .where('invoice_payments.method', '=', 'card')
      .forUpdate()
      .executeTakeFirst()
    if (!given) return 'unknown'
    if (given.failed_at) return 'already-recorded'
    const amount = Number(given.amount_minor)
    const now = new Date()
    await trx
      .updateTable('invoice_refunds')
      .set({ failed_at: now, failure_reason: (refund.failure_reason ?? refund.status ?? 'failed').slice(0, 255) })
      .where('id', '=', given.id)
      .execute()
    await trx
      .updateTable('invoice_payments')
      .set((eb) => ({ refunded_minor: eb('refunded_minor', '-', amount) }))
      .where('id', '=', given.payment_id)
      .execute()
    await trx
      .updateTable('invoices')
      .set((eb) => ({
        refunded_minor: eb('refunded_minor', '-', amount),
        status: eb.case().when('status', '=', 'refunded').then('paid' as const).else(eb.ref('status')).end(),
        updated_at: now,
      }))
      .where('id', '=', given.invoice_id)
      .execute()
    await writeAuditLog(trx, {
      tenantId,
      actorContactId: null,
      action: 'invoice.refund_failed',
      targetType: 'invoice',
      targetId: given.invoice_id,
      details: { refund: refund.id, amountMinor: amount, reason: refund.failure_reason ?? null },
      ip: null,
    })
    return 'recorded'
  })
  if (outcome === 'recorded') {
    platform.caches.changed(tenantId, ['invoices'])
    platform.logger.warn({ tenant: tenantId, refund: refund.id, reason: refund.failure_reason }, 'a card refund failed after it was given: the invoice counts it as not given back')
  }
  return outcome
}

/** The studio that connected this Stripe account, if any (one account belongs to one studio). */
async function studioOfAccount(platform: Pick<Platform, 'database'>, accountId: string): Promise<string | null> {
  const row = await asSystem(platform.database, 'the studio of a connected Stripe account', (trx) =>
    trx.selectFrom('payment_accounts').select('tenant_id').where('provider', '=', 'STRIPE').where('account_id', '=', accountId).executeTakeFirst(),
  )
  return row?.tenant_id ?? null
}
