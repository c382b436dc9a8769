import { sql } from 'kysely'
import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { imageVariantUrl } from '#server/files/image-variant-names'
import type { EditedItemKind } from './item-kinds'
import type { ItemListQuery } from './item-list-query'
import { COVER_VARIANT_THUMB } from './cover-variants'
import { containsPattern } from '#server/text/like-pattern'

export interface ItemListRow {
  guid: string
  name: string
  slug: string
  isPublished: boolean
  isArchived: boolean
  paymentType: string
  stockQuantity: number | null
  /** The lowest price of its live price options, minor units; null without any. */
  fromPriceMinor: number | null
  priceOptionCount: number
  coverUrl: string | null
  updatedAt: Date
  /** A donation campaign's goal, minor units; null without one or for other kinds. */
  goalMinor: number | null
  /** How many products a bundle holds, counting quantities; 0 for other kinds. */
  bundleQuantity: number
}

export interface ItemListPage {
  rows: ItemListRow[]
  total: number
}


/**
 * One page of a tenant's items of one kind, by folded name (the catalog_items_list index):
 * archived items only when asked, a search matched on the folded name anywhere in it.
 */
export async function listItems(platform: Pick<Platform, 'database'>, tenant: Pick<Tenant, 'id'>, kind: EditedItemKind, query: ItemListQuery): Promise<ItemListPage> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    let base = trx.selectFrom('catalog_items').where('catalog_items.kind', '=', kind)
    if (!query.isShowArchived) base = base.where('catalog_items.is_archived', '=', false)
    if (query.search) base = base.where(sql<boolean>`catalog_items.sort_name like search_fold(${containsPattern(query.search)})`)
    const counted = await base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst()
    const rows = await base
      .select([
        'catalog_items.guid',
        'catalog_items.name',
        'catalog_items.slug',
        'catalog_items.is_published',
        'catalog_items.is_archived',
        'catalog_items.payment_type',
        'catalog_items.stock_quantity',
        'catalog_items.updated_at',
      ])
      .select((eb) => [
        eb
          .selectFrom('item_price_options')
          .whereRef('item_price_options.item_id', '=', 'catalog_items.id')
          .where('item_price_options.is_archived', '=', false)
          .select((sub) => sub.fn.min<number>('item_price_options.price_minor').as('v'))
          .as('from_price'),
        eb
          .selectFrom('item_price_options')
          .whereRef('item_price_options.item_id', '=', 'catalog_items.id')
          .where('item_price_options.is_archived', '=', false)
          .select((sub) => sub.fn.countAll<string>().as('v'))
          .as('option_count'),
        eb
          .selectFrom('item_images')
          .whereRef('item_images.item_id', '=', 'catalog_items.id')
          .where('item_images.is_cover', '=', true)
          .select('item_images.image_key')
          .limit(1)
          .as('cover_key'),
        eb.selectFrom('donation_details').whereRef('donation_details.item_id', '=', 'catalog_items.id').select('donation_details.goal_minor').as('goal_minor'),
        eb
          .selectFrom('bundle_items')
          .whereRef('bundle_items.bundle_id', '=', 'catalog_items.id')
          .select((sub) => sub.fn.sum<string>('bundle_items.quantity').as('v'))
          .as('bundle_quantity'),
      ])
      .orderBy('catalog_items.sort_name')
      .orderBy('catalog_items.id')
      .offset(query.start)
      .limit(query.max)
      .execute()
    return {
      total: Number(counted?.total ?? 0),
      rows: rows.map((row) => ({
        guid: row.guid,
        name: row.name,
        slug: row.slug,
        isPublished: row.is_published,
        isArchived: row.is_archived,
        paymentType: row.payment_type,
        stockQuantity: row.stock_quantity,
        fromPriceMinor: row.from_price === null ? null : Number(row.from_price),
        priceOptionCount: Number(row.option_count ?? 0),
        coverUrl: imageVariantUrl(row.cover_key, COVER_VARIANT_THUMB),
        updatedAt: new Date(row.updated_at),
        goalMinor: row.goal_minor === null || row.goal_minor === undefined ? null : Number(row.goal_minor),
        bundleQuantity: Number(row.bundle_quantity ?? 0),
      })),
    }
  })
}
