import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { itemImageSrc } from '#server/catalog/items/cover-variants'
import { isPublicPathAvailable } from '#server/navigation/available-paths'
import { CHECKOUT_TAKES } from '#server/checkout/sold-online'
import type { Language } from '#server/i18n/languages'
import { capitalised } from '#server/text/capitalised'
import { tFor } from '#server/i18n/server-translator'
import { studioButtonLabel } from '#server/i18n/studio-button-label'
import type { Tenant } from '#server/tenancy/tenant'
import {
  cardPriceText,
  descriptionOf,
  eventStateOf,
  eventVenueOf,
  eventWhenOf,
  imageOf,
  placesLeftText,
  priceOf,
  stateTextOf,
  suggestedAmountsOf,
  type EventVenue,
  type EventWhen,
  type ItemImageView,
  type ItemState,
  type PriceView,
} from './item-views'
import { moneyText } from './price-text'
import {
  selectDonationDetails,
  selectEventDetails,
  selectPublicItems,
  selectPublicPrices,
  selectUnavailableBundles,
  type DonationDetailsRow,
  type EventDetailsRow,
  type PublicItemRow,
} from './public-item-rows'

/** One card of a listing. */
export interface ItemCardView {
  guid: string
  kind: 'event' | 'product' | 'bundle' | 'donation'
  name: string
  summary: string
  href: string
  image: ItemImageView | null
  priceText: string
  state: ItemState
  stateText: string | null
  /** Events: when, in the event's zone. */
  when: EventWhen | null
  /** Events: the venue's name or town. */
  placeText: string | null
}

/** How a visitor buys while there is no online checkout, and whether there is one. */
export interface PurchaseInfo {
  isCheckoutAvailable: boolean
  email: string
  phone: string
}

interface ItemPageBase {
  guid: string
  name: string
  summary: string
  descriptionHtml: string
  image: ItemImageView | null
  state: ItemState
  stateText: string | null
  prices: PriceView[]
  /** When the item was last changed, ISO (structured data). */
  updatedIso: string
  purchase: PurchaseInfo
}

export interface EventPageView extends ItemPageBase {
  kind: 'event'
  slug: string
  isFree: boolean
  /** Paid elsewhere (EXTERNAL): the organiser's own link. */
  externalLink: string | null
  when: EventWhen
  venue: EventVenue | null
  placesLeftText: string | null
  buttonLabel: string
  /** A free event the signed-in viewer already holds a place at. */
  isRegistered: boolean
}

export interface ProductPageView extends ItemPageBase {
  kind: 'product' | 'bundle'
  slug: string
  buttonLabel: string
  /** Parts of a bundle: '2 × Cork Yoga Block'. */
  bundleParts: string[]
  /** Null: not counted. */
  stockLeft: number | null
  /** The product's further pictures, after its cover. */
  gallery: ItemImageView[]
}

export interface DonationPageView extends ItemPageBase {
  kind: 'donation'
  currency: string
  amounts: Array<{ amountMinor: number; text: string }>
  isOtherAmountAllowed: boolean
  /** The ways to give the campaign allows: 'one-time', 'recurring' or both. */
  frequencies: Array<{ value: 'one-time' | 'recurring'; label: string }>
  goalText: string | null
  /** 'You can give once or monthly.' */
  givingText: string
  buttonLabel: string
}

export function purchaseInfoFor(tenant: Tenant): PurchaseInfo {
  return { isCheckoutAvailable: isPublicPathAvailable('/checkout'), email: tenant.settings.email.trim(), phone: tenant.settings.phone.trim() }
}

export const eventHref = (slug: string) => `/events/details/${encodeURIComponent(slug)}`
export const merchandiseHref = (slug: string) => `/merchandise/details/${encodeURIComponent(slug)}`
export const donateHref = (guid: string) => `/donate/${encodeURIComponent(guid)}`

function groupBy<T>(rows: readonly T[], keyOf: (row: T) => string): Map<string, T[]> {
  const grouped = new Map<string, T[]>()
  for (const row of rows) {
    const list = grouped.get(keyOf(row)) ?? []
    list.push(row)
    grouped.set(keyOf(row), list)
  }
  return grouped
}

