import type { InvoiceStatus } from '#db/tables/checkout'

/** The words an invoice's status is printed as; pages in another language translate these. */
export const INVOICE_STATUS_WORDS = ['Pending', 'Complete', 'On account', 'Failed', 'Void', 'Refunded', 'Partial'] as const
export type InvoiceStatusWord = (typeof INVOICE_STATUS_WORDS)[number]

const STATUS_WORDS: Record<InvoiceStatus, InvoiceStatusWord> = {
  pending: 'Pending',
  paid: 'Complete',
  unpaid: 'On account',
  failed: 'Failed',
  void: 'Void',
  refunded: 'Refunded',
}

/**
 * The word an invoice's status is printed as (its PDF, the invoices list): a pending or
 * on-account invoice that has taken some money is 'Partial'. A paid invoice reads 'Complete'
 * whether it took money or had nothing to pay (a free order is complete too).
 */
export function invoiceStatusText(invoice: { status: InvoiceStatus; paidMinor: number }): InvoiceStatusWord {
  if ((invoice.status === 'pending' || invoice.status === 'unpaid') && invoice.paidMinor > 0) return 'Partial'
  return STATUS_WORDS[invoice.status]
}
