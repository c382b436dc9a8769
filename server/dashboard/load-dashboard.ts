import { sql } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { formatInZone } from '#server/dates/tenant-dates'
import { resolveTimeZone } from '#server/dates/time-zone'
import { ROLE_STUDENT, STAFF_ROLES } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'

export type RecentContact = { guid: string; name: string; email: string | null; role: string | null; createdAt: string }
export type RecentSubmission = { id: string; formName: string; name: string; createdAt: string }

export type Dashboard = {
  /** e.g. 'November 2026', the tenant's current month. */
  monthLabel: string
  contacts: { total: number; newThisMonth: number; students: number; staff: number }
  forms: { published: number; submissions: number; submissionsThisMonth: number }
  recentContacts: RecentContact[]
  recentSubmissions: RecentSubmission[]
  /** The most recent sign-in of anyone on the team, for "last activity". */
  lastStaffActivityAt: string | null
}

const RECENT_LIMIT = 5

/**
 * The staff dashboard's figures, counted in the database in one transaction under the
 * tenant's row-level security. "This month" is the tenant's calendar month in its own time
 * zone. Each capability adds its figures here as it lands (open invoices with invoicing).
 */
export async function loadDashboard(database: DatabaseHandle, tenant: Tenant, now: Date = new Date()): Promise<Dashboard> {
  // A zone the runtime does not know counts as UTC in these counts, as on every screen.
  const timeZone = resolveTimeZone(tenant.settings.timezone)
  const monthStart = sql<Date>`(date_trunc('month', ${now}::timestamptz at time zone ${timeZone}) at time zone ${timeZone})`

  return withTenant(database, tenant.id, async (trx) => {
    const contacts = await trx
      .selectFrom('contacts')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.countAll<string>().filterWhere(sql<boolean>`created_at >= ${monthStart}`).as('new_this_month'),
        eb.fn.countAll<string>().filterWhere('role', '=', ROLE_STUDENT).as('students'),
        eb.fn.countAll<string>().filterWhere('role', 'in', [...STAFF_ROLES]).as('staff'),
        eb.fn.max('last_login_at').filterWhere('role', 'in', [...STAFF_ROLES]).as('last_staff_login'),
      ])
      .executeTakeFirstOrThrow()

    const submissions = await trx
      .selectFrom('form_submissions')
      .select((eb) => [
        eb.fn.countAll<string>().as('total'),
        eb.fn.countAll<string>().filterWhere(sql<boolean>`created_at >= ${monthStart}`).as('this_month'),
      ])
      .executeTakeFirstOrThrow()

    const published = await trx
      .selectFrom('custom_forms')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('is_published', '=', true)
      .executeTakeFirstOrThrow()

    const recentContacts = await trx
      .selectFrom('contacts')
      .select(['guid', 'first_name', 'last_name', 'email', 'role', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(RECENT_LIMIT)
      .execute()

    const recentSubmissions = await trx
      .selectFrom('form_submissions')
      .select(['id', 'form_name', 'first_name', 'last_name', 'email', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(RECENT_LIMIT)
      .execute()

    return {
      monthLabel: formatInZone(now, { ...tenant.settings, timezone: timeZone }, 'monthYear'),
      contacts: {
        total: Number(contacts.total),
        newThisMonth: Number(contacts.new_this_month),
        students: Number(contacts.students),
        staff: Number(contacts.staff),
      },
      forms: {
        published: Number(published.count),
        submissions: Number(submissions.total),
        submissionsThisMonth: Number(submissions.this_month),
      },
      recentContacts: recentContacts.map((row) => ({
        guid: row.guid,
        name: `${row.first_name} ${row.last_name}`.trim() || row.email || 'Unnamed contact',
        email: row.email,
        role: row.role,
        createdAt: new Date(row.created_at).toISOString(),
      })),
      recentSubmissions: recentSubmissions.map((row) => ({
        id: row.id,
        formName: row.form_name,
        name: `${row.first_name} ${row.last_name}`.trim() || row.email || 'Anonymous',
        createdAt: new Date(row.created_at).toISOString(),
      })),
      lastStaffActivityAt: contacts.last_staff_login ? new Date(contacts.last_staff_login).toISOString() : null,
    }
  })
}

