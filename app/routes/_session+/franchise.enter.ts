import { redirect, type LoaderFunctionArgs } from '@remix-run/node'
import { redirectWithSession } from '#app/utils/session.server'
import { requireTenant } from '#app/utils/tenant.server'
import { enterFranchise } from '#server/auth/franchise-switch'

/**
 * GET /franchise/enter?code=...: the child franchise's host redeems the one-time code from
 * 'Switch franchise' for its own session cookie, then lands on the dashboard.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const code = new URL(request.url).searchParams.get('code') ?? ''
  const session = /^[A-Za-z0-9_-]{43}$/.test(code)
    ? await enterFranchise(context.platform, { childTenant: tenant, code, ip: context.ip })
    : null
  if (!session) return redirect('/login')
  return redirectWithSession(context, session, '/dashboard')
}
