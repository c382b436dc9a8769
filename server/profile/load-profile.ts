import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'

export type Profile = {
  firstName: string
  lastName: string
  email: string
  phone: string
  role: string | null
}

/** The signed-in contact's own details, read under the tenant's row-level security. */
export async function loadProfile(database: DatabaseHandle, tenant: Pick<Tenant, 'id'>, contactId: string): Promise<Profile | null> {
  const row = await withTenant(database, tenant.id, (trx) =>
    trx
      .selectFrom('contacts')
      .select(['first_name', 'last_name', 'email', 'phone', 'role'])
      .where('id', '=', contactId)
      .executeTakeFirst(),
  )
  if (!row) return null
  return { firstName: row.first_name, lastName: row.last_name, email: row.email ?? '', phone: row.phone ?? '', role: row.role }
}
