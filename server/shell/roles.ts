export const ROLE_ADMIN = 'ROLE_ADMIN'
export const ROLE_STAFF = 'ROLE_STAFF'
export const ROLE_FRONTDESK = 'ROLE_FRONTDESK'
export const ROLE_STUDENT = 'ROLE_STUDENT'

export const ROLES = [ROLE_ADMIN, ROLE_STAFF, ROLE_FRONTDESK, ROLE_STUDENT] as const
export type Role = (typeof ROLES)[number]

/** All three get the admin layout and navigation (spec 000 section 6). */
export const STAFF_ROLES = [ROLE_ADMIN, ROLE_STAFF, ROLE_FRONTDESK] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

// Role strings arrive from sessions and stored contacts, so every check accepts unknown input:
// "anyone else is public".
export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value)
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value)
}

export function isStudentRole(value: unknown): value is typeof ROLE_STUDENT {
  return value === ROLE_STUDENT
}

/**
 * The Users list shows "the role string without its first 5 characters", title-cased
 * (settings spec, Users list): ROLE_FRONTDESK reads 'Frontdesk'.
 */
export function roleTitle(role: string): string {
  return role
    .slice(5)
    .split(/\s+/)
    .filter((word) => word.length > 0)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ')
}

/** The user detail screen labels its role toggle differently from the list (settings spec). */
export const ROLE_LABELS: Readonly<Record<Role, string>> = {
  ROLE_ADMIN: 'Administrator',
  ROLE_STAFF: 'Staff',
  ROLE_FRONTDESK: 'FrontDesk',
  ROLE_STUDENT: 'Student',
}

export function roleLabel(role: Role): string {
  return ROLE_LABELS[role]
}
