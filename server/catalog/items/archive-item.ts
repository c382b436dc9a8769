import { sql } from 'kysely'
import { writeCatalog } from '#server/catalog/write-catalog'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import type { EditedItemKind } from './item-kinds'

export const archivedMessage = (name: string) => `${name} is archived.`
export const unarchivedMessage = (name: string) => `${name} is restored.`

/**
 * Archives an item (off the lists and the public site, kept for invoices and history) or
 * brings it back; answers its name, or null when the tenant has no such item of the kind.
 * An archived item is unpublished too, so bringing it back never puts it on sale by surprise.
 */
export async function setItemArchived(
  platform: Pick<Platform, 'database' | 'caches'>,
  tenant: Pick<Tenant, 'id'>,
  kind: EditedItemKind,
  guid: string,
  archived: boolean,
): Promise<string | null> {
  return writeCatalog(platform, tenant.id, async (trx) => {
    const row = await trx
      .updateTable('catalog_items')
      .set(archived ? { is_archived: true, is_published: false, updated_at: sql`now()` } : { is_archived: false, updated_at: sql`now()` })
      .where('guid', '=', guid)
      .where('kind', '=', kind)
      .returning('name')
      .executeTakeFirst()
    return row?.name ?? null
  })
}
