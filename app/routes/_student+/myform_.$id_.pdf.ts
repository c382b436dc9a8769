import type { LoaderFunctionArgs } from '@remix-run/node'
import { pdfResponse } from '#app/components/forms/pdf-response.server'
import { requireStudentArea } from '#app/utils/navigation.server'
import { notFound } from '#server/errors/responses'
import { openMySubmissionPdf } from '#server/forms/my-submissions'

/** The signed PDF copy of one of the student's own form submissions; anyone else's is a 404. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant, user } = await requireStudentArea(request, context)
  const file = await openMySubmissionPdf(context.platform, tenant, { contactId: user.contactId, unverifiedId: params.id ?? '' })
  if (!file) throw notFound()
  return pdfResponse(file)
}
