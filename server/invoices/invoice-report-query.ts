import { z } from 'zod'

/** The report's status filter: the spec's payment statuses as staff read them, plus the states only staff see. */
export const INVOICE_STATUS_FILTERS = ['all', 'pending', 'partial', 'complete', 'failed', 'reminder', 'unpaid', 'void', 'refunded'] as const
export type InvoiceStatusFilter = (typeof INVOICE_STATUS_FILTERS)[number]

export const INVOICE_STATUS_FILTER_LABELS: Record<InvoiceStatusFilter, string> = {
  all: 'All statuses',
  pending: 'Pending',
  partial: 'Partial',
  complete: 'Complete',
  failed: 'Failed',
  reminder: 'Overdue',
  unpaid: 'On account',
  void: 'Void',
  refunded: 'Refunded',
}

export const INVOICE_SORTS = ['created', 'number', 'due', 'total', 'balance', 'contact'] as const
export type InvoiceSort = (typeof INVOICE_SORTS)[number]

export const INVOICE_PAGE_SIZES = [5, 50, 100, 150] as const
export const DEFAULT_INVOICE_PAGE_SIZE = 50

/**
 * The report's address parameters (the spec's ireport: offset, max, showArchive, sort, search,
 * order, and the status filter). Anything a person could type that does not fit falls back to
 * its default rather than failing: it is a list, not a form.
 */
const reportQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).catch(0),
  max: z.coerce
    .number()
    .int()
    .refine((value) => (INVOICE_PAGE_SIZES as readonly number[]).includes(value))
    .catch(DEFAULT_INVOICE_PAGE_SIZE),
  sort: z.enum(INVOICE_SORTS).catch('created'),
  order: z.enum(['asc', 'desc']).catch('desc'),
  search: z
    .string()
    .catch('')
    .transform((value) => value.trim().slice(0, 100)),
  showArchive: z
    .string()
    .optional()
    .catch(undefined)
    .transform((value) => value === 'true' || value === 'on'),
  status: z.enum(INVOICE_STATUS_FILTERS).catch('all'),
})

export type InvoiceReportQuery = z.infer<typeof reportQuerySchema>

export function readInvoiceReportQuery(params: URLSearchParams): InvoiceReportQuery {
  const raw = Object.fromEntries(['offset', 'max', 'sort', 'order', 'search', 'showArchive', 'status'].map((key) => [key, params.get(key) ?? undefined]))
  return reportQuerySchema.parse(raw)
}

/** The address of the report with some parameters changed; defaults are left out so addresses stay short. */
export function invoiceReportHref(query: InvoiceReportQuery, change: Partial<InvoiceReportQuery>): string {
  const next = { ...query, ...change }
  const params = new URLSearchParams()
  if (next.search) params.set('search', next.search)
  if (next.status !== 'all') params.set('status', next.status)
  if (next.showArchive) params.set('showArchive', 'true')
  if (next.sort !== 'created') params.set('sort', next.sort)
  if (next.order !== 'desc') params.set('order', next.order)
  if (next.max !== DEFAULT_INVOICE_PAGE_SIZE) params.set('max', String(next.max))
  if (next.offset > 0) params.set('offset', String(next.offset))
  const text = params.toString()
  return text ? `/invoices?${text}` : '/invoices'
}
