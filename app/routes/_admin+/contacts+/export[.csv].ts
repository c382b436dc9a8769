import type { LoaderFunctionArgs } from '@remix-run/node'
import { parseContactSelection } from '#server/contacts/contact-selection'
import { contactsCsvStream, contactsExportFileName } from '#server/contacts/export-contacts-csv'
import { checkContactSelection } from '#server/contacts/selected-contacts'
import { invalidInput } from '#server/errors/responses'
import { requirePermission } from '#app/utils/auth.server'

/**
 * /contacts/export.csv: the selected contacts (`id`), or every contact matching the list's
 * filter (`all=1`, or no ids at all), as a CSV download streamed straight from the database.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const params = new URL(request.url).searchParams
  if (!params.has('id') && !params.has('pageId')) params.set('all', '1')
  const parsed = parseContactSelection(params)
  const selection = parsed.ok ? await checkContactSelection({ database: context.platform.database, tenant, selection: parsed.value }) : parsed
  if (!selection.ok) throw invalidInput(selection.message)
  const body = contactsCsvStream({ database: context.platform.database, tenant, selection: selection.value })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${contactsExportFileName(tenant, new Date())}"`,
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
