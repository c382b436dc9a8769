import { sql } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import type { ScreenOverlay } from './overlay'

export async function readStoredOverlay(trx: TenantExecutor, screenKey: string): Promise<unknown | null> {
  const row = await trx.selectFrom('screen_overlays').select('overlay').where('screen_key', '=', screenKey).executeTakeFirst()
  return row ? row.overlay : null
}

/**
 * Writes (or, with null, removes) a tenant's overlay of one screen, and moves the tenant's
 * updated_at on in the same transaction: cached effective descriptors are stamped with it, so
 * every server process drops them once the tenant cache is invalidated.
 */
export async function writeOverlay(
  database: DatabaseHandle,
  tenant: Tenant,
  input: { screenKey: string; baseVersion: number; overlay: ScreenOverlay | null; actorContactId: string | null },
): Promise<void> {
  await withTenant(database, tenant.id, async (trx) => {
    if (input.overlay === null) {
      await trx.deleteFrom('screen_overlays').where('screen_key', '=', input.screenKey).execute()
    } else {
      const overlay = JSON.stringify(input.overlay)
      await trx
        .insertInto('screen_overlays')
        .values({
          tenant_id: tenant.id,
          screen_key: input.screenKey,
          base_version: input.baseVersion,
          overlay,
          updated_by: input.actorContactId,
        })
        .onConflict((oc) =>
          oc.columns(['tenant_id', 'screen_key']).doUpdateSet({
            overlay,
            base_version: input.baseVersion,
            updated_by: input.actorContactId,
            updated_at: sql`now()`,
          }),
        )
        .execute()
    }
    await trx.updateTable('tenants').set({ updated_at: sql`clock_timestamp()` }).where('id', '=', tenant.id).execute()
  })
}
