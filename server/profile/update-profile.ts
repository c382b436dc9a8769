import { withTenant } from '#db/tenant-scope'
import { err, ok, type Result } from '#server/errors/result'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import type { ProfileForm } from './profile-schema'

/**
 * Saves My Profile for the signed-in contact only: the id comes from the session, never from
 * the form, and row-level security keeps the write inside the tenant. not_found when the
 * contact is not in this tenant (a franchise's profile lives in its master organisation).
 */
export async function updateProfile(
  platform: Pick<Platform, 'database' | 'caches'>,
  tenant: Pick<Tenant, 'id'>,
  contactId: string,
  form: ProfileForm,
): Promise<Result<undefined, 'not_found'>> {
  const result = await withTenant(platform.database, tenant.id, (trx) =>
    trx
      .updateTable('contacts')
      .set({ first_name: form.firstName, last_name: form.lastName, phone: form.phone, updated_at: new Date() })
      .where('id', '=', contactId)
      .executeTakeFirst(),
  )
  if (result.numUpdatedRows === 0n) return err('not_found')
  platform.caches.changed(tenant.id, ['contacts'])
  return ok()
}
