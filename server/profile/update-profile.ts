import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { err, ok, type Result } from '#server/errors/result'
import type { Tenant } from '#server/tenancy/tenant'
import type { ProfileForm } from './profile-schema'

/**
 * Saves My Profile for the signed-in contact only: the id comes from the session, never from
 * the form, and row-level security keeps the write inside the tenant. not_found when the
 * contact is not in this tenant (a franchise's profile lives in its master organisation).
 */
export async function updateProfile(
  database: DatabaseHandle,
  tenant: Pick<Tenant, 'id'>,
  contactId: string,
  form: ProfileForm,
): Promise<Result<undefined, 'not_found'>> {
  const result = await withTenant(database, tenant.id, (trx) =>
    trx
      .updateTable('contacts')
      .set({ first_name: form.firstName, last_name: form.lastName, phone: form.phone, updated_at: new Date() })
      .where('id', '=', contactId)
      .executeTakeFirst(),
  )
  return result.numUpdatedRows > 0n ? ok() : err('not_found')
}
