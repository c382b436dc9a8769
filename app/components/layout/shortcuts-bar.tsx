import { Link, useRevalidator } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { Bookmark, Check } from 'lucide-react'
import { useHydrated } from 'remix-utils/use-hydrated'
import { NavIcon } from '#app/components/navigation/nav-icon'
import { Dropdown } from './dropdown'

export type ShortcutView = { title: string; type: 'item'; icon: string; url: string }

/** Must match SHORTCUTS_COOKIE on the server (spec: "kept in a cookie with a fixed name"). */
const SHORTCUTS_COOKIE = 'shortcuts'
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60

/**
 * The toolbar's shortcut links. Choosing shortcuts writes the cookie in the browser, so the
 * picker appears once JavaScript runs; the links themselves render on the server.
 */
export function ShortcutsBar({ shortcuts, choices }: { shortcuts: ShortcutView[]; choices: ShortcutView[] }) {
  const { t } = useTranslation()
  const hydrated = useHydrated()
  const revalidator = useRevalidator()
  const chosen = new Set(shortcuts.map((shortcut) => shortcut.url))

  const toggle = (choice: ShortcutView) => {
    const next = chosen.has(choice.url) ? shortcuts.filter((s) => s.url !== choice.url) : [...shortcuts, choice]
    document.cookie = `${SHORTCUTS_COOKIE}=${encodeURIComponent(JSON.stringify(next))}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`
    revalidator.revalidate()
  }

  return (
    <div className="flex items-center gap-1" aria-label={t('shortcuts')} role="group">
      {shortcuts.map((shortcut) => (
        <Link
          key={shortcut.url}
          to={shortcut.url}
          prefetch="intent"
          title={shortcut.title}
          aria-label={shortcut.title}
          className="rounded-md p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <NavIcon name={shortcut.icon} className="h-5 w-5" />
        </Link>
      ))}
      {hydrated && choices.length > 0 ? (
        <Dropdown
          summaryLabel={t('chooseShortcuts')}
          summary={<Bookmark aria-hidden className="h-5 w-5" />}
          summaryClassName="p-2 text-slate-400 hover:bg-slate-100 hover:text-slate-900"
          align="left"
          panelClassName="max-h-96 w-64 overflow-y-auto"
        >
          <p className="px-4 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-400">{t('shortcuts')}</p>
          {choices.map((choice) => (
            <button
              key={choice.url}
              type="button"
              onClick={() => toggle(choice)}
              aria-pressed={chosen.has(choice.url)}
              className="flex w-full items-center gap-2.5 px-4 py-2 text-left hover:bg-slate-50"
            >
              <NavIcon name={choice.icon} className="h-4 w-4 text-slate-500" />
              <span className="flex-1">{choice.title}</span>
              {chosen.has(choice.url) ? <Check aria-hidden className="h-4 w-4 text-brand-text" /> : null}
            </button>
          ))}
        </Dropdown>
      ) : null}
    </div>
  )
}
