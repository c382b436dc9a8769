import type { LoaderFunctionArgs } from '@remix-run/node'
import { isRouteErrorResponse, Link, Outlet, useNavigation, useRouteError } from '@remix-run/react'
import { requireAdmin } from '#app/utils/auth.server'
import { SettingsTilesSkeleton } from '#app/components/schema-form/settings-tiles'

/** Every settings screen is for the tenant's admins; each child route checks again itself. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  return null
}

export default function SettingsLayout() {
  const navigation = useNavigation()
  // The settings home shows placeholder tiles while it loads.
  if (navigation.state === 'loading' && navigation.location.pathname === '/settings') {
    return (
      <div className="mx-auto max-w-6xl p-4 sm:p-6">
        <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900">Settings</h1>
        <SettingsTilesSkeleton />
      </div>
    )
  }
  return <Outlet />
}

export function ErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const message =
    status === 403
      ? 'You do not have access to the settings. Ask an administrator of your organisation.'
      : status === 404
        ? 'This settings page does not exist.'
        : 'We could not show this settings page. Please try again in a moment.'
  return (
    <div className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-xl font-semibold">{status === 403 ? 'Not allowed' : status === 404 ? 'Page not found' : 'Something went wrong'}</h1>
      <p className="mt-2 text-slate-600">{message}</p>
      <Link to="/dashboard" className="mt-4 inline-block rounded-md bg-brand px-4 py-2 text-sm font-medium text-white">
        Go to the dashboard
      </Link>
    </div>
  )
}
