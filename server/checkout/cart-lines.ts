import type { TenantExecutor } from '#db/tenant-scope'
import type { BillingFrequency, CatalogItemKind, ItemPaymentType, MembershipType, PeriodUnit } from '#db/tables/catalog'
import { selectDonationDetails, selectEventDetails, selectUnavailableBundles, type DonationDetailsRow, type EventDetailsRow } from '#server/catalog/public/public-item-rows'
import { findScheduledOccurrence, type FoundOccurrence } from '#server/catalog/bookings/find-class-occurrence'

/** A price option as checkout prices it (spec Item/membership); a donation's gift is one without a row (id and guid null). */
export interface CartPriceOption {
  id: string | null
  guid: string | null
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
  /** A class drop-in's occurrence as named by the line (schedule and local date). */
  dropIn: LineOccurrence | null
  /** That occurrence as the schedule gives it now; null when it no longer does. */
  classOccurrence: FoundOccurrence | null
  /** A donation's gift terms as the line holds them; null for other kinds. */
  gift: GiftTerms | null
}

/** The occurrence a class drop-in line names: the key of its occurrence row. */
export interface LineOccurrence {
  scheduleId: string
  /** 'YYYY-MM-DD', the scheduled local date. */
  date: string
}

/** A line that names what is wanted: a cart line, or an invoice line waiting for its payment. */
export interface WantedLine {
  guid: string
  quantity: number
  amountMinor: number | null
  itemId: string
  priceOptionId: string | null
  dropIn?: LineOccurrence | null
  /** A donation's gift: given on repeat or once, and for how many years (null: until stopped). */
  gift?: GiftTerms | null
}

export interface GiftTerms {
  recurring: boolean
  years: number | null
}

/** The cart's lines in the order they were added, joined with their items and options. */
export async function selectCartLines(trx: TenantExecutor, cartId: string): Promise<CartLineFacts[]> {
  const rows = await trx
    .selectFrom('cart_lines')
    .select(['guid', 'quantity', 'amount_minor', 'item_id', 'price_option_id', 'schedule_id', 'occurrence_date', 'donation_frequency', 'gift_years'])
    .where('cart_id', '=', cartId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
  return factsForLines(
    trx,
    rows.map((row) => ({
      guid: row.guid,
      quantity: row.quantity,
      amountMinor: row.amount_minor,
      itemId: row.item_id,
      priceOptionId: row.price_option_id,
      dropIn: lineOccurrenceOf(row),
      gift: { recurring: row.donation_frequency === 'recurring', years: row.gift_years },
    })),
  )
}

/** The occurrence a cart or invoice line names, when it is a class drop-in's. */
export function lineOccurrenceOf(row: { schedule_id: string | null; occurrence_date: string | null }): LineOccurrence | null {
  return row.schedule_id !== null && row.occurrence_date !== null ? { scheduleId: row.schedule_id, date: String(row.occurrence_date) } : null
}

/** Wanted lines, in their order, with what the catalog says of their items and options now. */
export async function factsForLines(trx: TenantExecutor, lines: readonly WantedLine[]): Promise<CartLineFacts[]> {
  if (lines.length === 0) return []
  const itemIds = [...new Set(lines.map((line) => line.itemId))]
  const optionIds = [...new Set(lines.flatMap((line) => (line.priceOptionId ? [line.priceOptionId] : [])))]
  const [items, options] = await Promise.all([
    trx
      .selectFrom('catalog_items')
      .select(['id', 'guid', 'kind', 'name', 'slug', 'payment_type', 'stock_quantity', 'is_published', 'is_archived'])
      .where('id', 'in', itemIds)
      .execute(),
    optionIds.length === 0
      ? Promise.resolve([])
      : trx
          .selectFrom('item_price_options')
          .select([
            'id', 'guid', 'name', 'price_minor', 'currency', 'discount_minor', 'is_other_price', 'other_price_minor', 'max_quantity', 'is_taxable',
            'is_charge_card_fees', 'membership_type', 'credits', 'frequency', 'billing_day_of_month', 'is_bill_from_next_month',
            'number_of_billing_cycles', 'registration_fee_minor', 'is_trial_period', 'trial_duration', 'trial_duration_unit', 'is_archived',
          ])
          .where('id', 'in', optionIds)
          .execute(),
  ])
  const itemById = new Map(items.map((item) => [item.id, item]))
  const optionById = new Map(options.map((option) => [option.id, option]))
  const eventIds = items.filter((item) => item.kind === 'event').map((item) => item.id)
  const bundleIds = items.filter((item) => item.kind === 'bundle').map((item) => item.id)
  const donationIds = items.filter((item) => item.kind === 'donation').map((item) => item.id)
  const [events, shortBundles, donations] = await Promise.all([selectEventDetails(trx, eventIds), selectUnavailableBundles(trx, bundleIds), selectDonationDetails(trx, donationIds)])
  const eventById = new Map(events.map((event) => [event.itemId, event]))
  const donationById = new Map(donations.map((donation) => [donation.itemId, donation]))
  const occurrenceByGuid = new Map<string, FoundOccurrence | null>()
  for (const line of lines) {
    if (!line.dropIn || itemById.get(line.itemId)?.kind !== 'class') continue
    occurrenceByGuid.set(line.guid, await findScheduledOccurrence(trx, { classId: line.itemId, ...line.dropIn }))
  }
  return lines.flatMap((line) => {
    const item = itemById.get(line.itemId)
    // Lines hold their items by foreign key: a missing item is a line being deleted with it.
    if (!item) return []
    const option = line.priceOptionId ? optionById.get(line.priceOptionId) : undefined
    const gift = item.kind === 'donation' && !line.priceOptionId ? giftOption(donationById.get(item.id), line.amountMinor, line.gift ?? null) : null
    return [
      {
        guid: line.guid,
        quantity: line.quantity,
        amountMinor: line.amountMinor,
        item: {
          id: item.id,
          guid: item.guid,
          kind: item.kind,
          name: item.name,
          slug: item.slug,
          paymentType: item.payment_type,
          stockQuantity: item.stock_quantity,
          isOnSale: item.is_published && !item.is_archived,
        },
        option: gift ?? (option
          ? {
              id: option.id,
              guid: option.guid,
              name: option.name,
              priceMinor: option.price_minor,
              currency: option.currency,
              discountMinor: option.discount_minor,
              isOtherPrice: option.is_other_price,
              otherPriceMinor: option.other_price_minor,
              maxQuantity: option.max_quantity,
              isTaxable: option.is_taxable,
              isChargeCardFees: option.is_charge_card_fees,
              membershipType: option.membership_type,
              credits: option.credits,
              frequency: option.frequency,
              billingDayOfMonth: option.billing_day_of_month,
              isBillFromNextMonth: option.is_bill_from_next_month,
              numberOfBillingCycles: option.number_of_billing_cycles,
              registrationFeeMinor: option.registration_fee_minor,
              trial: option.is_trial_period && option.trial_duration !== null && option.trial_duration_unit !== null ? { duration: option.trial_duration, unit: option.trial_duration_unit } : null,
              isArchived: option.is_archived,
            }
          : null),
        event: eventById.get(item.id) ?? null,
        isBundleShort: shortBundles.has(item.id),
        dropIn: item.kind === 'class' ? (line.dropIn ?? null) : null,
        classOccurrence: occurrenceByGuid.get(line.guid) ?? null,
        gift: item.kind === 'donation' ? (line.gift ?? { recurring: false, years: null }) : null,
      },
    ]
  })
}

/** The words a gift's line reads by (option_name on the invoice). */
export const ONE_TIME_GIFT = 'One-time gift'

/** 'Monthly gift', the name of a gift on repeat (and of the held gift that bills it). */
export function repeatingGiftName(frequency: BillingFrequency): string {
  return `${REPEATING_WORD[frequency]} gift`
}

const REPEATING_WORD: Record<BillingFrequency, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  halfyearly: 'Half-yearly',
  yearly: 'Yearly',
}

