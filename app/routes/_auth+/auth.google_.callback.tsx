import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { AccountNotFoundDialog } from '#app/components/auth/account-not-found-dialog'
import { AuthPage, FormAlert } from '#app/components/auth/auth-page'
import { OrgSelectDialog } from '#app/components/auth/org-select-dialog'
import { setLoginTrace } from '#app/components/session/login-trace'
import type { I18nHandle } from '#app/utils/i18n'
import { signedInRedirect } from '#app/utils/session.server'
import { authenticatorFor } from '#server/auth/authenticator'
import { GoogleIdentityError } from '#server/auth/google-sign-in'
import type { SignInResult } from '#server/auth/sign-in'
import { GOOGLE_SIGN_IN_REASONS } from '#server/auth/sign-in-messages'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'

export const handle: I18nHandle = { i18n: ['auth'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Login' }, { name: 'robots', content: 'noindex' }]

/** Google sends the browser back here with a code; we ask it who this is and sign them in. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const orgName = context.tenant?.name ?? null
  const title = tFor(context.language, 'auth')('loginTitle')
  // Made in English, answered in the page's language.
  const words = (message: string) => translateMessage(context.language, message)
  let result: SignInResult
  try {
    result = await authenticatorFor(context, request).authenticate('google', request)
  } catch (error) {
    if (error instanceof Response) throw error
    context.platform.logger.info({ err: error }, 'Google sign-in failed')
    const reason = error instanceof GoogleIdentityError ? error.message : GOOGLE_SIGN_IN_REASONS.notCompleted
    return data({ kind: 'not-found' as const, reason: words(reason), orgName, title }, { status: 401 })
  }
  if (!result.ok && result.error === 'not_found') {
    return data({ kind: 'not-found' as const, reason: words(GOOGLE_SIGN_IN_REASONS.noAccount(result.details.email ?? GOOGLE_SIGN_IN_REASONS.thatEmail)), orgName, title }, { status: 404 })
  }
  if (!result.ok) return data({ kind: 'refused' as const, message: words(result.message), orgName, title }, { status: 403 })
  const next = result.value
  if (next.kind === 'signed-in') return signedInRedirect(context, next)
  return data({ kind: 'choose-org' as const, ticket: next.ticket, orgs: next.orgs, orgName, title })
}

export default function GoogleCallbackRoute() {
  const result = useLoaderData<typeof loader>()
  const { t } = useTranslation('auth')
  useEffect(() => {
    if (result.kind !== 'choose-org') setLoginTrace(false)
  }, [result.kind])
  return (
    <AuthPage orgName={result.orgName} title={t('loginTitle')}>
      {result.kind === 'choose-org' ? <OrgSelectDialog ticket={result.ticket} orgs={result.orgs} /> : null}
      {result.kind === 'not-found' ? <AccountNotFoundDialog reason={result.reason} /> : null}
      {result.kind === 'refused' ? <FormAlert errors={[result.message]} /> : null}
      <a href="/login" className="mt-4 block text-center text-brand hover:underline">
        {t('backToLogin')}
      </a>
    </AuthPage>
  )
}
