import type { LoaderFunctionArgs } from '@remix-run/node'
import { openActivityReport } from '#server/contacts/activity-report/activity-report-requests'
import { notFound } from '#server/errors/responses'
import { pdfResponse } from '#app/components/forms/pdf-response.server'
import { requirePermission } from '#app/utils/auth.server'

/**
 * A contact's finished activity report PDF (website spec 7: GET cform/pdf/cactivityreport/{id}).
 * Not ready, another contact's report or another tenant's ids: 404. Its file name is in the
 * language of whoever downloads it.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  const file = await openActivityReport(context.platform, { tenant, unverifiedGuid: params.guId, unverifiedReportId: params.reportId, language: context.language })
  if (!file) throw notFound('Report not found')
  return pdfResponse(file)
}
