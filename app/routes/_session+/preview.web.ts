import { redirect, type ActionFunctionArgs } from '@remix-run/node'
import { requireStaff } from '#app/utils/auth.server'
import { redirectWithSession, sessionChangeRefusal } from '#app/utils/session.server'
import { requireTenant } from '#app/utils/tenant.server'
import { startPreview } from '#server/auth/preview'

/** Web Preview: staff see the public site, with its navigation and layout. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireStaff(request, context)
  const result = await startPreview(context.platform, { tenant: requireTenant(context), user, kind: 'web', ip: context.ip })
  if (!result.ok) throw sessionChangeRefusal(result)
  return redirectWithSession(context, result.value.session, result.value.landing)
}

export const loader = () => redirect('/dashboard')
