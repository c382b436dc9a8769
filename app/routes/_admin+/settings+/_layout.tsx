import type { LoaderFunctionArgs } from '@remix-run/node'
import { isRouteErrorResponse, Link, Outlet, useNavigation, useRouteError } from '@remix-run/react'
import { requireAdmin } from '#app/utils/auth.server'
import { SettingsTilesSkeleton } from '#app/components/schema-form/settings-tiles'
import { useTranslation } from 'react-i18next'
import type { I18nHandle } from '#app/utils/i18n'

// Every settings screen's frame (the home's heading and placeholders, the error page) has its words here.
export const handle: I18nHandle = { i18n: ['settings'] }

/** Every settings screen is for the tenant's admins; each child route checks again itself. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return null
}

export default function SettingsLayout() {
  const navigation = useNavigation()
  const { t } = useTranslation('settings')
  // The settings home shows placeholder tiles while it loads.
  if (navigation.state === 'loading' && navigation.location.pathname === '/settings') {
    return (
      <div className="mx-auto max-w-6xl p-4 sm:p-6">
        <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900">{t('settingsTitle')}</h1>
        <SettingsTilesSkeleton />
      </div>
    )
  }
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const { t } = useTranslation('settings')
  const status = isRouteErrorResponse(error) ? error.status : 500
  const kind = status === 403 ? 'forbidden' : status === 404 ? 'notFound' : 'failed'
  return (
    <div className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-xl font-semibold">{t(`error_${kind}_title`)}</h1>
      <p className="mt-2 text-slate-600">{t(`error_${kind}`)}</p>
      <Link to="/dashboard" className="mt-4 inline-block rounded-md bg-brand px-4 py-2 text-sm font-medium text-white">
        {t('goToDashboard')}
      </Link>
    </div>
  )
}
