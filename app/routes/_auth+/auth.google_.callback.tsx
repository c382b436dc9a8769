import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { AccountNotFoundDialog } from '#app/components/auth/account-not-found-dialog'
import { AuthPage, FormAlert } from '#app/components/auth/auth-page'
import { OrgSelectDialog } from '#app/components/auth/org-select-dialog'
import { setLoginTrace } from '#app/components/session/login-trace'
import { signedInRedirect } from '#app/utils/session.server'
import { authenticatorFor } from '#server/auth/authenticator'
import { GoogleIdentityError } from '#server/auth/google-sign-in'
import type { SignInResult } from '#server/auth/sign-in'

export const meta: MetaFunction = () => [{ title: 'Login' }, { name: 'robots', content: 'noindex' }]

/** Google sends the browser back here with a code; we ask it who this is and sign them in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const orgName = context.tenant?.name ?? null
  let result: SignInResult
  try {
    result = await authenticatorFor(context, request).authenticate('google', request)
  } catch (error) {
    if (error instanceof Response) throw error
    context.platform.logger.info({ err: error }, 'Google sign-in failed')
    const reason = error instanceof GoogleIdentityError ? error.message : 'your Google sign-in did not complete'
    return data({ kind: 'not-found' as const, reason, orgName }, { status: 401 })
  }
  if (!result.ok && result.error === 'not_found') {
    return data({ kind: 'not-found' as const, reason: `we could not find an account for ${result.details.email ?? 'that email'}`, orgName }, { status: 404 })
  }
  if (!result.ok) return data({ kind: 'refused' as const, message: result.message, orgName }, { status: 403 })
  const next = result.value
  if (next.kind === 'signed-in') return signedInRedirect(context, next)
  return data({ kind: 'choose-org' as const, ticket: next.ticket, orgs: next.orgs, orgName })
}

export default function GoogleCallbackRoute() {
  const result = useLoaderData<typeof loader>()
  useEffect(() => {
    if (result.kind !== 'choose-org') setLoginTrace(false)
  }, [result.kind])
  return (
    <AuthPage orgName={result.orgName} title="Login">
      {result.kind === 'choose-org' ? <OrgSelectDialog ticket={result.ticket} orgs={result.orgs} /> : null}
      {result.kind === 'not-found' ? <AccountNotFoundDialog reason={result.reason} /> : null}
      {result.kind === 'refused' ? <FormAlert errors={[result.message]} /> : null}
      <a href="/login" className="mt-4 block text-center text-brand hover:underline">
        Back to login
      </a>
    </AuthPage>
  )
}
