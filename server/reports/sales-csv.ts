import { sql } from 'kysely'
import type { DatabaseHandle } from '#db/connection'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { currencyDigits } from '#server/catalog/money'
import { invoiceNumberText } from '#server/checkout/order-view'
import { csvCell, csvLine, csvNumberCell, UTF8_BOM } from '#server/csv/csv-cell'
import { resolveTimeZone } from '#server/dates/time-zone'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import type { Tenant } from '#server/tenancy/tenant'
import { salesPeriodBounds } from './sales-period'
import type { SalesReportQuery } from './sales-query'
import { transactionRowsOf } from './sales-report'
import { methodText, transactionStatusText, type MethodLabels } from './sales-words'
import { methodLabelsIn, transactionStatusIn } from './sales-words-in'

/** Rows per query: large enough that round trips do not dominate, small enough to stay flat in memory. */
export const SALES_EXPORT_BATCH_SIZE = 500

type ExportFilter = Pick<SalesReportQuery, 'period' | 'method' | 'provider'>

/** The export's file name: the organisation and the period's days ('sales-demo-2026-11-01-to-2026-11-30.csv'). */
export function salesExportFileName(tenant: Tenant, filter: ExportFilter): string {
  const org = tenant.orgId.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || 'studio'
  return `sales-${org}-${filter.period.from}-to-${filter.period.to}.csv`
}

/**
 * Minor units as a decimal a spreadsheet sums ('-12.50'), written from the digits rather than
 * through a float division.
 */
export function decimalAmount(amountMinor: number, currency: string): string {
  const digits = currencyDigits(currency)
  const sign = amountMinor < 0 ? '-' : ''
  const whole = String(Math.abs(amountMinor)).padStart(digits + 1, '0')
  return digits === 0 ? `${sign}${whole}` : `${sign}${whole.slice(0, -digits)}.${whole.slice(-digits)}`
}

/** Where the last batch ended: its last row's instant (as Postgres wrote it, to the microsecond) and id. */
type Cursor = { at: string; id: string }

async function exportBatch(trx: TenantExecutor, filter: ExportFilter, bounds: { start: Date; end: Date }, timeZone: string, after: Cursor | null, limit: number) {
  return (
    transactionRowsOf(trx, bounds, filter)
      .select([
        // Written by Postgres in the studio's zone, as the contacts export does.
        sql<string>`to_char(t.occurred_at at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI')`.as('occurred_local'),
        // The cursor as text: a JavaScript Date keeps milliseconds, Postgres microseconds.
        sql<string>`t.occurred_at::text`.as('cursor_at'),
      ])
      // Newest first, keyset on (occurred_at, id), written out rather than as a row comparison.
      .$if(after !== null, (query) =>
        query.where((eb) =>
          eb.or([
            eb('t.occurred_at', '<', sql<Date>`${after?.at ?? ''}::timestamptz`),
            eb.and([eb('t.occurred_at', '=', sql<Date>`${after?.at ?? ''}::timestamptz`), eb('t.id', '<', after?.id ?? '')]),
          ]),
        ),
      )
      .orderBy('t.occurred_at', 'desc')
      .orderBy('t.id', 'desc')
      .limit(limit)
      .execute()
  )
}

type ExportRow = Awaited<ReturnType<typeof exportBatch>>[number]

/** The header row: the spec's English, or the page's words (the columns and their order stay). */
function headerOf(timeZone: string, language: Language): string[] {
  if (language === 'en') return [`Date (${timeZone})`, 'Invoice', 'Contact', 'Items', 'Method', 'Amount', 'Currency', 'Status']
  const t = tFor(language, 'billing')
  return [t('csvDate', { zone: timeZone }), t('columnInvoice'), t('columnContact'), t('columnItems'), t('method'), t('amount'), t('csvCurrency'), t('status')]
}

function rowLine(row: ExportRow, language: Language, methodLabels: MethodLabels): string {
  return csvLine([
    csvCell(row.occurred_local),
    csvCell(invoiceNumberText(row.invoice_number)),
    csvCell(row.contact_name),
    csvCell(row.item_names ?? ''),
    csvCell(methodText(row.method, row.provider, methodLabels)),
    csvNumberCell(decimalAmount(Number(row.amount_minor), row.currency)),
    csvCell(row.currency),
    csvCell(transactionStatusIn(transactionStatusText(row.kind), language)),
  ])
}

/**
 * The report's transactions for a period and filter as CSV, streamed newest first: the header,
 * then one batch each time the reader asks for more (a pull stream, so memory stays flat however
 * long the period). The header and each row's method and status are in the page's language;
 * dates and amounts stay as a spreadsheet reads them. Each batch is its own short tenant
 * transaction found by keyset after the last row sent, so no connection is held for the length
 * of a download.
 */
export function salesCsvStream(input: { database: DatabaseHandle; tenant: Tenant; filter: ExportFilter; batchSize?: number; language?: Language }): ReadableStream<Uint8Array> {
  const { database, tenant, filter } = input
  const language = input.language ?? 'en'
  const methodLabels = methodLabelsIn(language)
  const limit = input.batchSize ?? SALES_EXPORT_BATCH_SIZE
  const timeZone = resolveTimeZone(tenant.settings.timezone)
  const bounds = salesPeriodBounds(filter.period, timeZone)
  const encoder = new TextEncoder()
  let started = false
  let after: Cursor | null = null
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true
          controller.enqueue(encoder.encode(UTF8_BOM + csvLine(headerOf(timeZone, language).map(csvCell))))
          return
        }
        const rows = await withTenant(database, tenant.id, (trx) => exportBatch(trx, filter, bounds, timeZone, after, limit))
        if (rows.length > 0) {
          const last = rows[rows.length - 1]
          after = { at: last.cursor_at, id: last.id }
          controller.enqueue(encoder.encode(rows.map((row) => rowLine(row, language, methodLabels)).join('')))
        }
        if (rows.length < limit) controller.close()
      },
    },
    // Pulled once the reader has taken what is queued: one batch in hand at a time.
    { highWaterMark: 0 },
  )
}
