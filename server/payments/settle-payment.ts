import { sql } from 'kysely'
import { withTenant } from '#db/tenant-scope'
import type { PaymentProvider } from '#db/tables/payments'
import { giveOfferUseBack } from '#server/checkout/cart-offer'
import { SaleRefused } from '#server/checkout/fulfil-line'
import { queueMembershipReceipts, queueReceiptEmail } from '#server/checkout/receipt-email'
import { takeInvoicePayment, takeWholeMembershipPayments } from '#server/invoices/take-payment'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { awaitsPayment } from './payable-invoice'
import { PAYMENT_CACHE_TAGS } from '#server/invoices/payment-cache-tags'

export type PaymentPlatform = Pick<Platform, 'database' | 'caches' | 'jobs' | 'env' | 'logger' | 'tenants'>

/** What a provider says of one attempt, read from its own answer (never from the buyer's address bar). */
export interface ProviderOutcome {
  /** paid: the money is taken; waiting: not yet (or not known); expired: the attempt can no longer be paid. */
  state: 'paid' | 'waiting' | 'expired'
  amountMinor: number | null
  currency: string | null
  /** The charge itself (a PaymentIntent, a Razorpay payment, a PhonePe transaction): what a refund names. */
  paymentRef: string | null
}

export type Settlement = 'paid' | 'already-settled' | 'waiting' | 'expired' | 'refunded' | 'unknown'

/** A payment taken but not kept, as the provider's refund call needs it. */
export interface DuePayment {
  checkoutRef: string
  accountId: string
  paymentRef: string
  amountMinor: number
  currency: string
}

/** Gives a payment back on its provider; answers the provider's refund reference. */
export type RefundPayment = (due: DuePayment) => Promise<string>

/**
 * Records what a provider says of an attempt, whichever arrives first (the buyer's return, a
 * webhook or callback, a repeat of either): paid gives the buyer the order in one transaction
 * with the payment and invoice locked, so it happens once; an amount that does not match the
 * invoice is not taken. A payment that cannot be kept (the last seat went while the buyer was
 * paying, or the order was already paid through another attempt) is marked refund_due in that
 * transaction and refunded after it; a refund the provider did not take is tried again on the
 * next delivery.
 */
export async function settlePayment(
  platform: PaymentPlatform,
  tenant: Tenant,
  attempt: { provider: PaymentProvider; checkoutRef: string },
  outcome: ProviderOutcome,
  input: { origin: string; now: Date; refund: RefundPayment },
): Promise<Settlement> {
  let invoiceGuid: string | null = null
  const settled = await withTenant(platform.database, tenant.id, async (trx): Promise<Settlement> => {
    const payment = await trx.selectFrom('payments').selectAll().where('provider', '=', attempt.provider).where('checkout_ref', '=', attempt.checkoutRef).forUpdate().executeTakeFirst()
    if (!payment) return 'unknown'
    const invoice = await trx
      .selectFrom('invoices')
      .select(['id', 'guid', 'status', 'offer_id', 'contact_id', 'source', 'currency', 'balance_minor'])
      .where('id', '=', payment.invoice_id)
      .forUpdate()
      .executeTakeFirstOrThrow()
    invoiceGuid = invoice.guid
    if (payment.status === 'refund_due') return 'refunded'
    if (payment.status !== 'open') return 'already-settled'
    if (outcome.state === 'expired') {
      await trx.updateTable('payments').set({ status: 'expired' }).where('id', '=', payment.id).execute()
      return 'expired'
    }
    if (outcome.state !== 'paid') return 'waiting'
    const matches = outcome.amountMinor === Number(payment.amount_minor) && (outcome.currency ?? '').toUpperCase() === payment.currency
    if (!matches) {
      platform.logger.error({ provider: attempt.provider, attempt: attempt.checkoutRef, invoice: invoice.guid }, 'a payment was made for another amount than its invoice; left for staff')
      return 'waiting'
    }
    const refundDue = async (): Promise<Settlement> => {
      await trx.updateTable('payments').set({ status: 'refund_due', payment_ref: outcome.paymentRef, paid_at: input.now }).where('id', '=', payment.id).execute()
      return 'refunded'
    }
    // Paid twice (two attempts of one invoice both completed), or for more than is still owed
    // (staff took part of it by hand while the buyer was paying the rest): given back.
    if (!awaitsPayment(invoice.status) || Number(payment.amount_minor) > Number(invoice.balance_minor)) return refundDue()
    // A savepoint: a refused line undoes the fulfilment only, and the payment is still recorded.
    await sql`savepoint settle_invoice`.execute(trx)
    try {
      await takeInvoicePayment(trx, tenant, invoice, { method: 'card', amountMinor: Number(payment.amount_minor), paymentId: payment.id, provider: payment.provider, now: input.now })
      await sql`release savepoint settle_invoice`.execute(trx)
    } catch (error) {
      if (!(error instanceof SaleRefused)) throw error
      await sql`rollback to savepoint settle_invoice`.execute(trx)
      await trx.updateTable('invoices').set({ status: 'void', voided_at: input.now, balance_minor: 0, note: error.refusal.slice(0, 1000), updated_at: input.now }).where('id', '=', invoice.id).execute()
      await giveOfferUseBack(trx, invoice.offer_id)
      return refundDue()
    }
    await trx.updateTable('payments').set({ status: 'paid', payment_ref: outcome.paymentRef, paid_at: input.now }).where('id', '=', payment.id).execute()
    return 'paid'
  })
  // A refused fulfilment was rolled back to its savepoint, but its statements ran: declared all the same.
  if (settled === 'paid' || settled === 'refunded') platform.caches.changed(tenant.id, PAYMENT_CACHE_TAGS)
  if (settled === 'refunded') await refundDuePayment(platform, tenant, attempt, input)
  if (settled === 'paid' && invoiceGuid) await queueReceiptEmail(platform, tenant, { invoiceGuid, origin: input.origin })
  return settled
}

