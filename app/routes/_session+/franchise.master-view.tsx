import { data, redirect, type ActionFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { AuthPage } from '#app/components/auth/auth-page'
import { ContinueElsewhere } from '#app/components/session/continue-elsewhere'
import { clearSessionCookieHeader, requireUser } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { leaveFranchise } from '#server/auth/franchise-switch'

export const meta: MetaFunction = () => [{ title: 'Master View' }, { name: 'robots', content: 'noindex' }]

/** 'Master View': ends the franchise session here and returns to the master's own session. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireUser(request, context)
  if (!user.isFranchiseMode) return redirect('/dashboard')
  const back = await leaveFranchise(context.platform, { childTenant: requireTenant(context), user, ip: context.ip })
  if (!back) return redirect('/dashboard')
  return data({ href: back }, { headers: { 'Set-Cookie': clearSessionCookieHeader(context), 'Cache-Control': 'no-store' } })
}

// The page only shows the answer of a post; after a post Remix reloads this loader, so it
// must not redirect.
export const loader = () => null

export default function MasterViewRoute() {
  const result = useActionData<typeof action>()
  if (!result) {
    return (
      <AuthPage orgName={null} title="Master View">
        <a href="/dashboard" className="block text-center text-brand hover:underline">
          Back to the dashboard
        </a>
      </AuthPage>
    )
  }
  return <ContinueElsewhere title="Master View" orgName={null} href={result.href} label="Continue to the master franchise" />
}
