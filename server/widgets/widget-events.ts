import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { ShownDate } from '#server/dates/tenant-dates'
import { cardPriceText, eventStateOf, eventWhenOf, placesLeftText, priceOf, stateTextOf } from '#server/catalog/public/item-views'
import { LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'
import { eventHref } from '#server/catalog/public/public-item-pages'
import { selectEventDetails, selectPublicPrices } from '#server/catalog/public/public-item-rows'
import type { Tenant } from '#server/tenancy/tenant'

/** One event as a widget shows it; addresses are absolute, since the widget lives on another site. */
export interface WidgetEvent {
  name: string
  url: string
  start: ShownDate
  end: ShownDate
  zoneText: string
  /** The start in the event's zone, for the date badge: 'Dec' and '5'. */
  badge: { month: string; day: string }
  placeText: string | null
  priceText: string
  /** 'Sold out', 'Registration closed', '3 places left'; null when there is nothing to say. */
  stateText: string | null
  image: { src: string; alt: string } | null
}

/**
 * Published, non-archived events of the studio, as the public events page lists them:
 * `upcoming` are those not over yet (running ones included), soonest first; `past` those that
 * have ended, latest first. At most `limit`, read with a limit in the database, so a studio with
 * years of past events costs the same as a new one.
 */
export async function widgetEvents(database: DatabaseHandle, tenant: Tenant, input: { when: 'upcoming' | 'past'; limit: number; now: Date; origin: string; language?: Language }): Promise<WidgetEvent[]> {
  const { items, details, prices } = await withTenant(database, tenant.id, async (trx) => {
    const items = await trx
      .selectFrom('catalog_items as ci')
      .innerJoin('event_details as ed', 'ed.item_id', 'ci.id')
      .leftJoin('item_images as img', (join) => join.onRef('img.item_id', '=', 'ci.id').on('img.is_cover', '=', true))
      .select(['ci.id', 'ci.guid', 'ci.name', 'ci.slug', 'ci.payment_type', 'img.image_key', 'img.alt_text'])
      .where('ci.kind', '=', 'event')
      .where('ci.is_published', '=', true)
      .where('ci.is_archived', '=', false)
      .$if(input.when === 'upcoming', (qb) => qb.where('ed.ends_at', '>', input.now).orderBy('ed.starts_at', 'asc'))
      .$if(input.when === 'past', (qb) => qb.where('ed.ends_at', '<=', input.now).orderBy('ed.starts_at', 'desc'))
      .orderBy('ci.sort_name')
      .orderBy('ci.id')
      .limit(input.limit)
      .execute()
    const ids = items.map((item) => item.id)
    return { items, details: await selectEventDetails(trx, ids), prices: await selectPublicPrices(trx, ids) }
  })
  const detailsByItem = new Map(details.map((row) => [row.itemId, row]))
  const language = input.language ?? 'en'
  return items.flatMap((item): WidgetEvent[] => {
    const detail = detailsByItem.get(item.id)
    if (!detail) return []
    const when = eventWhenOf(detail, tenant, language)
    const state = eventStateOf(detail, input.now)
    const itemPrices = prices.filter((price) => price.itemId === item.id).map((price) => priceOf(price, false, language))
    return [
      {
        name: item.name,
        url: `${input.origin}${eventHref(item.slug)}`,
        start: when.start,
        end: when.end,
        zoneText: when.zoneText,
        badge: dateBadge(detail.startsAt, detail.timeZone, language),
        placeText: detail.venueName ?? detail.city,
        priceText: input.when === 'past' ? '' : cardPriceText({ paymentType: item.payment_type }, itemPrices, language),
        stateText: input.when === 'past' ? null : state === 'open' ? placesLeftText(detail, language) : stateTextOf(state, language),
        image: item.image_key ? { src: `${input.origin}/uploads/${encodeURIComponent(item.image_key)}`, alt: item.alt_text?.trim() || item.name } : null,
      },
    ]
  })
}

function dateBadge(startsAt: Date, timeZone: string, language: Language): { month: string; day: string } {
  const locale = LANGUAGE_LOCALES[language]
  try {
    const parts = new Intl.DateTimeFormat(locale, { timeZone, month: 'short', day: 'numeric' }).formatToParts(startsAt)
    return { month: parts.find((part) => part.type === 'month')?.value ?? '', day: parts.find((part) => part.type === 'day')?.value ?? '' }
  } catch {
    // A zone the runtime does not know: UTC rather than no badge.
    return { month: startsAt.toLocaleString(locale, { timeZone: 'UTC', month: 'short' }), day: String(startsAt.getUTCDate()) }
  }
}
