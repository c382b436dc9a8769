import { parseWithZod } from '@conform-to/zod'
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { AuthPage } from '#app/components/auth/auth-page'
import { ContinueElsewhere } from '#app/components/session/continue-elsewhere'
import { requireStaff } from '#app/utils/auth.server'
import { sessionChangeRefusal } from '#app/utils/session.server'
import { requireTenant } from '#app/utils/tenant.server'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { franchiseSwitchSchema } from '#server/auth/auth-forms'
import { switchIntoFranchise } from '#server/auth/franchise-switch'
import { err } from '#server/errors/result'

export const handle: I18nHandle = { i18n: ['auth'] }

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Switch franchise' }, { name: 'robots', content: 'noindex' }]

/** 'Switch franchise': staff of a master franchise move into one of its children. */
export async function action({ request, context }: ActionFunctionArgs) {
  const { user } = await requireStaff(request, context)
  const tenant = requireTenant(context)
  const submission = parseWithZod(await request.formData(), { schema: franchiseSwitchSchema })
  if (submission.status !== 'success') throw sessionChangeRefusal(err('not_found'))
  const result = await switchIntoFranchise(context.platform, {
    hostTenant: tenant,
    user,
    unverifiedChildId: submission.value.tenantId,
    requestUrl: new URL(request.url),
    ip: context.ip,
  })
  if (!result.ok) throw sessionChangeRefusal(result)
  return data({ enterUrl: result.value.enterUrl, name: result.value.child.name }, { headers: { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } })
}

// The page only shows the answer of a post; after a post Remix reloads this loader, so it
// must not redirect. It gives the page's title in the page's language.
export const loader = ({ context }: LoaderFunctionArgs) => ({ title: tFor(context.language, 'common')('switchFranchise') })

export default function FranchiseSwitchRoute() {
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
  return <ContinueElsewhere title={title} orgName={result.name} href={result.enterUrl} label={t('continueTo', { name: result.name })} />
}
