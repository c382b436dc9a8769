import type { TenantExecutor } from '#db/tenant-scope'
import type { BillingFrequency, CatalogItemKind, ItemPaymentType, MembershipType } from '#db/tables/catalog'
import { isUuid } from '#server/text/is-uuid'

/** A published, non-archived item with its cover picture, as the public pages read it. */
export interface PublicItemRow {
  id: string
  guid: string
  kind: CatalogItemKind
  name: string
  slug: string
  summary: string
  descriptionHtml: string
  paymentType: ItemPaymentType
  externalLink: string | null
  stockQuantity: number | null
  isFeatured: boolean
  updatedAt: Date
  cover: { imageKey: string; altText: string; width: number | null; height: number | null } | null
}

export interface PublicPriceRow {
  itemId: string
  guid: string
  name: string
  priceMinor: number
  currency: string
  discountMinor: number
  isOtherPrice: boolean
  otherPriceMinor: number | null
  maxQuantity: number
  membershipType: MembershipType | null
  frequency: BillingFrequency | null
  registrationFeeMinor: number
}

export interface EventDetailsRow {
  itemId: string
  startsAt: Date
  endsAt: Date
  timeZone: string
  capacity: number | null
  registeredCount: number
  registrationClosesAt: Date | null
  venueName: string | null
  addressLine1: string | null
  addressLine2: string | null
  city: string | null
  state: string | null
  zip: string | null
  country: string | null
}

export interface DonationDetailsRow {
  itemId: string
  currency: string
  suggestedAmountsMinor: number[]
  isOtherAmountAllowed: boolean
  isOneTimeAllowed: boolean
  isRecurringAllowed: boolean
  recurringFrequency: BillingFrequency
  goalMinor: number | null
}

/** How an item is looked up: by its kinds, and optionally one slug or one guid (unverified, from the address). */
export interface PublicItemFilter {
  kinds: readonly CatalogItemKind[]
  slug?: string
  guid?: string
}

/** Published items that are not archived, featured first, then by name. Nothing but what a visitor may see. */
export async function selectPublicItems(trx: TenantExecutor, filter: PublicItemFilter): Promise<PublicItemRow[]> {
  // A guid that is not a uuid would make Postgres fail the cast: it names nothing.
  if (filter.guid !== undefined && !isUuid(filter.guid)) return []
  let query = trx
    .selectFrom('catalog_items')
    .leftJoin('item_images', (join) => join.onRef('item_images.item_id', '=', 'catalog_items.id').on('item_images.is_cover', '=', true))
    .select([
      'catalog_items.id', 'catalog_items.guid', 'catalog_items.kind', 'catalog_items.name', 'catalog_items.slug', 'catalog_items.summary',
      'catalog_items.description_html', 'catalog_items.payment_type', 'catalog_items.external_link', 'catalog_items.stock_quantity',
      'catalog_items.is_featured', 'catalog_items.updated_at', 'item_images.image_key', 'item_images.alt_text', 'item_images.width', 'item_images.height',
    ])
    .where('catalog_items.kind', 'in', [...filter.kinds])
    .where('catalog_items.is_published', '=', true)
    .where('catalog_items.is_archived', '=', false)
  if (filter.slug !== undefined) query = query.where('catalog_items.slug', '=', filter.slug)
  if (filter.guid !== undefined) query = query.where('catalog_items.guid', '=', filter.guid)
  const rows = await query.orderBy('catalog_items.is_featured', 'desc').orderBy('catalog_items.sort_name').orderBy('catalog_items.id').execute()
  return rows.map((row) => ({
    id: row.id,
    guid: row.guid,
    kind: row.kind,
    name: row.name,
    slug: row.slug,
    summary: row.summary,
    descriptionHtml: row.description_html,
    paymentType: row.payment_type,
    externalLink: row.external_link,
    stockQuantity: row.stock_quantity,
    isFeatured: row.is_featured,
    updatedAt: row.updated_at,
    cover: row.image_key ? { imageKey: row.image_key, altText: row.alt_text ?? '', width: row.width, height: row.height } : null,
  }))
}

/** The live price options of these items, in their order. */
export async function selectPublicPrices(trx: TenantExecutor, itemIds: readonly string[]): Promise<PublicPriceRow[]> {
  if (itemIds.length === 0) return []
  const rows = await trx
    .selectFrom('item_price_options')
    .select(['item_id', 'guid', 'name', 'price_minor', 'currency', 'discount_minor', 'is_other_price', 'other_price_minor', 'max_quantity', 'membership_type', 'frequency', 'registration_fee_minor'])
    .where('item_id', 'in', [...itemIds])
    .where('is_archived', '=', false)
    .orderBy('item_id')
    .orderBy('sequence')
    .orderBy('created_at')
    .execute()
  return rows.map((row) => ({
    itemId: row.item_id,
    guid: row.guid,
    name: row.name,
    priceMinor: row.price_minor,
    currency: row.currency,
    discountMinor: row.discount_minor,
    isOtherPrice: row.is_other_price,
    otherPriceMinor: row.other_price_minor,
    maxQuantity: row.max_quantity,
    membershipType: row.membership_type,
    frequency: row.frequency,
    registrationFeeMinor: row.registration_fee_minor,
  }))
}

export async function selectEventDetails(trx: TenantExecutor, itemIds: readonly string[]): Promise<EventDetailsRow[]> {
  if (itemIds.length === 0) return []
  const rows = await trx.selectFrom('event_details').selectAll().where('item_id', 'in', [...itemIds]).execute()
  return rows.map((row) => ({
    itemId: row.item_id,
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    timeZone: row.time_zone,
    capacity: row.capacity,
    registeredCount: row.registered_count,
    registrationClosesAt: row.registration_closes_at,
    venueName: row.venue_name,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country,
  }))
}

export async function selectDonationDetails(trx: TenantExecutor, itemIds: readonly string[]): Promise<DonationDetailsRow[]> {
  if (itemIds.length === 0) return []
  const rows = await trx.selectFrom('donation_details').selectAll().where('item_id', 'in', [...itemIds]).execute()
  return rows.map((row) => ({
    itemId: row.item_id,
    currency: row.currency,
    suggestedAmountsMinor: row.suggested_amounts_minor,
    isOtherAmountAllowed: row.is_other_amount_allowed,
    isOneTimeAllowed: row.is_one_time_allowed,
    isRecurringAllowed: row.is_recurring_allowed,
    recurringFrequency: row.recurring_frequency,
    goalMinor: row.goal_minor,
  }))
}

/**
 * Bundles that cannot be made up from stock: a counted product inside has fewer left than the
 * bundle holds (or is no longer sold).
 */
export async function selectUnavailableBundles(trx: TenantExecutor, bundleIds: readonly string[]): Promise<Set<string>> {
  if (bundleIds.length === 0) return new Set()
  const rows = await trx
    .selectFrom('bundle_items')
    .innerJoin('catalog_items', 'catalog_items.id', 'bundle_items.item_id')
    .select(['bundle_items.bundle_id', 'bundle_items.quantity', 'catalog_items.stock_quantity', 'catalog_items.is_archived', 'catalog_items.is_published'])
    .where('bundle_items.bundle_id', 'in', [...bundleIds])
    .execute()
  const unavailable = new Set<string>()
  for (const row of rows) {
    const short = row.stock_quantity !== null && row.stock_quantity < row.quantity
    if (short || row.is_archived || !row.is_published) unavailable.add(row.bundle_id)
  }
  return unavailable
}
