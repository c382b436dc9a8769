import type { TenantExecutor } from '#db/tenant-scope'
import type { BillingFrequency, CatalogItemKind, ItemPaymentType, MembershipType, PeriodUnit } from '#db/tables/catalog'
import { selectEventDetails, selectUnavailableBundles, type EventDetailsRow } from '#server/catalog/public/public-item-rows'

/** A price option as checkout prices it (spec Item/membership). */
export interface CartPriceOption {
  id: string
  guid: string
  name: string
  priceMinor: number
  currency: string
  discountMinor: number
  isOtherPrice: boolean
  otherPriceMinor: number | null
  maxQuantity: number
  isTaxable: boolean
  isChargeCardFees: boolean
  membershipType: MembershipType | null
  credits: number | null
  frequency: BillingFrequency | null
  billingDayOfMonth: number | null
  isBillFromNextMonth: boolean
  numberOfBillingCycles: number | null
  registrationFeeMinor: number
  trial: { duration: number; unit: PeriodUnit } | null
  isArchived: boolean
}

/** One line of a cart with what the catalog says of it now. */
export interface CartLineFacts {
  guid: string
  quantity: number
  amountMinor: number | null
  item: {
    id: string
    guid: string
    kind: CatalogItemKind
    name: string
    slug: string
    paymentType: ItemPaymentType
    stockQuantity: number | null
    /** Published and not archived: a visitor may still buy it. */
    isOnSale: boolean
  }
  option: CartPriceOption | null
  event: EventDetailsRow | null
  /** A bundle whose parts are short or no longer sold. */
  isBundleShort: boolean
}

/** The cart's lines in the order they were added, joined with their items and options. */
export async function selectCartLines(trx: TenantExecutor, cartId: string): Promise<CartLineFacts[]> {
  const rows = await trx
    .selectFrom('cart_lines')
    .innerJoin('catalog_items', 'catalog_items.id', 'cart_lines.item_id')
    .leftJoin('item_price_options', 'item_price_options.id', 'cart_lines.price_option_id')
    .select([
      'cart_lines.guid as line_guid', 'cart_lines.quantity', 'cart_lines.amount_minor',
      'catalog_items.id as item_id', 'catalog_items.guid as item_guid', 'catalog_items.kind', 'catalog_items.name as item_name', 'catalog_items.slug',
      'catalog_items.payment_type', 'catalog_items.stock_quantity', 'catalog_items.is_published', 'catalog_items.is_archived as item_archived',
      'item_price_options.id as option_id', 'item_price_options.guid as option_guid', 'item_price_options.name as option_name',
      'item_price_options.price_minor', 'item_price_options.currency', 'item_price_options.discount_minor', 'item_price_options.is_other_price',
      'item_price_options.other_price_minor', 'item_price_options.max_quantity', 'item_price_options.is_taxable', 'item_price_options.is_charge_card_fees',
      'item_price_options.membership_type', 'item_price_options.credits', 'item_price_options.frequency', 'item_price_options.billing_day_of_month',
      'item_price_options.is_bill_from_next_month', 'item_price_options.number_of_billing_cycles', 'item_price_options.registration_fee_minor',
      'item_price_options.is_trial_period', 'item_price_options.trial_duration', 'item_price_options.trial_duration_unit', 'item_price_options.is_archived as option_archived',
    ])
    .where('cart_lines.cart_id', '=', cartId)
    .orderBy('cart_lines.created_at')
    .orderBy('cart_lines.id')
    .execute()
  const eventIds = rows.filter((row) => row.kind === 'event').map((row) => row.item_id)
  const bundleIds = rows.filter((row) => row.kind === 'bundle').map((row) => row.item_id)
  const [events, shortBundles] = await Promise.all([selectEventDetails(trx, eventIds), selectUnavailableBundles(trx, bundleIds)])
  const eventById = new Map(events.map((event) => [event.itemId, event]))
  return rows.map((row) => ({
    guid: row.line_guid,
    quantity: row.quantity,
    amountMinor: row.amount_minor,
    item: {
      id: row.item_id,
      guid: row.item_guid,
      kind: row.kind,
      name: row.item_name,
      slug: row.slug,
      paymentType: row.payment_type,
      stockQuantity: row.stock_quantity,
      isOnSale: row.is_published && !row.item_archived,
    },
    option:
      row.option_id === null || row.option_guid === null || row.option_name === null || row.price_minor === null || row.currency === null
        ? null
        : {
            id: row.option_id,
            guid: row.option_guid,
            name: row.option_name,
            priceMinor: row.price_minor,
            currency: row.currency,
            discountMinor: row.discount_minor ?? 0,
            isOtherPrice: row.is_other_price ?? false,
            otherPriceMinor: row.other_price_minor,
            maxQuantity: row.max_quantity ?? 1,
            isTaxable: row.is_taxable ?? false,
            isChargeCardFees: row.is_charge_card_fees ?? false,
            membershipType: row.membership_type,
            credits: row.credits,
            frequency: row.frequency,
            billingDayOfMonth: row.billing_day_of_month,
            isBillFromNextMonth: row.is_bill_from_next_month ?? false,
            numberOfBillingCycles: row.number_of_billing_cycles,
            registrationFeeMinor: row.registration_fee_minor ?? 0,
            trial: row.is_trial_period && row.trial_duration !== null && row.trial_duration_unit !== null ? { duration: row.trial_duration, unit: row.trial_duration_unit } : null,
            isArchived: row.option_archived ?? false,
          },
    event: eventById.get(row.item_id) ?? null,
    isBundleShort: shortBundles.has(row.item_id),
  }))
}
