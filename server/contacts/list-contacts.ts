import { sql, type ExpressionBuilder, type Expression, type SqlBool } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { Database } from '#db/types'
import type { Tenant } from '#server/tenancy/tenant'
import { contactSearchCondition } from './contact-search-condition'
import { CONTACT_STATUSES, isFiltered, type ContactListFilter, type ContactSort, type ContactStatus } from './contact-list-filter'
import { distinctContactLabels, type ContactLabelColumn } from './distinct-contact-labels'
import { CONTACT_STATUS_COLUMN as STATUS_COLUMN } from '#db/tables/contacts'
import { listContactCustomFields } from './contact-field-values'
import { customFieldCondition } from './custom-field-condition'
import { resolveCustomFieldFilter, type CustomFieldFilterField, type CustomFieldFilterOutcome, type CustomFieldMatch } from './custom-field-filter'
import { contactPictureUrl } from './profile/contact-picture-url'

/** One row of the contacts list. */
export interface ContactListItem {
  guId: string
  firstName: string
  lastName: string
  email: string | null
  phone: string | null
  /** The list-sized picture's address; null shows the initials. */
  pictureUrl: string | null
  statuses: ContactStatus[]
  isWalkIn: boolean
  /** Minor units of the tenant's currency. */
  balanceMinor: number
  createdAt: Date
  updatedAt: Date
}

/** Totals over the whole book (archived contacts aside), whatever the filter. */
export interface ContactListStats {
  total: number
  byStatus: Record<ContactStatus, number>
  newThisMonth: number
}

export interface ContactListOptions {
  tags: Array<{ id: string; name: string }>
  categories: string[]
  salesStages: string[]
  accountStages: string[]
  /** The tenant's custom fields (headers aside), by name, for the custom field filter. */
  customFields: Array<Omit<CustomFieldFilterField, 'id'>>
}

export interface ContactListPage {
  items: ContactListItem[]
  /** Contacts matching the filter, over every page. */
  total: number
  /** The page shown, after clamping a page number past the last one. */
  page: number
  pageCount: number
  stats: ContactListStats
  options: ContactListOptions
  /** The custom field condition as read against the tenant's fields: applied, not understood, or none. */
  customField: CustomFieldFilterOutcome
}

const SORT_COLUMN = {
  name: 'sort_name',
  created: 'created_at',
  updated: 'updated_at',
  balance: 'balance_minor',
} as const satisfies Record<ContactSort, string>

const LABEL_FILTERS: Array<[keyof Pick<ContactListFilter, 'category' | 'salesStage' | 'accountStage'>, ContactLabelColumn]> = [
  ['category', 'category'],
  ['salesStage', 'sales_stage'],
  ['accountStage', 'account_stage'],
]

type ContactsBuilder = ExpressionBuilder<Database, 'contacts'>

/** Up to this many matches a search is gathered first and sorted after (see listContacts). */
const FEW_MATCHES = 10_000

/**
 * Every condition of the filter, archived contacts always left out (the bulk actions select with
 * it too). The custom field condition comes read against the tenant's fields
 * (resolveCustomFieldFilter), since what its value means depends on the field's type.
 */
export function contactListMatches(filter: ContactListFilter, timeZone: string, customField: CustomFieldMatch | null) {
  return (eb: ContactsBuilder): Expression<SqlBool> => {
    const conditions: Expression<SqlBool>[] = [eb('is_archived', '=', false)]
    if (filter.search) conditions.push(contactSearchCondition(filter.search))
    if (filter.statuses.length > 0) conditions.push(eb.or(filter.statuses.map((status) => eb(STATUS_COLUMN[status], '=', true))))
    if (filter.tagIds.length > 0) {
      conditions.push(
        eb.exists(
          eb.selectFrom('contact_tags').select(sql`1`.as('one')).whereRef('contact_tags.contact_id', '=', 'contacts.id').where('contact_tags.tag_id', 'in', filter.tagIds),
        ),
      )
    }
    for (const [field, column] of LABEL_FILTERS) {
      const value = filter[field]
      if (value !== null) conditions.push(eb(column, '=', value))
    }
    if (filter.walkInOnly) conditions.push(eb('is_walk_in', '=', true))
    // Days are the tenant's calendar days: 'joined on the 1st' means the 1st where the studio is.
    if (filter.joinedFrom) conditions.push(sql<SqlBool>`created_at >= (${filter.joinedFrom}::date::timestamp at time zone ${timeZone})`)
    if (filter.joinedTo) conditions.push(sql<SqlBool>`created_at < ((${filter.joinedTo}::date + 1)::timestamp at time zone ${timeZone})`)
    if (customField) conditions.push(customFieldCondition(customField)(eb))
    return eb.and(conditions)
  }
}

/**
 * One page of the tenant's contacts: filtered, searched and sorted in Postgres (ties broken by
 * id, so paging never repeats or skips anyone), with the number of matches, the book's stats
 * and the values the filter form offers.
 */
