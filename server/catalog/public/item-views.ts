import { itemImageSrc } from '#server/catalog/items/cover-variants'
import { shownDate, type ShownDate } from '#server/dates/tenant-dates'
import type { Tenant } from '#server/tenancy/tenant'
import { isSoldOnline } from '#server/checkout/sold-online'
import { sanitizePageHtmlCached } from '#server/website/sanitize-page-html'
import { frequencySuffix, moneyText } from './price-text'
import type { DonationDetailsRow, EventDetailsRow, PublicItemRow, PublicPriceRow } from './public-item-rows'

/** A picture as the page draws it; alt text is the tenant's, or the item's name when they gave none. */
export interface ItemImageView {
  src: string
  alt: string
  width: number | null
  height: number | null
}

export interface PriceView {
  guid: string
  name: string
  /** '$45.00', '$42.00 / month'; 'Free' for nothing to pay. */
  priceText: string
  amountMinor: number
  currency: string
  /** 1-9: the quantity choices of the buy form. */
  maxQuantity: number
  /** The buyer types the amount; at least minimumText. */
  isOtherPrice: boolean
  minimumText: string | null
  /** Checkout takes it online (sold-online.ts); the Buy form offers only these. */
  isSoldOnline: boolean
}

/**
 * - open: can be registered for or bought;
 * - sold-out: merchandise with none left (or a bundle short of a part);
 * - full: an event with every place taken;
 * - closed: an event after its registration closes;
 * - ended: an event that is over.
 */
export type ItemState = 'open' | 'sold-out' | 'full' | 'closed' | 'ended'

export const STATE_TEXT: Record<Exclude<ItemState, 'open'>, string> = {
  'sold-out': 'Sold out',
  full: 'Sold out',
  closed: 'Registration closed',
  ended: 'This event has ended',
}

export interface EventWhen {
  start: ShownDate
  end: ShownDate
  /** 'America/New_York' as a visitor reads it: 'America/New York'. */
  zoneText: string
}

export interface EventVenue {
  name: string | null
  /** Street lines, then 'City, ST 62701', then the country. */
  lines: string[]
  /** The same parts one by one, for structured data. */
  street: string
  city: string
  region: string
  postalCode: string
  country: string
}

export function imageOf(row: PublicItemRow): ItemImageView | null {
  if (!row.cover) return null
  return { src: itemImageSrc(row.cover.imageKey), alt: row.cover.altText.trim() || row.name, width: row.cover.width, height: row.cover.height }
}

/** A price as an item page shows it; `takesCards`: the studio takes cards, so priced options sell online. */
export function priceOf(row: PublicPriceRow, takesCards = false): PriceView {
  const amountMinor = Math.max(0, row.priceMinor - row.discountMinor)
  return {
    guid: row.guid,
    name: row.name,
    priceText: amountMinor === 0 && !row.isOtherPrice ? 'Free' : `${moneyText(amountMinor, row.currency)}${frequencySuffix(row.membershipType === 'recurring' ? row.frequency : null)}`,
    amountMinor,
    currency: row.currency,
    maxQuantity: Math.min(9, Math.max(1, row.maxQuantity)),
    isOtherPrice: row.isOtherPrice,
    minimumText: row.isOtherPrice && row.otherPriceMinor !== null ? moneyText(row.otherPriceMinor, row.currency) : null,
    isSoldOnline: isSoldOnline(row, takesCards),
  }
}

/** What a card says about the price: 'Free', '$18.00', or 'From $35.00' when options differ. */
export function cardPriceText(row: Pick<PublicItemRow, 'paymentType'>, prices: readonly PriceView[]): string {
  if (row.paymentType === 'FREE' || prices.length === 0) return row.paymentType === 'PAID' ? '' : 'Free'
  const lowest = prices.reduce((least, price) => (price.amountMinor < least.amountMinor ? price : least))
  const sameEverywhere = prices.every((price) => price.amountMinor === lowest.amountMinor)
  return sameEverywhere ? lowest.priceText : `From ${lowest.priceText}`
}

/** An event's state at `now`: over, closed, full or open, in that order. */
export function eventStateOf(details: EventDetailsRow, now: Date): ItemState {
  if (details.endsAt.getTime() <= now.getTime()) return 'ended'
  if (details.registrationClosesAt && details.registrationClosesAt.getTime() <= now.getTime()) return 'closed'
  if (details.startsAt.getTime() <= now.getTime()) return 'closed'
  if (details.capacity !== null && details.registeredCount >= details.capacity) return 'full'
  return 'open'
}

/** '12 places left', '1 place left'; null when the event has no limit or is full. */
export function placesLeftText(details: EventDetailsRow): string | null {
  if (details.capacity === null) return null
  const left = details.capacity - details.registeredCount
  if (left <= 0) return null
  return left === 1 ? '1 place left' : `${left} places left`
}

/** The event's times in its own zone, with the tenant's date format. */
export function eventWhenOf(details: EventDetailsRow, tenant: Tenant): EventWhen {
  const preferences = { timezone: details.timeZone, dateFormat: tenant.settings.dateFormat }
  const start = shownDate(details.startsAt, preferences, 'dateTime')
  const sameDay = shownDate(details.startsAt, preferences, 'date')?.text === shownDate(details.endsAt, preferences, 'date')?.text
  const end = shownDate(details.endsAt, preferences, sameDay ? 'time' : 'dateTime')
  const fallback = { dateTime: '', text: '' }
  return { start: start ?? fallback, end: end ?? fallback, zoneText: details.timeZone.replace(/_/g, ' ') }
}

export function eventVenueOf(details: EventDetailsRow): EventVenue | null {
  const streets = [details.addressLine1, details.addressLine2].filter((line): line is string => Boolean(line?.trim()))
  const cityLine = [details.city, [details.state, details.zip].filter(Boolean).join(' ')].filter((part) => part && part.trim()).join(', ')
  const lines = [...streets, ...(cityLine ? [cityLine] : []), ...(details.country?.trim() ? [details.country] : [])]
  if (!details.venueName && lines.length === 0) return null
  return {
    name: details.venueName,
    lines,
    street: streets.join(', '),
    city: details.city?.trim() ?? '',
    region: details.state?.trim() ?? '',
    postalCode: details.zip?.trim() ?? '',
    country: details.country?.trim() ?? '',
  }
}

/** Suggested amounts as donate choices ('$25.00'), in the campaign's currency. */
export function suggestedAmountsOf(details: DonationDetailsRow): Array<{ amountMinor: number; text: string }> {
  return details.suggestedAmountsMinor.map((amountMinor) => ({ amountMinor, text: moneyText(amountMinor, details.currency) }))
}

/** The item's description, sanitised again on the way out (kept per item version). */
export function descriptionOf(row: PublicItemRow): string {
  return sanitizePageHtmlCached(`catalog-item:${row.id}:${row.updatedAt.getTime()}`, row.descriptionHtml)
}
