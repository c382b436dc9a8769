import type { ColumnType, Generated } from 'kysely'
import type { CatalogItemKind, MembershipType } from './catalog'
import type { CreatedAt, Json, Timestamp } from './column-types'

/** Written by the database (a generated column); never by us. */
type KeptByDatabase<T> = ColumnType<T, never, never>

/**
 * A bigint money column (nine lines at the largest price pass 2^31). node-postgres reads bigint
 * as a string and PGlite may read it as a number, so readers convert with Number() (exact far
 * beyond any amount a price field takes).
 */
type MinorUnits = ColumnType<string | number | bigint, number | bigint | string, number | bigint | string>
/** A money column the database defaults to zero. */
type DefaultedMinorUnits = ColumnType<string | number | bigint, number | bigint | string | undefined, number | bigint | string>

export type DonationFrequency = 'one-time' | 'recurring'
export type InvoiceStatus = 'pending' | 'paid' | 'unpaid' | 'void' | 'failed' | 'refunded'
/** A catalog item's kind, or 'custom' for a free-text line of a staff invoice. */
export type InvoiceLineType = CatalogItemKind | 'custom'
export type InvoiceSource = 'checkout' | 'till' | 'staff' | 'membership'
/** The spec's purchase types (creditcard, account, cash), 'other' at the till, and free for nothing to pay. */
export type PaymentMethod = 'free' | 'card' | 'cash' | 'other' | 'account'

/** A visitor's or student's cart; the cookie holds the secret whose SHA-256 is token_hash. */
export interface CartsTable {
  id: Generated<string>
  tenant_id: string
  token_hash: string
  contact_id: string | null
  /** The offer code the buyer applied (upper case), priced afresh whenever the cart is. */
  offer_code: string | null
  created_at: CreatedAt
  updated_at: CreatedAt
}

/** What a cart holds: an item and how it is wanted. Prices are read from the catalog when shown. */
export interface CartLinesTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  cart_id: string
  item_id: string
  price_option_id: string | null
  quantity: Generated<number>
  amount_minor: number | null
  donation_frequency: DonationFrequency | null
  schedule_id: string | null
  /** 'YYYY-MM-DD' */
  occurrence_date: string | null
  /** A gift on repeat: how many years it gives for; null until the donor stops it (or a one-time gift). */
  gift_years: number | null
  created_at: CreatedAt
}

export interface InvoiceNumbersTable {
  tenant_id: string
  last_number: number
}

/** The later charges of a recurring line, as the receipt shows them (spec Checkout line subscription). */
export interface InvoiceLineSubscription {
  frequency: string
  amountMinor: number
  cardFeesMinor: number
  taxMinor: number
  totalMinor: number
  /** Further charges after the first; null until cancelled. */
  cyclesAfterFirst: number | null
  trial: string | null
  firstChargeOn: string | null
}

/** A sale (spec Invoice). */
export interface InvoicesTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  number: number
  contact_id: string
  status: InvoiceStatus
  source: InvoiceSource
  payment_method: PaymentMethod | null
  currency: string
  subtotal_minor: MinorUnits
  discount_minor: DefaultedMinorUnits
  card_fees_minor: DefaultedMinorUnits
  tax_minor: DefaultedMinorUnits
  total_minor: MinorUnits
  balance_minor: MinorUnits
  tax_label: Generated<string>
  offer_code: string | null
  /** The offer the sale used: undoing the sale gives its use back. */
  offer_id: string | null
  first_name: string
  last_name: string
  email: string
  phone: string | null
  note: Generated<string>
  sales_person_id: string | null
  idempotency_key: string | null
  paid_at: Timestamp | null
  voided_at: Timestamp | null
  /** 'YYYY-MM-DD'; a staff invoice's due date. */
  due_on: string | null
  is_archived: Generated<boolean>
  /** Money taken (the ledger's sum); balance_minor = total_minor - paid_minor unless void. */
  paid_minor: DefaultedMinorUnits
  refunded_minor: DefaultedMinorUnits
  emailed_at: Timestamp | null
  /** The buyer's name and email folded for search (generated). */
  search_text: KeptByDatabase<string>
  created_at: CreatedAt
  updated_at: CreatedAt
}

/** One line of a sale, copied from the catalog at the time (spec Checkout line). */
export interface InvoiceLinesTable {
  id: Generated<string>
  tenant_id: string
  invoice_id: string
  sequence: number
  /** Null for a free-text line of a staff invoice (item type 'custom'). */
  item_id: string | null
  price_option_id: string | null
  item_name: string
  /** item_name folded for search (generated). */
  search_text: KeptByDatabase<string>
  item_type: InvoiceLineType
  option_name: string | null
  quantity: number
  unit_price_minor: MinorUnits
  price_minor: MinorUnits
  discount_minor: DefaultedMinorUnits
  card_fees_minor: DefaultedMinorUnits
  tax_minor: DefaultedMinorUnits
  total_minor: MinorUnits
  membership_type: MembershipType | null
  credits: number | null
  subscription: Json<InvoiceLineSubscription> | null
  occurrence_starts_at: Timestamp | null
  /** A class drop-in's occurrence: its schedule and scheduled local date ('YYYY-MM-DD'); both or neither. */
  schedule_id: string | null
  occurrence_date: string | null
  /** As cart_lines.gift_years, for a gift on repeat paid for later. */
  gift_years: number | null
  membership_id: string | null
  enrolment_id: string | null
  booking_id: string | null
  event_registration_id: string | null
}

/** How an invoice was paid, in the ledger. */
export type LedgerMethod = 'card' | 'cash' | 'other' | 'account'

/** Money an invoice took (the sales report's rows). */
export interface InvoicePaymentsTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  invoice_id: string
  method: LedgerMethod
  payment_id: string | null
  provider: string | null
  amount_minor: MinorUnits
  refunded_minor: DefaultedMinorUnits
  currency: string
  note: Generated<string>
  recorded_by: string | null
  paid_at: Timestamp
  created_at: CreatedAt
}

/** Money given back of one payment. */
export interface InvoiceRefundsTable {
  id: Generated<string>
  tenant_id: string
  invoice_payment_id: string
  amount_minor: MinorUnits
  refund_ref: string | null
  reason: Generated<string>
  recorded_by: string | null
  created_at: CreatedAt
  /** Set when the provider reported the refund failed after taking it; it then gives nothing back. */
  failed_at: Date | null
  failure_reason: string | null
}

export interface CheckoutTables {
  carts: CartsTable
  cart_lines: CartLinesTable
  invoice_numbers: InvoiceNumbersTable
  invoices: InvoicesTable
  invoice_lines: InvoiceLinesTable
  invoice_payments: InvoicePaymentsTable
  invoice_refunds: InvoiceRefundsTable
}
