import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt } from './column-types'

/** The studio's plan on the platform; at most one row per studio. */
export interface TenantPlansTable {
  tenant_id: string
  /** An id of server/plans/plan-catalogue.ts: free_plan, organize_monthly_plan, ... */
  plan_id: string
  period: 'monthly' | 'yearly'
  /** Contacts the plan allows, as written when it was set; null: no limit. */
  contact_limit: number | null
  started_at: CreatedAt
  /** When a paid plan's next period begins; null for Free. */
  renews_at: Date | null
  /** The platform's Stripe customer and the card kept for renewals. */
  stripe_customer: string | null
  stripe_payment_method: string | null
  /** The kept card as the plan page names it ('Visa ending 4242'); never its number. */
  card_brand: string | null
  card_last4: string | null
  card_exp_month: number | null
  card_exp_year: number | null
  /** Refused renewals of the period that ended at renews_at; 0 when none. */
  renewal_failures: Generated<number>
  /** When the refused renewal is tried again (days 1, 3 and 7 after renews_at). */
  renewal_retry_at: Date | null
  /** What the bank answered to the last refused renewal. */
  renewal_error: string | null
  /** When the studio last dropped to Free after its last renewal try failed. */
  dropped_to_free_at: Date | null
  updated_at: CreatedAt
}

export type PlanPaymentStatus = 'OPEN' | 'SETTLED' | 'FAILED' | 'EXPIRED'

/** A payment the studio made to the platform for a plan. */
export interface PlanPaymentsTable {
  id: Generated<string>
  guid: Generated<string>
  tenant_id: string
  plan_id: string
  period: 'monthly' | 'yearly'
  /** pg returns int8 as a string, PGlite as a number. */
  amount_minor: ColumnType<string | number, string | number, string | number>
  currency: string
  status: PlanPaymentStatus
  is_recurring: Generated<boolean>
  /** Who paid, as the payments table shows it. */
  client_name: Generated<string>
  paid_by_contact_id: string | null
  idempotency_key: string
  /** The platform's Checkout Session id. */
  checkout_ref: string | null
  payment_ref: string | null
  created_at: CreatedAt
  settled_at: Date | null
}

/**
 * How many contacts a studio has, kept by statement triggers on contacts (migration
 * 2026-12-03T07-00-00_contact-counts) so the plan's limit is checked against one number.
 */
export interface TenantContactCountsTable {
  tenant_id: string
  /** pg returns int8 as a string, PGlite as a number. */
  contacts: ColumnType<string | number, never, never>
}

export interface PlanTables {
  tenant_contact_counts: TenantContactCountsTable
  tenant_plans: TenantPlansTable
  plan_payments: PlanPaymentsTable
}