/** Upcoming and running events, soonest first; the ones that are over leave the list. */
export async function loadPublicEvents(database: DatabaseHandle, tenant: Tenant, now: Date, language: Language = 'en'): Promise<{ cards: ItemCardView[]; nextChangeAt: string | null }> {
  const { items, prices, details } = await withTenant(database, tenant.id, async (trx) => {
    const items = await selectPublicItems(trx, { kinds: ['event'] })
    const ids = items.map((item) => item.id)
    return { items, prices: await selectPublicPrices(trx, ids), details: await selectEventDetails(trx, ids) }
  })
  const pricesByItem = groupBy(prices, (price) => price.itemId)
  const detailsByItem = new Map(details.map((row) => [row.itemId, row]))
  const listed = items
    .flatMap((item) => {
      const detail = detailsByItem.get(item.id)
      return detail && detail.endsAt.getTime() > now.getTime() ? [{ item, detail }] : []
    })
    .sort((a, b) => a.detail.startsAt.getTime() - b.detail.startsAt.getTime() || a.item.name.localeCompare(b.item.name))
  const cards = listed.map(({ item, detail }): ItemCardView => {
    const state = eventStateOf(detail, now)
    return {
      guid: item.guid,
      kind: 'event',
      name: item.name,
      summary: item.summary,
      href: eventHref(item.slug),
      image: imageOf(item),
      priceText: cardPriceText(item, (pricesByItem.get(item.id) ?? []).map((row) => priceOf(row, false, language)), language),
      state,
      stateText: state === 'open' ? placesLeftText(detail, language) : stateTextOf(state, language),
      when: eventWhenOf(detail, tenant, language),
      placeText: detail.venueName ?? detail.city,
    }
  })
  return { cards, nextChangeAt: nextEventChange(listed.map(({ detail }) => detail), now) }
}

/** The next moment an event page changes by itself (registration closes, it starts or ends). */
function nextEventChange(details: readonly EventDetailsRow[], now: Date): string | null {
  const moments = details
    .flatMap((detail) => [detail.registrationClosesAt, detail.startsAt, detail.endsAt])
    .filter((moment): moment is Date => moment !== null && moment.getTime() > now.getTime())
    .map((moment) => moment.getTime())
  return moments.length === 0 ? null : new Date(Math.min(...moments)).toISOString()
}

/** One event by its SEO slug; null when it is not published, archived, another tenant's or not an event. */
export async function loadPublicEvent(
  database: DatabaseHandle,
  tenant: Tenant,
  unverifiedSlug: string,
  now: Date,
  viewerContactId: string | null,
  takesCards = false,
  language: Language = 'en',
): Promise<{ page: EventPageView; nextChangeAt: string | null } | null> {
  const found = await withTenant(database, tenant.id, async (trx) => {
    const [item] = await selectPublicItems(trx, { kinds: ['event'], slug: unverifiedSlug })
    if (!item) return null
    const [detail] = await selectEventDetails(trx, [item.id])
    if (!detail) return null
    const registered = viewerContactId
      ? await trx
          .selectFrom('event_registrations')
          .select('id')
          .where('event_id', '=', item.id)
          .where('contact_id', '=', viewerContactId)
          .where('status', '<>', 'cancelled')
          .executeTakeFirst()
      : undefined
    return { item, detail, prices: await selectPublicPrices(trx, [item.id]), isRegistered: registered !== undefined }
  })
  if (!found) return null
  const { item, detail } = found
  const state = eventStateOf(detail, now)
  const prices = found.prices.map((row) => priceOf(row, takesCards, language))
  const isFree = item.paymentType === 'FREE' || (item.paymentType !== 'EXTERNAL' && prices.every((price) => price.amountMinor === 0 && !price.isOtherPrice))
  return {
    page: {
      ...pageBase(item, tenant, prices, state, state === 'open' ? placesLeftText(detail, language) : stateTextOf(state, language)),
      kind: 'event',
      slug: item.slug,
      isFree,
      externalLink: item.paymentType === 'EXTERNAL' ? item.externalLink : null,
      when: eventWhenOf(detail, tenant, language),
      venue: eventVenueOf(detail),
      placesLeftText: placesLeftText(detail, language),
      buttonLabel: studioButtonLabel(tenant.settings.registerButtonLabel, 'Register', tFor(language, 'listings')('register'), language),
      isRegistered: found.isRegistered,
    },
    nextChangeAt: nextEventChange([detail], now),
  }
}

