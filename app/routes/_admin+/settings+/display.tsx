import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useTranslation } from 'react-i18next'
import { useActionData, useLoaderData } from '@remix-run/react'
import { readUploadForm } from '#server/files/read-upload-form'
import { loadModuleSettings, saveModuleFlags, saveOtherSettings } from '#server/settings/module-settings'
import { screenResultIn, unreadableForm } from '#server/settings/screen-form'
import { tFor } from '#server/i18n/server-translator'
import { SchemaForm, type SchemaFormResult } from '#app/components/schema-form/schema-form'
import { ScreenHeader, ScreenPanel } from '#app/components/schema-form/screen-header'
import { requireAdmin } from '#app/utils/auth.server'
import type { I18nHandle } from '#app/utils/i18n'
import { requireTenant } from '#app/utils/tenant.server'
import { redirectWithToast } from '#app/utils/toast.server'
import { allowSignedInPageCache } from '#server/http/signed-in-page-cache'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Module Settings' }]

export const handle: I18nHandle = { i18n: ['settings'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  // Drawn from the tenant's settings, the session and cookies only: kept per user until a write.
  allowSignedInPageCache(context)
  const { language } = context
  return { ...(await loadModuleSettings(context.platform, requireTenant(context), language)), title: tFor(language, 'settings')('moduleSettingsTitle') }
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAdmin(request, context)
  const tenant = requireTenant(context)
  const upload = await readUploadForm(request)
  if (upload.malformed) return data(screenResultIn(context.language, unreadableForm()), { status: 400 })
  const form = upload.form
  const modules = form.get('intent') === 'modules'
  const outcome = modules ? await saveModuleFlags(context.platform, tenant, form, context.language) : await saveOtherSettings(context.platform, tenant, form, context.language)
  if (!outcome.ok) return data(screenResultIn(context.language, outcome.details), { status: 400 })
  // Module toggles stay on this screen (they save one at a time); Other Settings return home.
  return redirectWithToast(modules ? '/settings/display' : '/settings', { type: 'success', message: outcome.value.toast })
}

export default function ModuleSettingsRoute() {
  const { modules, other } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>() as SchemaFormResult | undefined
  const { t } = useTranslation('settings')
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
      <ScreenHeader title={t('moduleSettingsTitle')} backTo="/settings" />
      <ScreenPanel>
        <SchemaForm id="modules" intent="modules" descriptor={modules.descriptor} values={modules.values} result={result} submitLabel={t('sf_save')} />
        <p className="mt-2 text-right text-sm">
          <a href="/settings/customise/display-modules" className="text-brand underline">
            {t('customiseModules')}
          </a>
        </p>
      </ScreenPanel>
      <ScreenPanel title={t('otherSettings')}>
        <SchemaForm id="other" intent="other" descriptor={other.descriptor} values={other.values} result={result} cancelTo="/settings" />
        <p className="mt-2 text-right text-sm">
          <a href="/settings/customise/display" className="text-brand underline">
            {t('customiseOtherSettings')}
          </a>
        </p>
      </ScreenPanel>
    </div>
  )
}
