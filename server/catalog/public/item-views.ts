import { itemImageSrc } from '#server/catalog/items/cover-variants'
import { shownDateIn } from '#server/dates/language-dates'
import type { ShownDate } from '#server/dates/tenant-dates'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
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

/** STATE_TEXT in the page's language. */
export function stateTextOf(state: Exclude<ItemState, 'open'>, language: Language = 'en'): string {
  return tFor(language, 'listings')(`state_${state}`)
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
export function priceOf(row: PublicPriceRow, takesCards = false, language: Language = 'en'): PriceView {
  const amountMinor = Math.max(0, row.priceMinor - row.discountMinor)
  return {
    guid: row.guid,
    name: row.name,
    priceText:
      amountMinor === 0 && !row.isOtherPrice
        ? tFor(language, 'listings')('free')
        : `${moneyText(amountMinor, row.currency, language)}${frequencySuffix(row.membershipType === 'recurring' ? row.frequency : null, language)}`,
    amountMinor,
    currency: row.currency,
    maxQuantity: Math.min(9, Math.max(1, row.maxQuantity)),
    isOtherPrice: row.isOtherPrice,
    minimumText: row.isOtherPrice && row.otherPriceMinor !== null ? moneyText(row.otherPriceMinor, row.currency, language) : null,
    isSoldOnline: isSoldOnline(row, takesCards),
  }
}

/** What a card says about the price: 'Free', '$18.00', or 'From $35.00' when options differ. */
export function cardPriceText(row: Pick<PublicItemRow, 'paymentType'>, prices: readonly PriceView[], language: Language = 'en'): string {
  const t = tFor(language, 'listings')
  if (row.paymentType === 'FREE' || prices.length === 0) return row.paymentType === 'PAID' ? '' : t('free')
  const lowest = prices.reduce((least, price) => (price.amountMinor < least.amountMinor ? price : least))
  const sameEverywhere = prices.every((price) => price.amountMinor === lowest.amountMinor)
  return sameEverywhere ? lowest.priceText : t('fromPrice', { price: lowest.priceText })
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
export function placesLeftText(details: EventDetailsRow, language: Language = 'en'): string | null {
  if (details.capacity === null) return null
  const left = details.capacity - details.registeredCount
  if (left <= 0) return null
  return tFor(language, 'listings')('placesLeft', { count: left })
}

/** The event's times in its own zone, with the tenant's date format (in English; Turkish writes its own). */
export function eventWhenOf(details: EventDetailsRow, tenant: Tenant, language: Language = 'en'): EventWhen {
  const preferences = { timezone: details.timeZone, dateFormat: tenant.settings.dateFormat }
  const shown = (at: Date, style: 'date' | 'time' | 'dateTime') => shownDateIn(at, preferences, style, language)
  const start = shown(details.startsAt, 'dateTime')
  const sameDay = shown(details.startsAt, 'date')?.text === shown(details.endsAt, 'date')?.text
  const end = shown(details.endsAt, sameDay ? 'time' : 'dateTime')
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
export function suggestedAmountsOf(details: DonationDetailsRow, language: Language = 'en'): Array<{ amountMinor: number; text: string }> {
  return details.suggestedAmountsMinor.map((amountMinor) => ({ amountMinor, text: moneyText(amountMinor, details.currency, language) }))
}

/** The item's description, sanitised again on the way out (kept per item version). */
export function descriptionOf(row: PublicItemRow): string {
  return sanitizePageHtmlCached(`catalog-item:${row.id}:${row.updatedAt.getTime()}`, row.descriptionHtml)
}
