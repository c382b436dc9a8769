import type { LoaderFunctionArgs } from '@remix-run/node'
import { PDF_STATUS_MESSAGES } from '#server/forms/form-messages'
import { translateMessage } from '#server/i18n/translate-message'
import { findSubmissionByToken, openSubmissionPdfByToken } from '#server/forms/submission-by-token'
import { pdfResponse } from '#app/components/forms/pdf-response.server'
import { requireTenant } from '#app/utils/tenant.server'
import { notFound } from '#server/errors/responses'

/**
 * A visitor's PDF copy, by the unguessable token of their thank-you page, on their tenant's
 * host only: the same token on another tenant's host finds nothing.
 */
export async function loader({ context, params }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const token = params.token ?? ''
  const file = await openSubmissionPdfByToken(context.platform, tenant, token)
  if (file) return pdfResponse(file)
  const receipt = await findSubmissionByToken(context.platform, tenant, token)
  if (!receipt) throw notFound()
  const inProgress = receipt.pdfStatus === 'IN_PROGRESS'
  return new Response(translateMessage(context.language, inProgress ? PDF_STATUS_MESSAGES.IN_PROGRESS : PDF_STATUS_MESSAGES.ERROR), {
    status: inProgress ? 409 : 500,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...(inProgress ? { 'Retry-After': '3' } : {}) },
  })
}
