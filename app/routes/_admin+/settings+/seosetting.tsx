import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { RefreshCw } from 'lucide-react'
import { readUploadForm } from '#server/files/read-upload-form'
import { loadSeoSettings, saveSeoSettings } from '#server/settings/seo-settings'
import { API_KEYS, regenerateApiKey } from '#server/settings/tenant-api-keys'
import { screenResultIn, unreadableForm } from '#server/settings/screen-form'
import { SCREEN_ROUTE_MESSAGES } from '#server/settings/screen-route-messages'
import { tFor } from '#server/i18n/server-translator'
import { CopyButton } from '#app/components/schema-form/copy-button'
import { SchemaForm, type SchemaFormResult } from '#app/components/schema-form/schema-form'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { requireAdmin } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { allowSignedInPageCache } from '#server/http/signed-in-page-cache'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'SEO settings' }]

export const handle: I18nHandle = { i18n: ['settings'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  // Drawn from the tenant's settings, the session and cookies only: kept per user until a write.
  allowSignedInPageCache(context)
  const { language } = context
  return { ...(await loadSeoSettings(context.platform, requireTenant(context), language)), title: tFor(language, 'settings')('seoSettings') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const upload = await readUploadForm(request)
  if (upload.malformed) return data(screenResultIn(context.language, unreadableForm()), { status: 400 })
  const form = upload.form
  if (form.get('intent') === 'refresh-api-key') {
    await regenerateApiKey(context.platform, tenant, API_KEYS.plugin)
    return redirectWithToast('/settings/seosetting', { type: 'success', message: SCREEN_ROUTE_MESSAGES.apiKeyGenerated })
  }
  const outcome = await saveSeoSettings(context.platform, tenant, form, context.language)
  if (!outcome.ok) return data(screenResultIn(context.language, outcome.details), { status: 400 })
  return redirectWithToast('/settings/website', { type: 'success', message: outcome.value.toast })
}

export default function SeoSettingsRoute() {
  const { descriptor, values, apiKey } = useLoaderData<typeof loader>()
  const { t } = useTranslation('settings')
  const result = useActionData<typeof action>() as SchemaFormResult | undefined
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title={t('seoSettings')} backTo="/settings/website" customiseKey="seosetting" />
      <ScreenPanel>
        <SchemaForm id="seosetting" intent="seosetting" descriptor={descriptor} values={values} result={result} cancelTo="/settings/website" />
      </ScreenPanel>
      <ScreenPanel title={t('apiKey')}>
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="refresh-api-key" />
          <label htmlFor="plugin-api-key" className="sr-only">
            {t('apiKey')}
          </label>
          <input
            id="plugin-api-key"
            readOnly
            value={apiKey || t('notGeneratedYet')}
            className="min-w-0 flex-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-700"
          />
          {apiKey ? <CopyButton value={apiKey} label={t('copyApiKey')} /> : null}
          <button type="submit" className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50" aria-label={t('generateNewApiKey')}>
            <RefreshCw aria-hidden className="h-4 w-4" />
            {t('refresh')}
          </button>
        </Form>
        <p className="mt-2 text-xs text-slate-500">{t('pluginKeyHint')}</p>
      </ScreenPanel>
    </div>
  )
}
