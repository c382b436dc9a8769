import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { requireAdmin } from '#app/utils/auth.server'
import { requireStaffArea } from '#app/utils/navigation.server'

/** "Unknown paths under settings redirect to the root": /settings. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  // A resource route skips the staff layout's loader, so it applies the landing rules itself: students go to their portal.
  await requireStaffArea(request, context)
  return redirect('/settings')
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  return redirect('/settings')
}
