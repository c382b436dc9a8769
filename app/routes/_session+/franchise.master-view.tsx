import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AuthPage } from '#app/components/auth/auth-page'
import { ContinueElsewhere } from '#app/components/session/continue-elsewhere'
import { clearSessionCookieHeader, requireUser } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { leaveFranchise } from '#server/auth/franchise-switch'

export const handle: I18nHandle = { i18n: ['auth'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Master View' }, { name: 'robots', content: 'noindex' }]

/** 'Master View': ends the franchise session here and returns to the master's own session. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireUser(request, context)
  if (!user.isFranchiseMode) return redirect('/dashboard')
  const back = await leaveFranchise(context.platform, { childTenant: requireTenant(context), user, ip: context.ip })
  if (!back) return redirect('/dashboard')
  return data({ href: back }, { headers: { 'Set-Cookie': clearSessionCookieHeader(context), 'Cache-Control': 'no-store' } })
}

// The page only shows the answer of a post; after a post Remix reloads this loader, so it
// must not redirect. It gives the page's title in the page's language.
export const loader = ({ context }: LoaderFunctionArgs) => ({ title: tFor(context.language, 'common')('masterView') })

export default function MasterViewRoute() {
  const result = useActionData<typeof action>()
  const { title } = useLoaderData<typeof loader>()
  const { t } = useTranslation('auth')
  if (!result) {
    return (
      <AuthPage orgName={null} title={title}>
        <a href="/dashboard" className="block text-center text-brand hover:underline">
          {t('backToDashboard')}
        </a>
      </AuthPage>
    )
  }
  return <ContinueElsewhere title={title} orgName={null} href={result.href} label={t('continueToMaster')} />
}
