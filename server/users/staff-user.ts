import { sql } from 'kysely'
import type { Role } from '#server/shell/roles'
import { STAFF_ROLES } from '#server/shell/roles'

/** Who the Users list shows: contacts with one of the back-office roles. */
export const USER_LIST_ROLES: readonly Role[] = STAFF_ROLES

/** A contact's display name: first and last name, or the email when both are empty. */
export const contactFullName = sql<string>`trim(both ' ' from concat_ws(' ', contacts.first_name, contacts.last_name))`

export function displayName(fullName: string, email: string | null): string {
  return fullName || email || '-'
}