const PERIODS_PER_YEAR: Record<BillingFrequency, number> = { daily: 365, weekly: 52, monthly: 12, quarterly: 4, halfyearly: 2, yearly: 1 }

/**
 * A donation's gift priced like an option: the donor's amount, neither taxed nor carrying card
 * fees; once, or on repeat at the campaign's frequency, paid now and then billed each period,
 * for the years chosen (the spec's rule: 12 times the years, minus the first, for monthly gifts)
 * or until stopped. Null when the campaign would no longer take that gift (an amount it dropped,
 * another amount or a way of giving it no longer takes), so the line says it is not sold.
 */
function giftOption(campaign: DonationDetailsRow | undefined, amountMinor: number | null, terms: GiftTerms | null): CartPriceOption | null {
  if (!campaign || amountMinor === null || amountMinor <= 0) return null
  const recurring = terms?.recurring === true
  if (recurring ? !campaign.isRecurringAllowed : !campaign.isOneTimeAllowed) return null
  if (!campaign.suggestedAmountsMinor.includes(amountMinor) && !campaign.isOtherAmountAllowed) return null
  return {
    id: null,
    guid: null,
    name: recurring ? repeatingGiftName(campaign.recurringFrequency) : ONE_TIME_GIFT,
    priceMinor: amountMinor,
    currency: campaign.currency,
    discountMinor: 0,
    isOtherPrice: false,
    otherPriceMinor: null,
    maxQuantity: 1,
    isTaxable: false,
    isChargeCardFees: false,
    membershipType: recurring ? 'recurring' : null,
    credits: null,
    frequency: recurring ? campaign.recurringFrequency : null,
    billingDayOfMonth: null,
    isBillFromNextMonth: false,
    numberOfBillingCycles: recurring && terms?.years ? PERIODS_PER_YEAR[campaign.recurringFrequency] * terms.years : null,
    registrationFeeMinor: 0,
    trial: null,
    isArchived: false,
  }
}
