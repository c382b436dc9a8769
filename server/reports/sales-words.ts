import type { InvoiceLineType, LedgerMethod } from '#db/tables/checkout'
import type { PaymentProvider } from '#db/tables/payments'

/**
 * The words the sales report shows: transaction statuses, item types, and how money was paid
 * (by card through a named provider, or cash, other or the contact's account).
 */

/** What a report row records: money taken (settled), given back, or a charge the card refused. */
export type TransactionKind = 'SETTLED' | 'REFUNDED' | 'FAILED'

export type TransactionStatusText = 'Completed' | 'Failed' | 'Refunded'

/**
 * Spec 001, "Transaction status: SETTLED shows Completed; anything else shows Failed." A refund
 * is our addition: money given back is neither completed nor failed, so it reads 'Refunded'.
 */
export function transactionStatusText(status: string | null | undefined): TransactionStatusText {
  if (status === 'SETTLED') return 'Completed'
  if (status === 'REFUNDED') return 'Refunded'
  return 'Failed'
}

export const SALE_ITEM_TYPES = ['course', 'class', 'event', 'product', 'bundle', 'donation', 'membership', 'custom'] as const satisfies readonly InvoiceLineType[]
export type SaleItemType = (typeof SALE_ITEM_TYPES)[number]

export const ITEM_TYPE_LABELS: Readonly<Record<InvoiceLineType, string>> = {
  course: 'Courses',
  class: 'Classes',
  event: 'Events',
  product: 'Products',
  bundle: 'Bundles',
  donation: 'Donations',
  membership: 'Memberships',
  custom: 'Custom items',
}

export const LEDGER_METHODS = ['card', 'cash', 'other', 'account'] as const satisfies readonly LedgerMethod[]
export type SaleMethod = (typeof LEDGER_METHODS)[number]

export const METHOD_LABELS: Readonly<Record<LedgerMethod, string>> = { card: 'Card', cash: 'Cash', other: 'Other', account: 'Account' }

export const CARD_PROVIDERS = ['STRIPE', 'PSPRING', 'RAZORPAY', 'PHONEPE'] as const satisfies readonly PaymentProvider[]
export type CardProvider = (typeof CARD_PROVIDERS)[number]

export const PROVIDER_LABELS: Readonly<Record<CardProvider, string>> = { STRIPE: 'Stripe', PSPRING: 'PaymentSpring', RAZORPAY: 'Razorpay', PHONEPE: 'PhonePe' }

/** The ways of paying by name, in one language: METHOD_LABELS in English, the page's words otherwise. */
export type MethodLabels = Readonly<Record<LedgerMethod, string>>

/**
 * Where money went, as the totals by provider group it: a card provider by name ('Stripe'),
 * otherwise the way it was paid ('Cash', 'Other', 'Account'). A card payment with no provider
 * named (none is written so today) is 'Card'. Provider names are names, the same in every language.
 */
export function paymentChannel(method: string, provider: string | null, labels: MethodLabels = METHOD_LABELS): { key: string; label: string } {
  if (method === 'card') {
    const known = CARD_PROVIDERS.find((candidate) => candidate === provider)
    return known ? { key: known, label: PROVIDER_LABELS[known] } : { key: 'card', label: labels.card }
  }
  const known = LEDGER_METHODS.find((candidate) => candidate === method)
  return known ? { key: known, label: labels[known] } : { key: method, label: method }
}

/** A row's way of paying in words: 'Card · Stripe', 'Cash'. */
export function methodText(method: string, provider: string | null, labels: MethodLabels = METHOD_LABELS): string {
  const known = LEDGER_METHODS.find((candidate) => candidate === method)
  const methodLabel = known ? labels[known] : method
  if (method !== 'card') return methodLabel
  const channel = paymentChannel(method, provider, labels)
  return channel.key === 'card' ? methodLabel : `${methodLabel} · ${channel.label}`
}