export async function listContacts(input: { database: DatabaseHandle; tenant: Tenant; filter: ContactListFilter }): Promise<ContactListPage> {
  const { tenant, filter } = input
  const timeZone = tenant.settings.timezone
  return withTenant(input.database, tenant.id, async (trx) => {
    const fields = await listContactCustomFields(trx)
    const customField = resolveCustomFieldFilter(fields, tenant.id, filter.customField)
    const where = contactListMatches(filter, timeZone, customField.match)
    const { stats, options } = await loadSummary(trx, timeZone)
    const count = await countMatches(trx, filter, stats, where)
    const pageCount = Math.max(1, Math.ceil(count / filter.pageSize))
    const page = Math.min(filter.page, pageCount)
    const column = SORT_COLUMN[filter.sort]
    const columns = ['id', 'guid', 'first_name', 'last_name', 'email', 'phone', 'is_walk_in', 'balance_minor', 'created_at', 'updated_at', 'sort_name', 'picture_key', ...Object.values(STATUS_COLUMN)] as const
    const offset = (page - 1) * filter.pageSize
    // A search or a custom field value that matches few contacts is collected through their
    // indexes and then sorted; left to itself the planner would rather walk the sort index and
    // test every contact until a page is full, slow when the matches sort late.
    const rows =
      (filter.search || customField.match) && count <= FEW_MATCHES
        ? await trx
            .with((wb) => wb('matched').materialized(), (db) => db.selectFrom('contacts').select(columns).where(where))
            .selectFrom('matched')
            .selectAll()
            .orderBy(column, filter.direction)
            .orderBy('id', filter.direction)
            .limit(filter.pageSize)
            .offset(offset)
            .execute()
        : await trx
            .selectFrom('contacts')
            .select(columns)
            .where(where)
            .orderBy(column, filter.direction)
            .orderBy('id', filter.direction)
            .limit(filter.pageSize)
            .offset(offset)
            .execute()
    return {
      items: rows.map((row) => ({
        guId: row.guid,
        firstName: row.first_name,
        lastName: row.last_name,
        email: row.email,
        phone: row.phone,
        pictureUrl: contactPictureUrl(row.picture_key, 'list'),
        statuses: CONTACT_STATUSES.filter((status) => row[STATUS_COLUMN[status]]),
        isWalkIn: row.is_walk_in,
        balanceMinor: Number(row.balance_minor),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      })),
      total: count,
      page,
      pageCount,
      stats,
      options: { ...options, customFields: fields.map(({ guId, name, type, options: choices }) => ({ guId, name, type, options: choices })) },
      customField,
    }
  })
}

/**
 * The stats and the filter form's choices in one round trip: the totals kept by triggers in
 * contact_counts (migration contact-list-speed), new this month by an index-only count, the tags,
 * and the label values by loose index scans.
 */
async function loadSummary(trx: TenantExecutor, timeZone: string): Promise<{ stats: ContactListStats; options: Omit<ContactListOptions, 'customFields'> }> {
  const counts = sql.raw(['total', ...CONTACT_STATUSES].map((column) => `'${column}', ${column}`).join(', '))
  const row = await sql<{
    counts: Record<string, string | number> | null
    new_this_month: string | number
    tags: Array<{ id: string; name: string }>
    categories: string[]
    sales_stages: string[]
    account_stages: string[]
  }>`select
      (select json_build_object(${counts}) from contact_counts) as counts,
      (select count(*) from contacts where not is_archived
        and created_at >= (date_trunc('month', now() at time zone ${timeZone}) at time zone ${timeZone})) as new_this_month,
      (select coalesce(json_agg(json_build_object('id', id, 'name', name) order by lower(name)), '[]'::json) from tags) as tags,
      ${distinctContactLabels('category')} as categories,
      ${distinctContactLabels('sales_stage')} as sales_stages,
      ${distinctContactLabels('account_stage')} as account_stages`.execute(trx)
  const summary = row.rows[0]
  const counted = (column: string) => Number(summary?.counts?.[column] ?? 0)
  return {
    stats: {
      total: counted('total'),
      byStatus: Object.fromEntries(CONTACT_STATUSES.map((status) => [status, counted(status)])) as Record<ContactStatus, number>,
      newThisMonth: Number(summary?.new_this_month ?? 0),
    },
    options: {
      tags: summary?.tags ?? [],
      categories: summary?.categories ?? [],
      salesStages: summary?.sales_stages ?? [],
      accountStages: summary?.account_stages ?? [],
    },
  }
}

/**
 * The number of matches. The whole book and a single status are the stats' own totals; any
 * other filter is counted.
 */
async function countMatches(trx: TenantExecutor, filter: ContactListFilter, stats: ContactListStats, where: (eb: ContactsBuilder) => Expression<SqlBool>): Promise<number> {
  const onlyStatuses = !isFiltered({ ...filter, statuses: [] })
  if (onlyStatuses && filter.statuses.length === 0) return stats.total
  if (onlyStatuses && filter.statuses.length === 1) return stats.byStatus[filter.statuses[0]]
  const row = await trx.selectFrom('contacts').select((eb) => eb.fn.countAll<string | number>().as('total')).where(where).executeTakeFirstOrThrow()
  return Number(row.total)
}
