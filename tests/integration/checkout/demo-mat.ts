import { asSystem } from '#db/tenant-scope'
import type { DemoHttpApp } from '#tests/integration/http/demo-http-app'

export const MAT_SLUG = 'organic-cotton-yoga-mat'

/** The demo's yoga mat ($68.00, one price option): what the checkout tests buy, and its stock. */
export async function demoMat(app: Pick<DemoHttpApp, 'platform' | 'demo'>) {
  const mat = await asSystem(app.platform.database, 'test: the mat', (trx) =>
    trx
      .selectFrom('catalog_items')
      .innerJoin('item_price_options', 'item_price_options.item_id', 'catalog_items.id')
      .select(['catalog_items.guid', 'item_price_options.guid as option'])
      .where('catalog_items.tenant_id', '=', app.demo.id)
      .where('catalog_items.slug', '=', MAT_SLUG)
      .executeTakeFirstOrThrow(),
  )
  return {
    guid: mat.guid,
    option: mat.option,
    stock: () =>
      asSystem(app.platform.database, 'test: stock', (trx) => trx.selectFrom('catalog_items').select('stock_quantity').where('guid', '=', mat.guid).executeTakeFirstOrThrow()).then((row) => row.stock_quantity),
    setStock: async (quantity: number) => {
      await asSystem(app.platform.database, 'test: stock', (trx) => trx.updateTable('catalog_items').set({ stock_quantity: quantity }).where('guid', '=', mat.guid).execute())
      app.platform.caches.changed(app.demo.id, ['catalog'])
    },
  }
}
