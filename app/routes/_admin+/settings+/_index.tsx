import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { settingsTilesFor } from '#server/settings/settings-tiles'
import { SettingsTiles } from '#app/components/schema-form/settings-tiles'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { allowSignedInPageCache } from '#server/http/signed-in-page-cache'

export const meta: MetaFunction = () => [{ title: 'Settings' }]

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  // Drawn from the tenant's settings, the session and cookies only: kept per user until a write.
  allowSignedInPageCache(context)
  const tenant = requireTenant(context)
  return { tiles: settingsTilesFor(tenant).map(({ key, title, description, icon, path }) => ({ key, title, description, icon, path })) }
}

export default function SettingsHomeRoute() {
  const { tiles } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto max-w-6xl p-4 sm:p-6">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900">Settings</h1>
      <SettingsTiles tiles={tiles} />
    </div>
  )
}
