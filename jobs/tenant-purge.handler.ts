import { purgeArchivedTenants } from '#server/franchises/archived-franchises'
import type { tenantPurgeJob } from './tenant-purge'
import type { JobHandler } from './runtime/registry'

export const handleTenantPurge: JobHandler<typeof tenantPurgeJob> = async (_payload, platform) => {
  const purged = await purgeArchivedTenants(platform, platform.clock.now())
  if (purged > 0) platform.logger.info({ purgedTenants: purged }, 'tenants archived more than 30 days ago were purged')
}
