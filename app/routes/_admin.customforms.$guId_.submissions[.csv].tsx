import type { LoaderFunctionArgs } from '@remix-run/node'
import { loadSubmissionsCsv } from '#server/forms/staff-submissions'
import { requireStaff } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'

/** Every submission of a form, as CSV. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context)
  const exported = await loadSubmissionsCsv(context.platform, requireTenant(context), params.guId ?? '')
  if (!exported) throw new Response('Not found', { status: 404 })
  return new Response(`\uFEFF${exported.csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(exported.fileName)}`,
      'Cache-Control': 'private, no-store',
    },
  })
}
