import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { I18nHandle } from '#app/utils/i18n'
import { tFor } from '#server/i18n/server-translator'
import { settingsTilesFor } from '#server/settings/settings-tiles'
import { SettingsTiles } from '#app/components/schema-form/settings-tiles'
import { requireAdmin } from '#app/utils/auth.server'
import { requireTenant } from '#app/utils/tenant.server'
import { allowSignedInPageCache } from '#server/http/signed-in-page-cache'

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? 'Settings' }]

export const handle: I18nHandle = { i18n: ['settings'] }

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAdmin(request, context)
  // Drawn from the tenant's settings, the session and cookies only: kept per user until a write.
  allowSignedInPageCache(context)
  const tenant = requireTenant(context)
  const t = tFor(context.language, 'settings')
  // Words by the tile's key (the spec's in English); a tile without words yet keeps its own.
  return {
    title: t('settingsTitle'),
    tiles: settingsTilesFor(tenant).map(({ key, title, description, icon, path }) => ({
      key,
      title: t(`tile_${key}`, { defaultValue: title }) as string,
      description: t(`tile_${key}_description`, { defaultValue: description }) as string,
      icon,
      path,
    })),
  }
}

export default function SettingsHomeRoute() {
  const { tiles } = useLoaderData<typeof loader>()
  const { t } = useTranslation('settings')
  return (
    <div className="mx-auto max-w-6xl p-4 sm:p-6">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight text-slate-900">{t('settingsTitle')}</h1>
      <SettingsTiles tiles={tiles} />
    </div>
  )
}