/**
 * settlePayment for many paid attempts of one studio at once (a membership billing run): the
 * plain case, a membership period's open attempt that paid exactly what its invoice owes, is
 * settled for all of them in one transaction (attempts and invoices locked in id order, the
 * ledger, periods and invoices written in a few statements) and their receipts are queued
 * together; every other attempt (already settled, another amount, a payment due a refund, an
 * invoice that is not a period) goes through settlePayment on its own, as before.
 */
export async function settlePaidAttempts(
  platform: PaymentPlatform,
  tenant: Tenant,
  attempts: ReadonlyArray<{ provider: PaymentProvider; checkoutRef: string; outcome: ProviderOutcome }>,
  input: { origin: string; now: Date; refund: RefundPayment },
): Promise<Map<string, Settlement>> {
  const settled = new Map<string, Settlement>()
  if (attempts.length === 0) return settled
  const providers = new Set(attempts.map((attempt) => attempt.provider))
  if (providers.size !== 1) throw new Error('settlePaidAttempts takes the attempts of one provider')
  const [provider] = providers
  const outcomeOf = new Map(attempts.map((attempt) => [attempt.checkoutRef, attempt.outcome]))
  const plain = await withTenant(platform.database, tenant.id, async (trx) => {
    const payments = await trx.selectFrom('payments').selectAll().where('provider', '=', provider!).where('checkout_ref', 'in', [...outcomeOf.keys()]).orderBy('id').forUpdate().execute()
    if (payments.length === 0) return []
    const invoices = await trx
      .selectFrom('invoices')
      .select(['id', 'guid', 'status', 'contact_id', 'source', 'currency', 'balance_minor'])
      .where('id', 'in', payments.map((payment) => payment.invoice_id))
      .orderBy('id')
      .forUpdate()
      .execute()
    const invoiceOf = new Map(invoices.map((invoice) => [invoice.id, invoice]))
    const perInvoice = new Map<string, number>()
    for (const payment of payments) perInvoice.set(payment.invoice_id, (perInvoice.get(payment.invoice_id) ?? 0) + 1)
    const paying = payments.flatMap((payment) => {
      const outcome = outcomeOf.get(payment.checkout_ref)
      const invoice = invoiceOf.get(payment.invoice_id)
      if (!outcome || !invoice || perInvoice.get(invoice.id) !== 1) return []
      const isPlain =
        payment.status === 'open' &&
        outcome.state === 'paid' &&
        outcome.amountMinor === Number(payment.amount_minor) &&
        (outcome.currency ?? '').toUpperCase() === payment.currency &&
        invoice.source === 'membership' &&
        (invoice.status === 'pending' || invoice.status === 'failed') &&
        Number(payment.amount_minor) === Number(invoice.balance_minor)
      return isPlain ? [{ payment, invoice, paymentRef: outcome.paymentRef }] : []
    })
    await takeWholeMembershipPayments(
      trx,
      tenant,
      paying.map(({ payment, invoice }) => ({ invoice, payment: { method: 'card', amountMinor: Number(payment.amount_minor), paymentId: payment.id, provider: payment.provider, now: input.now } })),
      input.now,
    )
    if (paying.length > 0) {
      await sql`
        update payments as p set status = 'paid', payment_ref = taken.payment_ref, paid_at = ${input.now}
          from unnest(${paying.map(({ payment }) => payment.id)}::uuid[], ${paying.map(({ paymentRef }) => paymentRef)}::text[]) as taken(id, payment_ref)
         where p.id = taken.id`.execute(trx)
    }
    return paying
  })
  for (const { payment } of plain) settled.set(payment.checkout_ref, 'paid')
  if (plain.length > 0) {
    platform.caches.changed(tenant.id, PAYMENT_CACHE_TAGS)
    await queueMembershipReceipts(platform, tenant, { invoiceIds: plain.map(({ invoice }) => invoice.id), origin: input.origin })
  }
  for (const attempt of attempts) {
    if (!settled.has(attempt.checkoutRef)) settled.set(attempt.checkoutRef, await settlePayment(platform, tenant, attempt, attempt.outcome, input))
  }
  return settled
}

/** Gives back a payment marked refund_due, once: the row moves to refunded only after the provider took the refund. */
async function refundDuePayment(platform: PaymentPlatform, tenant: Tenant, attempt: { provider: PaymentProvider; checkoutRef: string }, input: { now: Date; refund: RefundPayment }): Promise<void> {
  const due = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .selectFrom('payments')
      .select(['account_id', 'payment_ref', 'amount_minor', 'currency'])
      .where('provider', '=', attempt.provider)
      .where('checkout_ref', '=', attempt.checkoutRef)
      .where('status', '=', 'refund_due')
      .executeTakeFirst(),
  )
  if (!due) return
  if (!due.payment_ref) {
    platform.logger.error({ provider: attempt.provider, attempt: attempt.checkoutRef }, 'a payment due a refund names no charge; left for staff')
    return
  }
  const refundRef = await input.refund({ checkoutRef: attempt.checkoutRef, accountId: due.account_id, paymentRef: due.payment_ref, amountMinor: Number(due.amount_minor), currency: due.currency })
  await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .updateTable('payments')
      .set({ status: 'refunded', refund_ref: refundRef.slice(0, 255), refunded_at: input.now })
      .where('provider', '=', attempt.provider)
      .where('checkout_ref', '=', attempt.checkoutRef)
      .where('status', '=', 'refund_due')
      .execute(),
  )
}
