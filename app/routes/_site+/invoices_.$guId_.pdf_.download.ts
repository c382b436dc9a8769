import type { LoaderFunctionArgs } from '@remix-run/node'
import { pdfResponse } from '#app/components/forms/pdf-response.server'
import { requireInvoiceReader } from '#app/utils/invoice-reader.server'
import { notFound } from '#server/errors/responses'
import { openInvoicePdf } from '#server/invoices/invoice-pdf-requests'

/**
 * The finished PDF of an invoice as it is now (invoice-0042.pdf). Not ready yet, made before
 * the invoice last changed, another student's invoice or another tenant's guid: 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenant, reader } = await requireInvoiceReader(request, context)
  const file = await openInvoicePdf(context.platform, { tenant, reader, unverifiedGuid: params.guId })
  if (!file) throw notFound('PDF not found')
  return pdfResponse(file)
}
