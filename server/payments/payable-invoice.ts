import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { PaymentProvider, PaymentStatus } from '#db/tables/payments'
import type { Platform } from '#server/platform'
import { isUuid } from '#server/text/is-uuid'

export const CARD_PAYMENT_MESSAGES = {
  notTaken: 'Card payments are not available right now. Please try again later or contact us.',
  providerDown: 'The payment page could not be opened. Please try again.',
  notPending: 'This order is not waiting for a payment.',
  declined: 'The payment did not go through and nothing was taken. You can try again.',
  rupeesOnly: 'PhonePe takes payments in Indian rupees only. Please contact us to complete this order.',
} as const

/**
 * Whether an invoice can still be paid: pending (a sale waiting for its payment, a period
 * billed to a member without a kept card) or failed (a membership charge the card refused,
 * which the member may pay with another card until the membership is suspended) or unpaid
 * (owed on the contact's account, which the contact may settle online).
 */
export function awaitsPayment(status: string): boolean {
  return (OPEN_INVOICE_STATUSES as readonly string[]).includes(status)
}

/** The statuses of an invoice that may still take money (awaitsPayment's list, for queries). */
export const OPEN_INVOICE_STATUSES = ['pending', 'failed', 'unpaid'] as const

/**
 * Whether paying this invoice starts a recurring membership: its card is then kept for the
 * later periods (off session), whoever pays, signed in or not.
 */
export function startsRecurringMembership(found: Pick<PayableInvoice, 'lines'>): boolean {
  return found.lines.some((line) => line.membership_type === 'recurring')
}

/** Where Pay sends the buyer: a provider's page by address, or by a form posted to it (Razorpay's hosted checkout). */
export type CheckoutStart =
  | { kind: 'redirect'; url: string }
  | { kind: 'post'; url: string; fields: Record<string, string>; providerName: string; totalText: string }
  | { kind: 'refused'; message: string }
  | { kind: 'not-found' }

export interface PayableInvoice {
  invoice: {
    id: string
    guid: string
    number: number
    status: string
    /** What is still owed: the total less what was paid by hand or earlier (a partly paid invoice pays its balance). */
    dueMinor: number
    currency: string
    email: string
    firstName: string
    lastName: string
    phone: string | null
    contactId: string
  }
  lines: Array<{ item_name: string; option_name: string | null; quantity: number; total_minor: string | number | bigint; membership_type: string | null }>
  /** Earlier attempts, newest first. */
  attempts: Array<{ provider: PaymentProvider; checkout_ref: string; status: PaymentStatus; account_id: string; amount_minor: string | number | bigint }>
}

/** An invoice with its lines and payment attempts, as a provider's Pay needs it; null for an unknown guid. */
export async function loadPayableInvoice(platform: Pick<Platform, 'database'>, tenantId: string, invoiceGuid: string): Promise<PayableInvoice | null> {
  if (!isUuid(invoiceGuid)) return null
  return withTenant(platform.database, tenantId, (trx) => selectPayableInvoice(trx, invoiceGuid))
}

/** loadPayableInvoice inside a transaction of the tenant (the sale that just wrote the invoice). */
export async function selectPayableInvoice(trx: TenantExecutor, invoiceGuid: string): Promise<PayableInvoice | null> {
  const row = await trx
    .selectFrom('invoices')
    .select(['id', 'guid', 'number', 'status', 'balance_minor', 'currency', 'email', 'first_name', 'last_name', 'phone', 'contact_id'])
    .where('guid', '=', invoiceGuid)
    .executeTakeFirst()
  if (!row) return null
  const lines = await trx.selectFrom('invoice_lines').select(['item_name', 'option_name', 'quantity', 'total_minor', 'membership_type']).where('invoice_id', '=', row.id).orderBy('sequence').execute()
  const attempts = await trx.selectFrom('payments').select(['provider', 'checkout_ref', 'status', 'account_id', 'amount_minor']).where('invoice_id', '=', row.id).orderBy('created_at', 'desc').execute()
  return {
    invoice: {
      id: row.id,
      guid: row.guid,
      number: row.number,
      status: row.status,
      dueMinor: Number(row.balance_minor),
      currency: row.currency,
      email: row.email,
      firstName: row.first_name,
      lastName: row.last_name,
      phone: row.phone,
      contactId: row.contact_id,
    },
    lines,
    attempts,
  }
}

/**
 * Records an attempt sent to a provider; the same reference twice (a repeated answer) stays one
 * row. Answers whether this call recorded it (false: it was recorded already).
 */
export async function recordAttempt(
  platform: Pick<Platform, 'database'>,
  tenantId: string,
  attempt: { invoiceId: string; provider: PaymentProvider; accountId: string; checkoutRef: string; amountMinor: number; currency: string; now: Date },
): Promise<boolean> {
  const recorded = await withTenant(platform.database, tenantId, (trx) =>
    trx
      .insertInto('payments')
      .values({
        tenant_id: tenantId,
        invoice_id: attempt.invoiceId,
        provider: attempt.provider,
        account_id: attempt.accountId,
        checkout_ref: attempt.checkoutRef,
        amount_minor: attempt.amountMinor,
        currency: attempt.currency,
        status: 'open',
        created_at: attempt.now,
      })
      .onConflict((conflict) => conflict.columns(['provider', 'checkout_ref']).doNothing())
      .returning('id')
      .executeTakeFirst(),
  )
  return recorded !== undefined
}

/**
 * Whether an open attempt still asks for what the invoice owes: one opened before staff took
 * part of the balance by hand asks for too much, and is left for a new one.
 */
export function asksForWhatIsDue(attempt: Pick<PayableInvoice['attempts'][number], 'amount_minor'>, found: Pick<PayableInvoice, 'invoice'>): boolean {
  return Number(attempt.amount_minor) === found.invoice.dueMinor
}
