import type { LoaderFunctionArgs } from '@remix-run/node'
import { loadStaffSubmissionPdf } from '#server/forms/staff-submissions'
import { pdfResponse } from '#app/components/forms/pdf-response.server'
import { requirePermission, requireModule } from '#app/utils/auth.server'
import { notFound } from '#server/errors/responses'

/** The PDF copy of a submission, for staff. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  requireModule(context, 'forms')
  const file = await loadStaffSubmissionPdf(context.platform, tenant, params.guId ?? '', params.id ?? '')
  if (!file) throw notFound()
  return pdfResponse(file)
}
