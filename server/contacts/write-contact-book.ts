import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { Platform } from '#server/platform'

/**
 * Runs a write of the contact book (contacts, their tags, their custom field values) in one
 * tenant transaction and, once it has committed, says the book changed: the kept contacts
 * list and the pickers' search answers drop in every process. A refusal or a failure that
 * rolled back drops them too: that costs one fresh read, and the write audit, which counts
 * statements rather than rows, never sees a write go undeclared.
 */
export async function writeContactBook<T>(
  platform: Pick<Platform, 'database' | 'caches'>,
  tenantId: string,
  fn: (trx: TenantExecutor) => Promise<T>,
): Promise<T> {
  try {
    return await withTenant(platform.database, tenantId, fn)
  } finally {
    platform.caches.changed(tenantId, ['contacts'])
  }
}
