import type { ActionFunctionArgs } from '@remix-run/node'
import { requireStaff } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'

/**
 * POST /cache/clear: the spec's hidden cache-clear sequence (Control, Shift, ~, 'clearc') for
 * signed-in staff. Drops every cache of the host's tenant in every process: its resolution and
 * everything derived from it (descriptors, memos, page caches). Students get a 403, visitors
 * the sign-in page. There is no loader: a GET clears nothing.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireStaff(request, context)
  const tenant = requireTenant(context)
  context.platform.caches.changedAll(tenant.id)
  return Response.json({ status: 'executed' }, { headers: { 'Cache-Control': 'private, no-store' } })
}
