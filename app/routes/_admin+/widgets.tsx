import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '#app/utils/auth.server'

/** The spec's top-level widget route: the widgets live under settings. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return redirect('/settings/widgets')
}
