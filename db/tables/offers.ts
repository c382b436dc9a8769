import type { ColumnType, Generated } from 'kysely'
import type { CreatedAt } from './column-types'

export type OfferType = 'flat' | 'buyFirstAndGetOther'
export type OfferDiscountType = 'percentage' | 'amount'
export type OfferStatus = 'ACTIVE' | 'DISABLED' | 'EXPIRED'
export type OfferItemCategory = 'item' | 'product' | 'course' | 'account' | 'membership'

/** Read as a string by node-postgres and as a number by PGlite: readers use Number(). */
type MinorUnits = ColumnType<string | number | bigint, number | bigint | string, number | bigint | string>

/** An offer code (spec 002 section 3 Offer; decision 114). */
export interface OffersTable {
  id: Generated<string>
  tenant_id: string
  guid: Generated<string>
  /** Upper case, as buyers' codes are compared. */
  code: string
  offer_type: ColumnType<OfferType, OfferType | undefined, OfferType>
  discount_type: OfferDiscountType
  /** 1250 is 12.5 %; set when discount_type is 'percentage'. */
  discount_basis_points: number | null
  /** Set when discount_type is 'amount'. */
  discount_minor: MinorUnits | null
  currency: string
  primary_item_category: ColumnType<OfferItemCategory, OfferItemCategory | undefined, OfferItemCategory>
  primary_item_id: string | null
  secondary_item_category: OfferItemCategory | null
  secondary_item_id: string | null
  secondary_item_count: number | null
  status: ColumnType<OfferStatus, OfferStatus | undefined, OfferStatus>
  /** 'YYYY-MM-DD' in the studio's zone, included. */
  valid_from: string | null
  valid_until: string | null
  usage_limit: number | null
  times_used: Generated<number>
  created_at: CreatedAt
  updated_at: CreatedAt
}

export interface OfferTables {
  offers: OffersTable
}
