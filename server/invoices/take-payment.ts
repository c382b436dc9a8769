import type { TenantExecutor } from '#db/tenant-scope'
import type { LedgerMethod } from '#db/tables/checkout'
import { fulfilInvoiceLines } from '#server/checkout/settle-invoice'
import { settleMembershipPeriod, settleMembershipPeriods } from '#server/memberships/billing-period'
import type { Tenant } from '#server/tenancy/tenant'

/** Money an invoice is taking, as the ledger records it. */
export interface TakenPayment {
  method: LedgerMethod
  amountMinor: number
  /** The provider attempt that took a card payment. */
  paymentId?: string | null
  provider?: string | null
  note?: string
  /** The staff member (a contact) who recorded it by hand. */
  recordedBy?: string | null
  now: Date
}

/** The invoice row as taking a payment needs it; the caller has locked it (for update). */
export interface LockedInvoice {
  id: string
  contact_id: string
  source: string
  status: string
  currency: string
  balance_minor: string | number | bigint
}

/**
 * Takes a payment on an invoice inside the caller's transaction, which has locked the invoice:
 * the ledger row, what the invoice has taken and still owes, and when nothing is owed any more
 * the invoice becomes paid.
 *
 * - A pending (or failed) invoice gives what it sold only once it is wholly paid (checkout's
 *   rule for a card payment, kept for a staff invoice paid in parts), or moves its membership
 *   on. A line that can no longer be given throws SaleRefused, which the caller rolls back.
 * - An unpaid invoice was put on the contact's account when it was written, which lowered their
 *   balance: money taken on it gives that back to the account.
 * - Paying from the account ('account') spends the contact's credit.
 *
 * The caller has checked the amount: more than zero and no more than the balance.
 */
export async function takeInvoicePayment(trx: TenantExecutor, tenant: Tenant, invoice: LockedInvoice, payment: TakenPayment): Promise<'paid' | 'partial'> {
  const owed = Number(invoice.balance_minor)
  if (!(payment.amountMinor > 0 && payment.amountMinor <= owed)) throw new RangeError(`a payment of ${payment.amountMinor} on invoice ${invoice.id} that owes ${owed}`)
  await trx.insertInto('invoice_payments').values(ledgerRowOf(tenant, invoice, payment)).execute()
  const accountChange = (invoice.status === 'unpaid' ? payment.amountMinor : 0) - (payment.method === 'account' ? payment.amountMinor : 0)
  if (accountChange !== 0) {
    await trx
      .updateTable('contacts')
      .set((eb) => ({ balance_minor: eb('balance_minor', '+', accountChange), updated_at: payment.now }))
      .where('id', '=', invoice.contact_id)
      .execute()
  }
  const wholly = payment.amountMinor === owed
  if (wholly && invoice.status !== 'unpaid') {
    if (invoice.source === 'membership') await settleMembershipPeriod(trx, tenant, invoice.id, payment.now)
    else await fulfilInvoiceLines(trx, tenant, invoice, payment.now)
  }
  await trx
    .updateTable('invoices')
    .set((eb) => ({
      paid_minor: eb('paid_minor', '+', payment.amountMinor),
      balance_minor: eb('balance_minor', '-', payment.amountMinor),
      ...(wholly ? { status: 'paid' as const, payment_method: payment.method, paid_at: payment.now } : {}),
      updated_at: payment.now,
    }))
    .where('id', '=', invoice.id)
    .execute()
  return wholly ? 'paid' : 'partial'
}

/**
 * takeInvoicePayment for many membership period invoices of one studio, each paid whole by one
 * card payment (a billing run): the ledger rows in one insert, the periods settled together
 * (settleMembershipPeriods) and the invoices paid in one update. Only that case: a period
 * invoice pending or failed (never on account), the amount its whole balance, checked by the
 * caller, which has locked the invoices.
 */
export async function takeWholeMembershipPayments(trx: TenantExecutor, tenant: Tenant, paid: ReadonlyArray<{ invoice: LockedInvoice; payment: TakenPayment }>, now: Date): Promise<void> {
  if (paid.length === 0) return
  for (const { invoice, payment } of paid) {
    const whole = payment.amountMinor === Number(invoice.balance_minor) && payment.amountMinor > 0
    if (!whole || invoice.source !== 'membership' || invoice.status === 'unpaid' || payment.method !== 'card') throw new RangeError(`invoice ${invoice.id} is not a membership period paid whole by card`)
  }
  await trx
    .insertInto('invoice_payments')
    .values(paid.map(({ invoice, payment }) => ledgerRowOf(tenant, invoice, payment)))
    .execute()
  const invoiceIds = paid.map(({ invoice }) => invoice.id)
  await settleMembershipPeriods(trx, tenant, invoiceIds, now)
  await trx
    .updateTable('invoices')
    // Each is paid whole: what it took is what it owed.
    .set((eb) => ({ paid_minor: eb('paid_minor', '+', eb.ref('balance_minor')), balance_minor: 0, status: 'paid' as const, payment_method: 'card' as const, paid_at: now, updated_at: now }))
    .where('id', 'in', invoiceIds)
    .execute()
}

function ledgerRowOf(tenant: Tenant, invoice: Pick<LockedInvoice, 'id' | 'currency'>, payment: TakenPayment) {
  return {
    tenant_id: tenant.id,
    invoice_id: invoice.id,
    method: payment.method,
    payment_id: payment.paymentId ?? null,
    provider: payment.provider ?? null,
    amount_minor: payment.amountMinor,
    currency: invoice.currency,
    note: (payment.note ?? '').slice(0, 255),
    recorded_by: payment.recordedBy ?? null,
    paid_at: payment.now,
  }
}
