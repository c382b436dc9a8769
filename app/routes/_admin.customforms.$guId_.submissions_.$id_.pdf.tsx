import type { LoaderFunctionArgs } from '@remix-run/node'
import { loadStaffSubmissionPdf } from '#server/forms/staff-submissions'
import { pdfResponse } from '#app/components/forms/pdf-response.server'
import { requireStaff } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'

/** The PDF copy of a submission, for staff. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context)
  const file = await loadStaffSubmissionPdf(context.platform, requireTenant(context), params.guId ?? '', params.id ?? '')
  if (!file) throw new Response('Not found', { status: 404 })
  return pdfResponse(file)
}
