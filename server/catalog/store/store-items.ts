import { sql } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { CatalogItemKind, ItemPaymentType } from '#db/tables/catalog'
import { moneyText } from '#server/catalog/public/price-text'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import type { Tenant } from '#server/tenancy/tenant'

export interface StoreItem {
  id: string
  name: string
  kindText: string
  priceText: string
  /** 'Not counted' for merchandise without a count, null for kinds without stock. */
  stockText: string | null
  isOutOfStock: boolean
  /** How many have been taken (held, booked, enrolled, registered, sold). */
  taken: number
  isPublished: boolean
}

export interface StorePage {
  items: StoreItem[]
  /** More items than shown (the list keeps the first STORE_LIST_LIMIT by name). */
  isTruncated: boolean
}

export const STORE_LIST_LIMIT = 500

type Words = ReturnType<typeof tFor<'catalog'>>

const kindText = (t: Words, kind: CatalogItemKind): string => {
  switch (kind) {
    case 'course':
      return t('course_singular')
    case 'event':
      return t('event_singular')
    case 'membership':
      return t('membership_singular')
    default:
      return t(`store_kind_${kind}`)
  }
}

/**
 * The staff Store (/store): every item on sale (not archived) in one list by name, with its
 * price, stock and how many have been taken: memberships held, live class bookings, course
 * enrolments and event seats from the studio's records, and for merchandise, bundles and
 * donations the quantity on invoices that are not void.
 */
export async function loadStoreItems(database: DatabaseHandle, tenant: Tenant, language: Language = 'en'): Promise<StorePage> {
  const t = tFor(language, 'catalog')
  const rows = await withTenant(database, tenant.id, (trx) =>
    trx
      .selectFrom('catalog_items as item')
      .select(['item.id', 'item.name', 'item.kind', 'item.payment_type', 'item.stock_quantity', 'item.is_published'])
      .select((eb) => [
        eb.selectFrom('item_price_options as price').select((p) => p.fn.min<number>('price.price_minor').as('min')).whereRef('price.item_id', '=', 'item.id').where('price.is_archived', '=', false).as('min_price'),
        eb.selectFrom('item_price_options as price').select((p) => p.fn.max<number>('price.price_minor').as('max')).whereRef('price.item_id', '=', 'item.id').where('price.is_archived', '=', false).as('max_price'),
        eb.selectFrom('item_price_options as price').select('price.currency').whereRef('price.item_id', '=', 'item.id').where('price.is_archived', '=', false).limit(1).as('currency'),
        sql<number>`case item.kind
          when 'membership' then (select count(*) from contact_memberships held where held.item_id = item.id and held.status <> 'cancelled')
          when 'class' then (select count(*) from class_bookings booking join class_occurrences occurrence on occurrence.id = booking.occurrence_id
                             where occurrence.class_id = item.id and booking.status <> 'cancelled')
          when 'course' then (select count(*) from course_enrolments enrolment where enrolment.course_id = item.id and enrolment.status <> 'cancelled')
          when 'event' then (select coalesce(sum(registration.quantity), 0) from event_registrations registration where registration.event_id = item.id and registration.status <> 'cancelled')
          else (select coalesce(sum(line.quantity), 0) from invoice_lines line join invoices invoice on invoice.id = line.invoice_id
                where line.item_id = item.id and invoice.status <> 'void') end`.as('taken'),
      ])
      .where('item.is_archived', '=', false)
      .orderBy('item.sort_name')
      .orderBy('item.id')
      .limit(STORE_LIST_LIMIT + 1)
      .execute(),
  )
  const items = rows.slice(0, STORE_LIST_LIMIT).map((row): StoreItem => ({
    id: row.id,
    name: row.name,
    kindText: kindText(t, row.kind),
    priceText: priceText(t, language, row.payment_type, row.min_price, row.max_price, row.currency ?? tenant.settings.defaultCurrency),
    stockText: row.kind === 'product' ? (row.stock_quantity === null ? t('notCounted') : String(row.stock_quantity)) : null,
    isOutOfStock: row.kind === 'product' && row.stock_quantity === 0,
    taken: Number(row.taken),
    isPublished: row.is_published,
  }))
  return { items, isTruncated: rows.length > STORE_LIST_LIMIT }
}

function priceText(t: Words, language: Language, paymentType: ItemPaymentType, min: number | null, max: number | null, currency: string): string {
  if (paymentType === 'FREE') return t('payment_FREE')
  if (paymentType === 'EXTERNAL') return t('store_soldElsewhere')
  if (paymentType === 'DONATION') return t('payment_DONATION')
  if (min === null || max === null) return t('store_noPriceYet')
  if (min === max) return moneyText(min, currency, language)
  return `${moneyText(min, currency, language)} - ${moneyText(max, currency, language)}`
}