/** The description's words, to tell one that only repeats the summary. */
const plainText = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/&nbsp;/g, ' ').replace(/\s+/g, ' ').trim()

function pageBase(item: PublicItemRow, tenant: Tenant, prices: PriceView[], state: ItemState, stateText: string | null): ItemPageBase {
  const description = descriptionOf(item)
  return {
    guid: item.guid,
    name: item.name,
    summary: item.summary,
    // A description that only repeats the summary would say the same thing twice on the page.
    descriptionHtml: plainText(description) === item.summary.trim() ? '' : description,
    image: imageOf(item),
    state,
    stateText,
    prices,
    updatedIso: item.updatedAt.toISOString(),
    purchase: purchaseInfoFor(tenant),
  }
}

/** Merchandise and bundles: featured first, then by name. */
export async function loadPublicMerchandise(database: DatabaseHandle, tenant: Tenant, language: Language = 'en'): Promise<{ cards: ItemCardView[] }> {
  const { items, prices, unavailable } = await withTenant(database, tenant.id, async (trx) => {
    const items = await selectPublicItems(trx, { kinds: ['product', 'bundle'] })
    return {
      items,
      prices: await selectPublicPrices(trx, items.map((item) => item.id)),
      unavailable: await selectUnavailableBundles(trx, items.filter((item) => item.kind === 'bundle').map((item) => item.id)),
    }
  })
  const pricesByItem = groupBy(prices, (price) => price.itemId)
  return {
    cards: items.map((item): ItemCardView => {
      const state = productStateOf(item, unavailable)
      return {
        guid: item.guid,
        kind: item.kind === 'bundle' ? 'bundle' : 'product',
        name: item.name,
        summary: item.summary,
        href: merchandiseHref(item.slug),
        image: imageOf(item),
        priceText: cardPriceText(item, (pricesByItem.get(item.id) ?? []).map((row) => priceOf(row, false, language)), language),
        state,
        stateText: state === 'open' ? null : stateTextOf(state, language),
        when: null,
        placeText: null,
      }
    }),
  }
}

function productStateOf(item: PublicItemRow, unavailableBundles: ReadonlySet<string>): ItemState {
  if (item.stockQuantity !== null && item.stockQuantity <= 0) return 'sold-out'
  if (item.kind === 'bundle' && unavailableBundles.has(item.id)) return 'sold-out'
  return 'open'
}

/** One product or bundle by its slug (a product wins when a bundle shares it). */
export async function loadPublicProduct(database: DatabaseHandle, tenant: Tenant, unverifiedSlug: string, takesCards = false, language: Language = 'en'): Promise<ProductPageView | null> {
  const found = await withTenant(database, tenant.id, async (trx) => {
    const items = await selectPublicItems(trx, { kinds: ['product', 'bundle'], slug: unverifiedSlug })
    const item = items.find((row) => row.kind === 'product') ?? items[0]
    if (!item) return null
    const parts =
      item.kind === 'bundle'
        ? await trx
            .selectFrom('bundle_items')
            .innerJoin('catalog_items', 'catalog_items.id', 'bundle_items.item_id')
            .select(['catalog_items.name', 'bundle_items.quantity'])
            .where('bundle_items.bundle_id', '=', item.id)
            .orderBy('bundle_items.sequence')
            .execute()
        : []
    return {
      item,
      parts,
      gallery: await trx.selectFrom('item_images').select(['image_key', 'alt_text', 'width', 'height']).where('item_id', '=', item.id).where('is_cover', '=', false).orderBy('sequence').limit(20).execute(),
      prices: await selectPublicPrices(trx, [item.id]),
      unavailable: await selectUnavailableBundles(trx, item.kind === 'bundle' ? [item.id] : []),
    }
  })
  if (!found) return null
  const { item } = found
  const state = productStateOf(item, found.unavailable)
  const stockLeft = item.stockQuantity === null ? null : Math.max(0, item.stockQuantity)
  // Never offer more than is left.
  const prices = found.prices.map((row) => priceOf(row, takesCards, language)).map((price) => (stockLeft === null ? price : { ...price, maxQuantity: Math.max(1, Math.min(price.maxQuantity, stockLeft)) }))
  return {
    ...pageBase(item, tenant, prices, state, state === 'open' ? null : stateTextOf(state, language)),
    gallery: found.gallery.map((picture, index) => ({
      src: itemImageSrc(picture.image_key),
      alt: picture.alt_text.trim() || tFor(language, 'listings')('pictureOf', { name: item.name, number: index + 2 }),
      width: picture.width,
      height: picture.height,
    })),
    kind: item.kind === 'bundle' ? 'bundle' : 'product',
    slug: item.slug,
    buttonLabel: studioButtonLabel(tenant.settings.buyButtonLabel, 'Buy', tFor(language, 'listings')('buy'), language),
    bundleParts: found.parts.map((part) => `${part.quantity} × ${part.name}`),
    stockLeft,
  }
}

