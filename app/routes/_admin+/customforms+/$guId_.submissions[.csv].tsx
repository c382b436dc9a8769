import type { LoaderFunctionArgs } from '@remix-run/node'
import { loadSubmissionsCsv } from '#server/forms/staff-submissions'
import { requirePermission, requireModule } from '#app/utils/auth.server'
import { notFound } from '#server/errors/responses'

/** Every submission of a form, as CSV, its headers in the page's language. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { tenant } = await requirePermission(request, context, 'showContacts')
  requireModule(context, 'forms')
  const exported = await loadSubmissionsCsv(context.platform, tenant, params.guId ?? '', context.language)
  if (!exported) throw notFound()
  return new Response(`\uFEFF${exported.csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(exported.fileName)}`,
      'Cache-Control': 'private, no-store',
    },
  })
}
