import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { CacheTag } from '#server/cache/cache-tags'
import type { Platform } from '#server/platform'

/**
 * Runs a write of the catalog (items, schedules, occurrences, bookings, rooms) in one tenant
 * transaction and, whatever the outcome, says the catalog changed: the kept public calendar and
 * item pages drop in every process. Bookings count too: a booking moves an occurrence's
 * booked_count through its trigger, and the calendar shows spots left. A write that also spends
 * or gives back a membership's sessions names 'memberships' in `alsoChanged`.
 */
export async function writeCatalog<T>(
  platform: Pick<Platform, 'database' | 'caches'>,
  tenantId: string,
  fn: (trx: TenantExecutor) => Promise<T>,
  alsoChanged: readonly CacheTag[] = [],
): Promise<T> {
  try {
    return await withTenant(platform.database, tenantId, fn)
  } finally {
    platform.caches.changed(tenantId, ['catalog', ...alsoChanged])
  }
}
