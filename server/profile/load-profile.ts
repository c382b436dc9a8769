import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { contactPictureUrl } from '#server/contacts/profile/contact-picture-url'
import type { Tenant } from '#server/tenancy/tenant'

export type Profile = {
  /** The person's own contact guid: the picture form changes this contact and no other. */
  guId: string
  firstName: string
  lastName: string
  email: string
  isEmailVerified: boolean
  phone: string
  role: string | null
  pictureUrl: string | null
}

/** The signed-in contact's own details, read under the tenant's row-level security. */
export async function loadProfile(database: DatabaseHandle, tenant: Pick<Tenant, 'id'>, contactId: string): Promise<Profile | null> {
  const row = await withTenant(database, tenant.id, (trx) =>
    trx
      .selectFrom('contacts')
      .select(['guid', 'first_name', 'last_name', 'email', 'is_email_verified', 'phone', 'role', 'picture_key'])
      .where('id', '=', contactId)
      .executeTakeFirst(),
  )
  if (!row) return null
  return {
    guId: row.guid,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email ?? '',
    isEmailVerified: row.is_email_verified,
    phone: row.phone ?? '',
    role: row.role,
    pictureUrl: contactPictureUrl(row.picture_key, 'profile'),
  }
}
