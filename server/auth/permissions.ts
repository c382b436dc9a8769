import { ROLE_ADMIN, ROLE_FRONTDESK, ROLE_STAFF, type Role } from '#server/shell/roles'
import type { RolesSettings } from '#server/tenancy/tenant-settings'

/** The Roles-screen permissions (settings spec 6), by the name routes check them with. */
export const PERMISSIONS = ['manageClasses', 'showCourses', 'showContacts', 'showOffers'] as const
export type Permission = (typeof PERMISSIONS)[number]

const CARD_OF: Readonly<Record<Permission, keyof RolesSettings>> = {
  manageClasses: 'classes',
  showCourses: 'courses',
  showContacts: 'contacts',
  showOffers: 'offers',
}

/** Admins always may; Staff and FrontDesk as the tenant's Roles screen says; nobody else. */
export function hasPermission(roles: RolesSettings, role: Role | null, permission: Permission): boolean {
  if (role === ROLE_ADMIN) return true
  const grant = roles[CARD_OF[permission]]
  if (role === ROLE_STAFF) return grant.staff
  if (role === ROLE_FRONTDESK) return grant.frontDesk
  return false
}
