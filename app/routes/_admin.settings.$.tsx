import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '#app/utils/auth.server'

/** "Unknown paths under settings redirect to the root": /settings. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return redirect('/settings')
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  return redirect('/settings')
}