/** Donation campaigns: featured first, then by name. */
export async function loadPublicDonations(database: DatabaseHandle, tenant: Tenant, language: Language = 'en'): Promise<{ cards: ItemCardView[] }> {
  const { items, details } = await withTenant(database, tenant.id, async (trx) => {
    const items = await selectPublicItems(trx, { kinds: ['donation'] })
    return { items, details: await selectDonationDetails(trx, items.map((item) => item.id)) }
  })
  const detailsByItem = new Map(details.map((row) => [row.itemId, row]))
  return {
    cards: items.flatMap((item): ItemCardView[] => {
      const detail = detailsByItem.get(item.id)
      if (!detail) return []
      return [
        {
          guid: item.guid,
          kind: 'donation',
          name: item.name,
          summary: item.summary,
          href: donateHref(item.guid),
          image: imageOf(item),
          priceText: donationRangeText(detail, language),
          state: 'open',
          stateText: null,
          when: null,
          placeText: null,
        },
      ]
    }),
  }
}

function donationRangeText(detail: DonationDetailsRow, language: Language): string {
  const t = tFor(language, 'listings')
  const lowest = Math.min(...detail.suggestedAmountsMinor)
  if (detail.suggestedAmountsMinor.length === 0 || !Number.isFinite(lowest)) return t('giveAnyAmount')
  return t('giveFrom', { amount: moneyText(lowest, detail.currency, language) })
}

/** One campaign by its guid (the spec's donate/{id}); null for anything a visitor may not see. */
/** A campaign's page; `takesCards`: the studio takes card payments now, so a gift can be given online. */
export async function loadPublicDonation(database: DatabaseHandle, tenant: Tenant, unverifiedGuid: string, takesCards = false, language: Language = 'en'): Promise<DonationPageView | null> {
  const found = await withTenant(database, tenant.id, async (trx) => {
    const [item] = await selectPublicItems(trx, { kinds: ['donation'], guid: unverifiedGuid })
    if (!item) return null
    const [detail] = await selectDonationDetails(trx, [item.id])
    return detail ? { item, detail } : null
  })
  if (!found) return null
  const { item, detail } = found
  const t = tFor(language, 'listings')
  const every = t(`frequency_${detail.recurringFrequency}`)
  const frequencies: DonationPageView['frequencies'] = [
    ...(detail.isOneTimeAllowed ? [{ value: 'one-time' as const, label: t('oneTime') }] : []),
    ...(detail.isRecurringAllowed ? [{ value: 'recurring' as const, label: capitalised(every, language) }] : []),
  ]
  const ways = [...(detail.isOneTimeAllowed ? [t('giveOnce')] : []), ...(detail.isRecurringAllowed ? [every] : [])]
  return {
    ...pageBase(item, tenant, [], 'open', null),
    purchase: { ...purchaseInfoFor(tenant), isCheckoutAvailable: purchaseInfoFor(tenant).isCheckoutAvailable && CHECKOUT_TAKES.donations && takesCards },
    kind: 'donation',
    currency: detail.currency,
    amounts: suggestedAmountsOf(detail, language),
    isOtherAmountAllowed: detail.isOtherAmountAllowed,
    frequencies,
    goalText: detail.goalMinor === null ? null : moneyText(detail.goalMinor, detail.currency, language),
    givingText: ways.length > 0 ? capitalised(t('youCanGive', { ways: ways.join(t('waysOr')) }), language) : '',
    buttonLabel: t('donate'),
  }
}
