import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'

export interface PublishedFormLink {
  name: string
  guId: string
}

/** The tenant's published forms, by name: the public site's forms menu and forms page list them. */
export async function listPublishedForms(database: DatabaseHandle, tenant: Pick<Tenant, 'id'>): Promise<PublishedFormLink[]> {
  const rows = await withTenant(database, tenant.id, (trx) =>
    trx
      .selectFrom('custom_forms')
      .select(['name', 'guid'])
      .where('is_published', '=', true)
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('created_at')
      .execute(),
  )
  return rows.map((row) => ({ name: row.name, guId: row.guid }))
}
