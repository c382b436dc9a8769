import {
  adminNavigationFor,
  staffPermissionsFor,
  type AdminMenuFlags,
  type TenantRoleEntry,
} from '#server/shell/admin-navigation'
import { MODULE_NAMES, MODULES } from '#server/shell/modules'
import type { NavigationItem } from '#server/shell/navigation-item'
import { ROLE_ADMIN, ROLE_FRONTDESK, ROLE_STAFF, type StaffRole } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import type { TenantSettings } from '#server/tenancy/tenant-settings'
import { isStaffPathAvailable } from './available-paths'

export function adminMenuFlagsOf(settings: TenantSettings): AdminMenuFlags {
  return Object.fromEntries(MODULE_NAMES.map((name) => [MODULES[name].flag, settings[MODULES[name].flag]])) as AdminMenuFlags
}

/** The Roles screen stores one card per screen; the menu rule reads one entry per role. */
export function tenantRoleEntriesOf(roles: TenantSettings['roles']): TenantRoleEntry[] {
  return [
    {
      role: ROLE_STAFF,
      isAllowCreateClasses: roles.classes.staff,
      isShowCourse: roles.courses.staff,
      isShowContactsList: roles.contacts.staff,
      isShowOffers: roles.offers.staff,
    },
    {
      role: ROLE_FRONTDESK,
      isAllowCreateClasses: roles.classes.frontDesk,
      isShowCourse: roles.courses.frontDesk,
      isShowContactsList: roles.contacts.frontDesk,
      isShowOffers: roles.offers.frontDesk,
    },
  ]
}

/**
 * Screens whose guard admits admins only. The spec leaves settings access open; the settings
 * area is guarded by requireAdmin, so Staff and FrontDesk are not offered a link that would
 * only answer 403.
 */
export const ADMIN_ONLY_PATHS: ReadonlySet<string> = new Set(['/settings'])

/**
 * The staff menu of this tenant for this role: tenant flags, master-only items, Roles-screen
 * permissions, and only screens that exist (and that this role may open). Read from the
 * resolved tenant on every request, so a flag switched off in settings removes its item on
 * the next page.
 */
export function adminMenuFor(input: {
  tenant: Tenant
  role: StaffRole
  helpUrl?: string | null
  /** Which screens exist; the product's list unless a caller (a test) says otherwise. */
  isAvailable?: (url: string) => boolean
}): NavigationItem[] {
  const { tenant, role } = input
  const exists = input.isAvailable ?? isStaffPathAvailable
  return adminNavigationFor({
    flags: adminMenuFlagsOf(tenant.settings),
    isMaster: tenant.isMaster,
    permissions: staffPermissionsFor(role, tenantRoleEntriesOf(tenant.settings.roles)),
    helpUrl: input.helpUrl ?? null,
    isAvailable: (url) => exists(url) && (role === ROLE_ADMIN || !ADMIN_ONLY_PATHS.has(url)),
  })
}
