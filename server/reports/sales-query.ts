import { z } from 'zod'
import { parseSalesPeriod, type SalesPeriod } from './sales-period'
import { CARD_PROVIDERS, LEDGER_METHODS, type CardProvider, type SaleMethod } from './sales-words'

export const SALES_REPORT_PATH = '/reports/sales'
export const SALES_CSV_PATH = '/reports/sales.csv'

/** Spec 001's payments table: a sale's invoice name links to /reports/sales/{guId}. */
export function salePath(invoiceGuid: string): string {
  return `${SALES_REPORT_PATH}/${invoiceGuid}`
}

/** Where /reports/sales/{guId} sends staff: the invoice's own staff page. */
export function staffInvoicePath(invoiceGuid: string): string {
  return `/invoices/${invoiceGuid}`
}

/** Spec 001's payments table: page size 50, options 50, 100 and 150. */
export const SALES_PAGE_SIZES = [50, 100, 150] as const
export const DEFAULT_SALES_PAGE_SIZE = 50
/** Beyond this a page number is a typo, and a huge OFFSET would only make Postgres count. */
const MAX_PAGE = 10_000

/** What the report shows, as its address says it: the period, the filters and the page. */
export interface SalesReportQuery {
  period: SalesPeriod
  method: SaleMethod | null
  provider: CardProvider | null
  page: number
  pageSize: number
}

export interface ParsedSalesReportQuery {
  query: SalesReportQuery
  /** A message for staff when the period asked for could not be used. */
  problem: string | null
}

const lastValue = (params: URLSearchParams, name: string) =>
  params
    .getAll(name)
    .filter((value) => value.trim() !== '')
    .at(-1)
    ?.trim()

// A value that is not one of the choices is 'All' (or the first page, the default size): a filter
// select cannot send one, so only a hand-edited address has it, and the select then shows 'All'.
const filtersSchema = z.object({
  method: z.enum(LEDGER_METHODS).nullable().catch(null),
  provider: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(CARD_PROVIDERS))
    .nullable()
    .catch(null),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).catch(1),
  size: z.coerce
    .number()
    .int()
    .refine((value) => (SALES_PAGE_SIZES as readonly number[]).includes(value))
    .catch(DEFAULT_SALES_PAGE_SIZE),
})

/** Reads the report's address; `today` is the tenant's today ('YYYY-MM-DD'). Never throws. */
export function parseSalesReportQuery(params: URLSearchParams, today: string): ParsedSalesReportQuery {
  const { period, problem } = parseSalesPeriod(params, today)
  const filters = filtersSchema.parse({
    method: lastValue(params, 'method') ?? null,
    provider: lastValue(params, 'provider') ?? null,
    page: lastValue(params, 'page') ?? 1,
    size: lastValue(params, 'size') ?? DEFAULT_SALES_PAGE_SIZE,
  })
  return { query: { period, method: filters.method, provider: filters.provider, page: filters.page, pageSize: filters.size }, problem }
}

/**
 * The query as an address's search ('?period=last-month&method=cash'), with `changes` applied. A
 * named period is written by name, so a bookmarked 'This month' stays this month; the first page
 * and the default size are left out.
 */
export function salesReportSearch(query: SalesReportQuery, changes: Partial<SalesReportQuery> = {}, options: { paging?: boolean } = {}): string {
  const next = { ...query, ...changes }
  const params = new URLSearchParams()
  if (next.period.kind === 'custom') {
    params.set('from', next.period.from)
    params.set('to', next.period.to)
  } else {
    params.set('period', next.period.kind)
  }
  if (next.method) params.set('method', next.method)
  if (next.provider) params.set('provider', next.provider)
  if (options.paging !== false) {
    if (next.page > 1) params.set('page', String(next.page))
    if (next.pageSize !== DEFAULT_SALES_PAGE_SIZE) params.set('size', String(next.pageSize))
  }
  return `?${params.toString()}`
}
