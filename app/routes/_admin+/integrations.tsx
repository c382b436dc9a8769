import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '#app/utils/auth.server'

/** The spec's top-level integrations route: the hub lives under settings. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return redirect('/settings/integrations')
}
