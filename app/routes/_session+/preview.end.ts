import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { requireUser } from '#app/utils/auth.server'
import { redirectWithSession } from '#app/utils/session.server'
import { requireTenant } from '#app/utils/tenant.server'
import { endPreview, PREVIEW_EXIT_PATH } from '#server/auth/preview'

/** 'Admin View': restores the staff session and goes to /dashboard. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireUser(request, context)
  const session = await endPreview(context.platform, { tenant: requireTenant(context), user, ip: context.ip })
  // Not previewing (an old tab, a double click): nothing to restore, just go back.
  if (!session) return redirect(PREVIEW_EXIT_PATH)
  return redirectWithSession(context, session, PREVIEW_EXIT_PATH)
}

export const loader = () => redirect(PREVIEW_EXIT_PATH)
