import { sql, type Expression, type SqlBool } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { isRole, type Role } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { containsPattern } from '#server/text/like-pattern'
import type { ShownDate } from '#server/dates/tenant-dates'
import { shownDateIn } from '#server/dates/language-dates'
import { LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { contactFullName, displayName, USER_LIST_ROLES } from './staff-user'
import type { UsersListQuery, UsersSortColumn } from './users-list-query'

export interface StaffUserListRow {
  guid: string
  name: string
  email: string | null
  role: Role
  /** 'Admin', 'Staff', 'Frontdesk' ('Yönetici', 'Personel', 'Ön Büro'): the role in the page's language. */
  roleTitle: string
  isTeacher: boolean
  isAccountLocked: boolean
  /** In the organisation's time zone, and its date format in English (Turkish's own otherwise); null for someone who never signed in (shown as '-'). */
  lastLogin: ShownDate | null
}

export interface StaffUserList {
  rows: StaffUserListRow[]
  total: number
  /** The page shown, after clamping a page past the end to the last one. */
  page: number
  pageCount: number
  query: UsersListQuery
}

const sortExpressions: Record<UsersSortColumn, Expression<unknown>> = {
  name: sql`lower(${contactFullName})`,
  email: sql`lower(contacts.email)`,
  role: sql`contacts.role`,
  teacher: sql`contacts.is_teacher`,
  lastLogin: sql`contacts.last_login_at`,
}

/** One page of the tenant's staff users, filtered and sorted in the database. */
export async function listStaffUsers(options: {
  database: DatabaseHandle
  tenant: Tenant
  query: UsersListQuery
  /** The page's language, for the role names and last login dates. */
  language?: Language
}): Promise<StaffUserList> {
  const { tenant, query, language = 'en' } = options
  const t = tFor(language, 'settings')
  return withTenant(options.database, tenant.id, async (trx) => {
    let base = trx.selectFrom('contacts').where('contacts.role', 'in', USER_LIST_ROLES)
    if (query.q) {
      const pattern = containsPattern(query.q)
      const named = rolesNamed(query.q, language)
      base = base.where(({ or, eb }) =>
        or([
          eb(contactFullName, 'ilike', pattern),
          eb('contacts.email', 'ilike', pattern),
          eb(sql<string>`replace(contacts.role, 'ROLE_', '')`, 'ilike', pattern),
          ...(named.length > 0 ? [eb('contacts.role', 'in', named)] : []),
        ]) as Expression<SqlBool>,
      )
    }
    const { count } = await base.select((eb) => eb.fn.countAll<string | number>().as('count')).executeTakeFirstOrThrow()
    const total = Number(count)
    const pageCount = Math.max(1, Math.ceil(total / query.size))
    const page = Math.min(query.page, pageCount)
    const direction = sql.raw(query.dir === 'desc' ? 'desc' : 'asc')
    const rows = await base
      .select([
        'contacts.guid',
        'contacts.email',
        'contacts.role',
        'contacts.is_teacher',
        'contacts.is_account_locked',
        'contacts.last_login_at',
        contactFullName.as('full_name'),
      ])
      .orderBy(sql`${sortExpressions[query.sort]} ${direction} nulls last`)
      .orderBy('contacts.id')
      .limit(query.size)
      .offset((page - 1) * query.size)
      .execute()
    return {
      total,
      page,
      pageCount,
      query: { ...query, page },
      rows: rows.flatMap((row) =>
        isRole(row.role)
          ? [
              {
                guid: row.guid,
                name: displayName(row.full_name, row.email),
                email: row.email,
                role: row.role,
                roleTitle: t(`users_role_${row.role}`),
                isTeacher: row.is_teacher,
                isAccountLocked: row.is_account_locked,
                lastLogin: shownDateIn(row.last_login_at, tenant.settings, 'dateTime', language),
              },
            ]
          : [],
      ),
    }
  })
}

/**
 * The roles whose name, as the list shows it in this language, contains the filter text: the
 * database only knows the codes, and 'yönetici' must find the admins on a Turkish page.
 */
function rolesNamed(text: string, language: Language): Role[] {
  const t = tFor(language, 'settings')
  const locale = LANGUAGE_LOCALES[language]
  const wanted = text.trim().toLocaleLowerCase(locale)
  if (!wanted) return []
  return USER_LIST_ROLES.filter((role) => t(`users_role_${role}`).toLocaleLowerCase(locale).includes(wanted))
}
