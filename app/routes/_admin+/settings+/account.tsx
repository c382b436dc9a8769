import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { RefreshCw } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { readUploadForm } from '#server/files/read-upload-form'
import { loadAccountSettings, saveAccountSettings } from '#server/settings/account-settings'
import { saveTenantLogo } from '#server/settings/save-tenant-logo'
import { API_KEYS, regenerateApiKey } from '#server/settings/tenant-api-keys'
import { screenResultIn, unreadableForm } from '#server/settings/screen-form'
import { SCREEN_ROUTE_MESSAGES } from '#server/settings/screen-route-messages'
import { tFor } from '#server/i18n/server-translator'
import { notFound } from '#server/errors/responses'
import { checkDomainAgain } from '#server/settings/custom-domain-verification'
import { CustomDomainPanel } from '#app/components/settings/custom-domain-panel'
import { CopyButton } from '#app/components/schema-form/copy-button'
import { SchemaForm, type SchemaFormResult } from '#app/components/schema-form/schema-form'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { requireAdmin } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { allowSignedInPageCache } from '#server/http/signed-in-page-cache'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Account Settings' }]

export const handle: I18nHandle = { i18n: ['settings'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user } = await requireAdmin(request, context)
  // Drawn from the tenant's settings, the session and cookies only: kept per user until a write.
  allowSignedInPageCache(context)
  const tenant = requireTenant(context)
  const { language } = context
  return { ...(await loadAccountSettings(context.platform, tenant, user, language)), title: tFor(language, 'settings')('accountTitle') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const upload = await readUploadForm(request)
  if (upload.malformed) return data(screenResultIn(context.language, unreadableForm()), { status: 400 })
  const intent = upload.form.get('intent')
  if (intent === 'check-domain') {
    const checked = await checkDomainAgain(context.platform, tenant.id, String(upload.form.get('domain') ?? ''))
    // Only the tenant's own claim can be checked: anything else is not there for it.
    if (!checked.ok) throw notFound(checked.message)
    return redirectWithToast('/settings/account', { type: 'success', message: SCREEN_ROUTE_MESSAGES.domainCheckedAgain })
  }
  if (intent === 'regenerate-api-key') {
    await regenerateApiKey(context.platform, tenant, API_KEYS.account)
    return redirectWithToast('/settings/account', { type: 'success', message: SCREEN_ROUTE_MESSAGES.apiKeyGenerated })
  }
  const outcome =
    intent === 'logo'
      ? await saveTenantLogo(context.platform, tenant, upload)
      : await saveAccountSettings(context.platform, tenant, upload.form, context.language)
  if (!outcome.ok) return data(screenResultIn(context.language, outcome.details), { status: 400 })
  return redirectWithToast(intent === 'logo' ? '/settings/account' : '/settings', { type: 'success', message: outcome.value.toast })
}

export default function AccountSettingsRoute() {
  const view = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as SchemaFormResult | undefined
  const navigation = useNavigation()
  const { t } = useTranslation('settings')
  const logoError = result?.intent === 'logo' ? result.fieldErrors.logo?.[0] : undefined
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title={t('accountTitle')} backTo="/settings" customiseKey="account" />
      <ScreenPanel>
        <div className="flex flex-wrap items-start gap-6">
          <dl className="flex flex-col gap-1">
            <dt className="text-sm font-medium text-slate-500">{t('orgId')}</dt>
            <dd className="flex items-center gap-1 font-mono text-base text-slate-900">
              <span data-testid="org-id">
                {view.orgId} ({view.tenantId})
              </span>
              <CopyButton value={view.orgId} label={t('copyOrgId')} />
            </dd>
          </dl>
          <Form method="post" encType="multipart/form-data" className="ml-auto flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="logo" />
            <div className="flex h-16 w-28 items-center justify-center overflow-hidden rounded-md border border-dashed border-slate-300 bg-slate-50">
              {view.logo ? <img src={view.logo} alt={t('organizationLogo')} className="max-h-full max-w-full object-contain" /> : <span className="text-xs text-slate-600">{t('noLogo')}</span>}
            </div>
            <label className="flex flex-col gap-1 text-sm font-medium text-slate-700">
              {t('logo')}
              <input
                type="file"
                name="upload[logo]"
                accept="image/png,image/jpeg,image/gif,image/webp"
                aria-invalid={logoError ? true : undefined}
                className="text-sm font-normal file:mr-3 file:rounded-md file:border-0 file:bg-brand/10 file:px-3 file:py-1.5 file:text-sm file:font-medium file:text-brand"
              />
            </label>
            <button type="submit" className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50">
              {t('uploadLogo')}
            </button>
            {logoError ? (
              <p role="alert" className="basis-full text-sm text-red-700">
                {logoError}
              </p>
            ) : null}
          </Form>
        </div>
      </ScreenPanel>
      <ScreenPanel>
        <SchemaForm id="account" intent="account" descriptor={view.descriptor} values={view.values} result={result} cancelTo="/settings" />
      </ScreenPanel>
      {view.customDomain ? <CustomDomainPanel claim={view.customDomain} /> : null}
      <ScreenPanel title={t('apiKey')}>
        <Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="intent" value="regenerate-api-key" />
          <label htmlFor="account-api-key" className="sr-only">
            {t('apiKey')}
          </label>
          <input
            id="account-api-key"
            readOnly
            value={view.apiKey || t('notGeneratedYet')}
            className="min-w-0 flex-1 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-700"
          />
          {view.apiKey ? <CopyButton value={view.apiKey} label={t('copyApiKey')} /> : null}
          <button
            type="submit"
            disabled={navigation.state === 'submitting'}
            className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium hover:bg-slate-50"
          >
            <RefreshCw aria-hidden className="h-4 w-4" />
            {t('regenerate')}
          </button>
        </Form>
        <p className="mt-2 text-xs text-slate-500">{t('regenerateWarning')}</p>
      </ScreenPanel>
    </div>
  )
}
