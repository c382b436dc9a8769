import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { InvoiceSource, InvoiceStatus } from '#db/tables/checkout'
import type { Database } from '#db/types'
import { moneyText } from '#server/catalog/public/price-text'
import { invoiceNumberText } from '#server/checkout/order-view'
import { dateInLanguage, dayInLanguage } from '#server/dates/language-dates'
import { LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { tenantQueryMemo } from '#server/tenancy/tenant-query-memo'
import { containsPattern } from '#server/text/like-pattern'
import { awaitsPayment, OPEN_INVOICE_STATUSES } from '#server/payments/payable-invoice'
import type { InvoiceReportQuery, InvoiceSort, InvoiceStatusFilter } from './invoice-report-query'
import { invoiceStatusText, type InvoiceStatusWord } from './invoice-status-text'

export interface InvoiceReportRow {
  guid: string
  numberText: string
  contactName: string
  contactGuid: string
  email: string
  itemsText: string
  dateText: string
  dueText: string | null
  isOverdue: boolean
  totalText: string
  balanceText: string
  statusText: InvoiceStatusWord
  status: InvoiceStatus
  source: InvoiceSource
  isArchived: boolean
}

export interface InvoiceReportTotals {
  count: number
  /** The count as the page's language writes numbers. */
  countText: string
  totalText: string
  paidText: string
  balanceText: string
  refundedText: string
}

export interface InvoiceReportPage {
  rows: InvoiceReportRow[]
  totals: InvoiceReportTotals
  /** The offset shown, after clamping one past the last page. */
  offset: number
}

type InvoiceScope = ExpressionBuilder<Database, 'invoices'>

function statusCondition(eb: InvoiceScope, status: InvoiceStatusFilter, today: string): Expression<SqlBool> | null {
  switch (status) {
    case 'all':
      return null
    case 'pending':
      return eb.and([eb('invoices.status', '=', 'pending'), eb('invoices.paid_minor', '=', 0)])
    case 'partial':
      return eb.and([eb('invoices.status', 'in', ['pending', 'unpaid']), eb('invoices.paid_minor', '>', 0)])
    case 'complete':
      return eb('invoices.status', '=', 'paid')
    case 'reminder':
      return eb.and([eb('invoices.status', 'in', OPEN_INVOICE_STATUSES), eb('invoices.due_on', '<', today)])
    default:
      return eb('invoices.status', '=', status)
  }
}

/** Number ('42', '#0042'), the buyer's name or email, or an item on the invoice; accents and case aside. */
function searchCondition(eb: InvoiceScope, search: string): Expression<SqlBool> | null {
  if (!search) return null
  const digits = /^#?\s*(\d{1,9})$/.exec(search)
  const pattern = sql`search_fold(${containsPattern(search)})`
  // Both stored folded columns on trigram indexes (migrations invoice-payments, invoice-line-search): the lines' match is read once, not per invoice.
  const words: Array<Expression<SqlBool>> = [
    sql<SqlBool>`invoices.search_text like ${pattern}`,
    eb(
      'invoices.id',
      'in',
      eb
        .selectFrom('invoice_lines')
        .select('invoice_lines.invoice_id')
        .where(sql<SqlBool>`invoice_lines.search_text like ${pattern}`),
    ),
  ]
  if (digits) words.unshift(eb('invoices.number', '=', Number(digits[1])))
  return eb.or(words)
}

const SORT_COLUMNS: Record<
  InvoiceSort,
  Array<'invoices.created_at' | 'invoices.number' | 'invoices.due_on' | 'invoices.total_minor' | 'invoices.balance_minor' | 'invoices.last_name' | 'invoices.first_name'>
> = {
  created: ['invoices.created_at', 'invoices.number'],
  number: ['invoices.number'],
  due: ['invoices.due_on', 'invoices.number'],
  total: ['invoices.total_minor', 'invoices.number'],
  balance: ['invoices.balance_minor', 'invoices.number'],
  contact: ['invoices.last_name', 'invoices.first_name', 'invoices.number'],
}

/** The ORDER BY terms of the report's sort (the order is 'asc' or 'desc', checked by the query's schema). */
function reportOrder(query: InvoiceReportQuery): Array<RawBuilder<unknown>> {
  const direction = sql.raw(query.order === 'asc' ? 'asc' : 'desc')
  return SORT_COLUMNS[query.sort].map((column) => (column === 'invoices.due_on' ? sql`invoices.due_on ${direction} nulls last` : sql`${sql.ref(column)} ${direction}`))
}

interface FilterSums {
  count: number
  total: number
  paid: number
  balance: number
  refunded: number
}

/**
 * The totals of a filter are the costly part of the report (every matching invoice summed), and
 * paging, sorting and coming back ask for the same ones again: kept per tenant and filter until
 * an invoice changes (decision 122), and for a minute at most, since overdue moves with the day.
 */
const SUMS_MEMO = { tags: ['invoices'], ttlMs: 60_000, maxEntries: 5_000 } as const

function filterOf(trx: TenantExecutor, query: InvoiceReportQuery, today: string) {
  return trx.selectFrom('invoices').where((eb) => {
    const conditions = [statusCondition(eb, query.status, today), searchCondition(eb, query.search), query.showArchive ? null : eb('invoices.is_archived', '=', false)]
    return eb.and(conditions.filter((condition): condition is Expression<SqlBool> => condition !== null))
  })
}

async function sumFilter(platform: Pick<Platform, 'database'>, tenant: Tenant, query: InvoiceReportQuery, today: string): Promise<FilterSums> {
  const sums = await withTenant(platform.database, tenant.id, (trx) =>
    filterOf(trx, query, today)
      .select((eb) => [
        eb.fn.countAll<string>().as('count'),
        sql<string>`coalesce(sum(invoices.total_minor) filter (where invoices.status <> 'void'), 0)`.as('total'),
        sql<string>`coalesce(sum(invoices.paid_minor - invoices.refunded_minor), 0)`.as('paid'),
        sql<string>`coalesce(sum(invoices.balance_minor) filter (where invoices.status in (${sql.join([...OPEN_INVOICE_STATUSES])})), 0)`.as('balance'),
        sql<string>`coalesce(sum(invoices.refunded_minor), 0)`.as('refunded'),
      ])
      .executeTakeFirstOrThrow(),
  )
  return { count: Number(sums.count), total: Number(sums.total), paid: Number(sums.paid), balance: Number(sums.balance), refunded: Number(sums.refunded) }
}

/**
 * The invoice report (the spec's ireport): one page of the tenant's invoices for the filter,
 * and the totals of every invoice the filter matches. Archived invoices are left out unless
 * asked for. Money sums are over the tenant's one currency.
 */
export async function loadInvoiceReport(platform: Pick<Platform, 'database' | 'tenants'>, tenant: Tenant, query: InvoiceReportQuery, today: string, language: Language = 'en'): Promise<InvoiceReportPage> {
  const memo = tenantQueryMemo<FilterSums>(platform.tenants, 'invoice-report-sums', { ...SUMS_MEMO, tags: [...SUMS_MEMO.tags] })
  const sums = await memo.get(tenant.id, JSON.stringify([query.status, query.search, query.showArchive, today]), () => sumFilter(platform, tenant, query, today))
  return withTenant(platform.database, tenant.id, async (trx) => {
    const count = sums.count
    const offset = query.offset < count ? query.offset : Math.max(0, Math.floor((count - 1) / query.max) * query.max)
    // The page's ids first: Postgres works out a row's line names before it skips the row for
    // the offset, so a page deep in the list would read the lines of every invoice before it.
    let pageIds = filterOf(trx, query, today).select('invoices.id')
    for (const term of reportOrder(query)) pageIds = pageIds.orderBy(term)
    const ids = pageIds.limit(query.max).offset(offset)
    let page = trx
      .selectFrom('invoices')
      .where('invoices.id', 'in', ids)
      .innerJoin('contacts', 'contacts.id', 'invoices.contact_id')
      .select([
        'invoices.guid',
        'invoices.number',
        'invoices.first_name',
        'invoices.last_name',
        'invoices.email',
        'invoices.created_at',
        'invoices.due_on',
        'invoices.total_minor',
        'invoices.balance_minor',
        'invoices.paid_minor',
        'invoices.status',
        'invoices.source',
        'invoices.currency',
        'invoices.is_archived',
        'contacts.guid as contact_guid',
      ])
      .select(() => [
        sql<string>`(select string_agg(item_name, ', ' order by sequence) from (select item_name, sequence from invoice_lines where invoice_lines.invoice_id = invoices.id order by sequence limit 3) first_lines)`.as(
          'items',
        ),
        sql<number>`(select count(*)::int from invoice_lines where invoice_lines.invoice_id = invoices.id)`.as('line_count'),
      ])
    for (const term of reportOrder(query)) page = page.orderBy(term)
    const rows = await page.execute()
    const t = tFor(language, 'billing')
    const money = (minor: string | number | bigint, currency = tenant.settings.defaultCurrency) => moneyText(Number(minor), currency, language)
    return {
      offset,
      totals: { count, countText: count.toLocaleString(LANGUAGE_LOCALES[language]), totalText: money(sums.total), paidText: money(sums.paid), balanceText: money(sums.balance), refundedText: money(sums.refunded) },
      rows: rows.map((row) => {
        const isOpen = awaitsPayment(row.status)
        const more = row.line_count > 3 ? ` ${t('invoiceMoreItems', { count: row.line_count - 3 })}` : ''
        return {
          guid: row.guid,
          numberText: invoiceNumberText(row.number),
          contactName: `${row.first_name} ${row.last_name}`.trim(),
          contactGuid: row.contact_guid,
          email: row.email,
          itemsText: `${row.items ?? ''}${more}`,
          dateText: dateInLanguage(row.created_at, tenant.settings, 'date', language),
          dueText: row.due_on ? dayInLanguage(row.due_on, tenant.settings, language) : null,
          isOverdue: isOpen && row.due_on !== null && row.due_on < today,
          totalText: money(row.total_minor, row.currency),
          balanceText: money(row.balance_minor, row.currency),
          statusText: invoiceStatusText({ status: row.status, paidMinor: Number(row.paid_minor) }),
          status: row.status,
          source: row.source,
          isArchived: row.is_archived,
        }
      }),
    }
  })
}
