import { AppWindow, Building2, CreditCard, Gem, Globe, LayoutGrid, ListPlus, Mail, Network, Plug, Settings, Shield, Smartphone, Users, type LucideIcon } from 'lucide-react'
import type { SettingsTile } from '#server/settings/settings-tiles'
import { TileLink } from '#app/components/ui/tile-link'
import { useTranslation } from 'react-i18next'

const ICONS: Record<SettingsTile['icon'], LucideIcon> = {
  building: Building2,
  globe: Globe,
  'layout-grid': LayoutGrid,
  smartphone: Smartphone,
  'credit-card': CreditCard,
  plug: Plug,
  users: Users,
  shield: Shield,
  'list-plus': ListPlus,
  network: Network,
  mail: Mail,
  gem: Gem,
  'app-window': AppWindow,
}

const grid = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3'

export function SettingsTiles({ tiles }: { tiles: ReadonlyArray<Pick<SettingsTile, 'key' | 'title' | 'description' | 'icon' | 'path'>> }) {
  const { t } = useTranslation('settings')
  if (tiles.length === 0) {
    return (
      <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
        <Settings aria-hidden className="h-8 w-8 text-slate-400" />
        <p className="mt-3 font-medium text-slate-700">{t('noSettings')}</p>
      </div>
    )
  }
  return (
    <ul className={grid}>
      {tiles.map((tile) => {
        const Icon = ICONS[tile.icon] ?? Settings
        return (
          <li key={tile.key}>
            <TileLink to={tile.path} icon={Icon} title={tile.title} description={tile.description} />
          </li>
        )
      })}
    </ul>
  )
}

/** Placeholder tiles while the settings home loads. */
export function SettingsTilesSkeleton({ count = 9 }: { count?: number }) {
  const { t } = useTranslation('settings')
  return (
    <ul className={grid} aria-busy="true" aria-label={t('loadingSettings')}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5" data-testid="settings-tile-skeleton">
          <span className="h-11 w-11 shrink-0 animate-pulse rounded-lg bg-slate-200" />
          <span className="flex flex-1 flex-col gap-2">
            <span className="h-4 w-1/2 animate-pulse rounded bg-slate-200" />
            <span className="h-3 w-full animate-pulse rounded bg-slate-100" />
            <span className="h-3 w-3/4 animate-pulse rounded bg-slate-100" />
          </span>
        </li>
      ))}
    </ul>
  )
}
