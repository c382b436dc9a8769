import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'

export interface SupplierChoice {
  guid: string
  name: string
}

/** The tenant's live suppliers by name, for the merchandise editor's choice. */
export async function listSuppliers(trx: TenantExecutor): Promise<SupplierChoice[]> {
  return trx.selectFrom('item_suppliers').select(['guid', 'name']).where('is_archived', '=', false).orderBy(sql`lower(name)`).orderBy('id').limit(1000).execute()
}

/**
 * The supplier an item points at: a chosen one of this tenant (null when the guid is not one
 * of its live suppliers), or one added by name, reusing a supplier of the same name (the
 * table keeps names unique per tenant, case aside).
 */
export async function resolveSupplier(
  trx: TenantExecutor,
  tenantId: string,
  supplier: { kind: 'existing'; guid: string } | { kind: 'new'; name: string },
): Promise<string | null> {
  if (supplier.kind === 'existing') {
    const row = await trx.selectFrom('item_suppliers').select('id').where('guid', '=', supplier.guid).where('is_archived', '=', false).executeTakeFirst()
    return row?.id ?? null
  }
  const same = await trx.selectFrom('item_suppliers').select('id').where(sql`lower(name)`, '=', supplier.name.toLowerCase()).executeTakeFirst()
  if (same) {
    await trx.updateTable('item_suppliers').set({ is_archived: false }).where('id', '=', same.id).execute()
    return same.id
  }
  const added = await trx.insertInto('item_suppliers').values({ tenant_id: tenantId, name: supplier.name }).returning('id').executeTakeFirstOrThrow()
  return added.id
}
