import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AuthPage, primaryButtonClass } from '#app/components/auth/auth-page'
import { setLoginTrace } from '#app/components/session/login-trace'
import { clearSessionCookieHeader, getSessionUser } from '#app/utils/auth.server'
import { landingTenantFor } from '#server/auth/landing-after-login'
import { readSessionToken } from '#server/auth/session-cookie'
import { endSession } from '#server/auth/sign-out'
import { defaultPublicPathFor } from '#server/shell/landing-path'
import { tFor } from '#server/i18n/server-translator'
import type { I18nHandle } from '#app/utils/i18n'

export const handle: I18nHandle = { i18n: ['auth'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Logout' }, { name: 'robots', content: 'noindex' }]

/** Logging out is a POST; a GET only asks, so a link or an image cannot sign anyone out. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getSessionUser(request, context)
  if (!user) return redirect(await publicLandingOf(context))
  return { title: tFor(context.language, 'common')('logout'), name: user.fullName, orgName: context.tenant?.name ?? null }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const token = readSessionToken(request.headers.get('cookie'))
  if (token && context.tenant) await endSession(context.platform, { tenantId: context.tenant.id, token, ip: context.ip })
  let to = '/login'
  try {
    to = await publicLandingOf(context)
  } catch {
    // Even if the site cannot be read, the browser leaves signed out.
  }
  return redirect(to, { headers: { 'Set-Cookie': clearSessionCookieHeader(context) } })
}

/** "Logout goes to" the home page, else calendar, else courses, else login. */
async function publicLandingOf(context: LoaderFunctionArgs['context']): Promise<string> {
  if (!context.tenant) return '/login'
  return defaultPublicPathFor(await landingTenantFor(context.platform, context.tenant))
}

export default function LogoutRoute() {
  const { title, name, orgName } = useLoaderData<typeof loader>()
  const { t } = useTranslation('auth')
  return (
    <AuthPage orgName={orgName} title={title}>
      <p className="mb-4 text-slate-700">{t('logoutSignedInAs', { name })}</p>
      <Form method="post" onSubmit={() => setLoginTrace(false)}>
        <button type="submit" className={primaryButtonClass}>
          {title}
        </button>
      </Form>
    </AuthPage>
  )
}
