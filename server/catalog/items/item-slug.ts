import type { TenantExecutor } from '#db/tenant-scope'
import { uniqueSeoSlug } from '#server/catalog/seo-slug'
import type { EditedItemKind } from './item-kinds'
import { pathSlug } from './item-form'

/**
 * The slug an item is saved with, unique per tenant and kind (decision 104): the slug staff
 * typed, refused (null) when another item of the kind has it; otherwise the item's slug as it
 * is, or for a new item (or one whose slug was cleared) the spec's slug of its name, numbered
 * 'name-2', 'name-3', ... past the ones taken.
 */
export async function chooseItemSlug(
  trx: TenantExecutor,
  options: { kind: EditedItemKind; itemId: string | null; currentSlug: string | null; typed: string | null; name: string; fallback: string },
): Promise<string | null> {
  let query = trx.selectFrom('catalog_items').select('slug').where('kind', '=', options.kind)
  if (options.itemId) query = query.where('id', '<>', options.itemId)
  if (options.typed !== null) {
    const clash = await query.where('slug', '=', options.typed).executeTakeFirst()
    return clash ? null : options.typed
  }
  if (options.currentSlug) return options.currentSlug
  const base = pathSlug(options.name) || options.fallback
  const taken = await query.where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)])).execute()
  return uniqueSeoSlug(base, new Set(taken.map((row) => row.slug)), options.fallback)
}
