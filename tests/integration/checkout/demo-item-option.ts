import type { Transaction } from 'kysely'
import type { Database } from '#db/types'

/** A demo item's guid and one of its price options' guid, by the item's slug: what a cart line or the desk sale names. */
export function demoItemOption(trx: Transaction<Database>, tenantId: string, slug: string): Promise<{ item: string; option: string }> {
  return trx
    .selectFrom('catalog_items')
    .innerJoin('item_price_options', 'item_price_options.item_id', 'catalog_items.id')
    .select(['catalog_items.guid as item', 'item_price_options.guid as option'])
    .where('catalog_items.tenant_id', '=', tenantId)
    .where('catalog_items.slug', '=', slug)
    .executeTakeFirstOrThrow()
}
