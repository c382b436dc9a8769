import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { dateInputValue } from './local-time'

/** The tenant's "today": the local date in its zone, 'YYYY-MM-DD'. */
export function tenantToday(platform: Pick<Platform, 'clock'>, tenant: Tenant): string {
  return dateInputValue(platform.clock.now(), tenant.settings.timezone)
}
