import type { LoaderFunctionArgs } from '@remix-run/node'
import { tenantToday } from '#server/dates/tenant-today'
import { invalidInput } from '#server/errors/responses'
import { translateMessage } from '#server/i18n/translate-message'
import { salesCsvStream, salesExportFileName } from '#server/reports/sales-csv'
import { parseSalesReportQuery } from '#server/reports/sales-query'
import { requireStaffArea } from '#app/utils/navigation.server'

/**
 * /reports/sales.csv: the sales report's transactions for the same period and filters as the
 * screen (the page and page size aside), streamed from the database, with its header in the
 * language of the page it was downloaded from. A period the screen would
 * replace with this month is refused instead: a download must be of the period it names.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requireStaffArea(request, context)
  const { query, problem } = parseSalesReportQuery(new URL(request.url).searchParams, tenantToday(context.platform, tenant))
  if (problem) throw invalidInput(translateMessage(context.language, problem))
  const body = salesCsvStream({ database: context.platform.database, tenant, filter: query, language: context.language })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${salesExportFileName(tenant, query)}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
