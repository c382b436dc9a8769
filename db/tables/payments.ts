import type { ColumnType } from 'kysely'
import type { CreatedAt, Timestamp } from './column-types'

/** Spec 001's payment provider types that checkout can use; PSPRING is PaymentSpring/Nelnet. */
export type PaymentProvider = 'STRIPE' | 'PSPRING' | 'RAZORPAY' | 'PHONEPE'
export type PaymentStatus = 'open' | 'paid' | 'expired' | 'refund_due' | 'refunded'

/** Read as a string by node-postgres and as a number by PGlite: readers use Number(). */
type MinorUnits = ColumnType<string | number | bigint, number | bigint | string, number | bigint | string>

/** The provider account a studio connected (decision 113). */
export interface PaymentAccountsTable {
  tenant_id: string
  provider: PaymentProvider
  account_id: string
  account_name: ColumnType<string, string | undefined, string>
  is_integrated: ColumnType<boolean, boolean | undefined, boolean>
  is_test_mode: ColumnType<boolean, boolean | undefined, boolean>
  connected_at: CreatedAt
  updated_at: CreatedAt
  /** Key providers: the public half (PaymentSpring public key, Razorpay key id, PhonePe merchant id). */
  api_key: ColumnType<string, string | undefined, string>
  test_api_key: ColumnType<string, string | undefined, string>
  /** Sealed by server/security/secret-box.ts; never read into a page. */
  secret_key_sealed: string | null
  test_secret_key_sealed: string | null
  salt_index: ColumnType<string, string | undefined, string>
  /** The integrated provider activated last is the one checkout uses. */
  activated_at: CreatedAt
}

/** One attempt to collect an invoice on a provider's page. */
export interface PaymentsTable {
  id: ColumnType<string, string | undefined, never>
  tenant_id: string
  invoice_id: string
  provider: PaymentProvider
  account_id: string
  checkout_ref: string
  payment_ref: string | null
  amount_minor: MinorUnits
  currency: string
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>
  created_at: CreatedAt
  paid_at: Timestamp | null
  refunded_at: Timestamp | null
  refund_ref: string | null
}

/** A provider event taken once, by its id. */
export interface PaymentEventsTable {
  tenant_id: string
  provider: PaymentProvider
  event_id: string
  type: string
  received_at: CreatedAt
}

export interface PaymentTables {
  payment_accounts: PaymentAccountsTable
  payments: PaymentsTable
  payment_events: PaymentEventsTable
  saved_payment_methods: SavedPaymentMethodsTable
}

/** A card or bank account kept on file with a provider for a contact (never its number). */
export interface SavedPaymentMethodsTable {
  id: ColumnType<string, string | undefined, never>
  tenant_id: string
  contact_id: string
  provider: PaymentProvider
  account_id: string
  customer_ref: string
  /** Stripe's payment method under customer_ref; null where the customer is the card (PaymentSpring). */
  method_ref: string | null
  kind: 'card' | 'bank'
  brand: ColumnType<string, string | undefined, string>
  last4: string
  exp_month: number | null
  exp_year: number | null
  created_at: CreatedAt
}
