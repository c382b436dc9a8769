import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { isRole, type Role } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { parseContactGuid } from '#server/contacts/contact-guid'
import { contactFullName, displayName, USER_LIST_ROLES } from './staff-user'

const SIDEBAR_LIMIT = 500

export interface UserDetail {
  guid: string
  name: string
  email: string | null
  /** Null for a contact that has never had a role. */
  role: Role | null
  notifySales: boolean
  notifyContact: boolean
  notifyProduct: boolean
  isAccountLocked: boolean
  isTeacher: boolean
}

export interface UserDetailPage {
  user: UserDetail
  /** The 'Users List' sidebar: every staff user, by name. */
  users: { guid: string; name: string }[]
}

/**
 * The user detail screen for one contact of this tenant, by guid. Null when the guid is not a
 * contact of this tenant (another tenant's contacts are invisible here), which routes show as 404.
 */
export async function getUserDetail(options: {
  database: DatabaseHandle
  tenant: Tenant
  unverifiedGuid: unknown
}): Promise<UserDetailPage | null> {
  const guid = parseContactGuid(options.unverifiedGuid)
  if (!guid) return null
  return withTenant(options.database, options.tenant.id, async (trx) => {
    const row = await trx
      .selectFrom('contacts')
      .select([
        'guid',
        'email',
        'role',
        'notify_sales',
        'notify_contact',
        'notify_product',
        'is_account_locked',
        'is_teacher',
        contactFullName.as('full_name'),
      ])
      .where('guid', '=', guid)
      .executeTakeFirst()
    if (!row) return null
    const users = await trx
      .selectFrom('contacts')
      .select(['guid', 'email', contactFullName.as('full_name')])
      .where('role', 'in', USER_LIST_ROLES)
      .orderBy((eb) => eb.fn('lower', [contactFullName]))
      .orderBy('id')
      // A sidebar, not a report: staff lists are short, and this keeps a huge one bounded.
      .limit(SIDEBAR_LIMIT)
      .execute()
    return {
      user: {
        guid: row.guid,
        name: displayName(row.full_name, row.email),
        email: row.email,
        role: isRole(row.role) ? row.role : null,
        notifySales: row.notify_sales,
        notifyContact: row.notify_contact,
        notifyProduct: row.notify_product,
        isAccountLocked: row.is_account_locked,
        isTeacher: row.is_teacher,
      },
      users: users.map((user) => ({ guid: user.guid, name: displayName(user.full_name, user.email) })),
    }
  })
}
