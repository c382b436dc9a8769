import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import quillSnow from 'quill/dist/quill.snow.css'
import { readUploadForm } from '#server/files/read-upload-form'
import { loadWebsiteSettings, saveWebsiteSettings } from '#server/settings/website-settings'
import { screenResultIn, unreadableForm } from '#server/settings/screen-form'
import { tFor } from '#server/i18n/server-translator'
import { SchemaForm, type SchemaFormResult } from '#app/components/schema-form/schema-form'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { requireAdmin } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { allowSignedInPageCache } from '#server/http/signed-in-page-cache'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Website Settings' }]

export const handle: I18nHandle = { i18n: ['settings'] }

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: quillSnow }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  // Drawn from the tenant's settings, the session and cookies only: kept per user until a write.
  allowSignedInPageCache(context)
  const { language } = context
  return { ...(await loadWebsiteSettings(context.platform, requireTenant(context), language)), title: tFor(language, 'settings')('websiteTitle') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const upload = await readUploadForm(request)
  if (upload.malformed) return data(screenResultIn(context.language, unreadableForm()), { status: 400 })
  const outcome = await saveWebsiteSettings(context.platform, requireTenant(context), upload, context.language)
  if (!outcome.ok) return data(screenResultIn(context.language, outcome.details), { status: 400 })
  return redirectWithToast('/settings', { type: 'success', message: outcome.value.toast })
}

export default function WebsiteSettingsRoute() {
  const { descriptor, values } = useLoaderData<typeof loader>()
  const { t } = useTranslation('settings')
  const result = useActionData<typeof action>() as SchemaFormResult | undefined
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title={t('websiteTitle')} backTo="/settings" customiseKey="website">
        <Link to="/settings/seosetting" className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50">
          {t('seoSettings')}
        </Link>
      </ScreenHeader>
      <ScreenPanel>
        <SchemaForm id="website" intent="website" descriptor={descriptor} values={values} result={result} cancelTo="/settings" />
      </ScreenPanel>
    </div>
  )
}
