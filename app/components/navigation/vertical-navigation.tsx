import { Form, useLocation, useSearchParams } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { ChevronDown, Search, X } from 'lucide-react'
import { useEffect, useId, useMemo, useState } from 'react'
import { searchNavigation } from '#server/shell/menu-search'
import type { NavigationItem } from '#server/shell/navigation-item'
import { isGroupOpenFor } from './nav-paths'
import { NavLinkItem } from './nav-link-item'

/** The query parameter the menu search uses when it is submitted without JavaScript. */
export const MENU_SEARCH_PARAM = 'menu'

// Labels hide while the sidebar is folded, and come back while the pointer is over it.
const foldedHidden = 'group-has-[#sidebar-fold:checked]/shell:lg:hidden group-has-[#sidebar-fold:checked]/shell:lg:group-hover/sidebar:inline'
const foldedHiddenBlock =
  'group-has-[#sidebar-fold:checked]/shell:lg:hidden group-has-[#sidebar-fold:checked]/shell:lg:group-hover/sidebar:flex'

const itemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-3 rounded-md px-3 py-2 text-sm transition-colors ${
    isActive ? 'bg-brand text-on-brand shadow-sm' : 'text-slate-300 hover:bg-white/10 hover:text-white'
  }`

/** The staff menu: a search box, then collapsible groups of links (spec 000 sections 4 and 5). */
export function VerticalNavigation({ items }: { items: NavigationItem[] }) {
  const { t } = useTranslation()
  const [searchParams] = useSearchParams()
  const [query, setQuery] = useState(searchParams.get(MENU_SEARCH_PARAM) ?? '')
  const shown = useMemo(() => searchNavigation(items, query), [items, query])
  const searchId = useId()
  const isSearching = query.trim() !== ''
  // Without JavaScript the search is a GET of the page being shown, which renders the menu
  // filtered with the term still in the box. Without an action, Remix would send it to the
  // layout route's own address (the site root) and the term would be lost.
  const { pathname } = useLocation()

  return (
    <nav aria-label={t('staffMenu')} className="flex min-h-0 flex-1 flex-col">
      <Form method="get" action={pathname} role="search" className={`px-3 pb-2 ${foldedHiddenBlock}`} onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={searchId} className="sr-only">
          {t('searchTheMenu')}
        </label>
        <div className="relative w-full">
          <Search aria-hidden className="pointer-events-none absolute left-2.5 top-1/2 h-4 w-4 -translate-y-1/2 text-slate-400" />
          <input
            id={searchId}
            type="search"
            name={MENU_SEARCH_PARAM}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={t('searchMenu')}
            autoComplete="off"
            className="w-full rounded-md border border-white/10 bg-white/5 py-1.5 pl-8 pr-7 text-sm text-white placeholder:text-slate-400 focus:border-brand focus:outline-none"
          />
          {isSearching ? (
            <button
              type="button"
              onClick={() => setQuery('')}
              aria-label={t('clearMenuSearch')}
              className="absolute right-1.5 top-1/2 -translate-y-1/2 rounded p-0.5 text-slate-400 hover:text-white"
            >
              <X aria-hidden className="h-3.5 w-3.5" />
            </button>
          ) : null}
        </div>
      </Form>
      <div className="min-h-0 flex-1 overflow-y-auto px-3 pb-6">
        {shown.length === 0 ? (
          <p className={`px-3 py-4 text-sm text-slate-400 ${foldedHidden}`}>{t('noMenuMatch', { query: query.trim() })}</p>
        ) : (
          <ul className="space-y-1">
            {shown.map((item) => (
              <li key={item.id}>
                {item.children ? <NavGroup group={item} forceOpen={isSearching} /> : <VisibleItem item={item} />}
              </li>
            ))}
          </ul>
        )}
      </div>
    </nav>
  )
}

function VisibleItem({ item }: { item: NavigationItem }) {
  if (item.hidden) return null
  return <NavLinkItem item={item} className={itemClass} labelClassName={foldedHidden} />
}

function NavGroup({ group, forceOpen }: { group: NavigationItem; forceOpen: boolean }) {
  const { pathname } = useLocation()
  const inside = isGroupOpenFor(pathname, group)
  const [open, setOpen] = useState(inside)
  // Each navigation opens the group holding the new page and closes the others.
  useEffect(() => setOpen(inside), [pathname, inside])
  const children = (group.children ?? []).filter((child) => !child.hidden)
  if (children.length === 0) return null
  const isOpen = open || forceOpen

  return (
    <details
      open={isOpen}
      onToggle={(event) => {
        if (!forceOpen) setOpen(event.currentTarget.open)
      }}
      data-group={group.id}
      // Folded, every group's icons show, open or not (browsers with ::details-content).
      className="group/navgroup group-has-[#sidebar-fold:checked]/shell:lg:[&::details-content]:[content-visibility:visible]"
    >
      <summary
        className={`flex cursor-pointer list-none items-center gap-2 rounded-md px-3 pb-1 pt-3 text-[11px] font-semibold uppercase tracking-wider text-slate-400 hover:text-slate-200 [&::-webkit-details-marker]:hidden ${foldedHiddenBlock}`}
      >
        <span className="flex-1">{group.title}</span>
        <ChevronDown aria-hidden className="h-3.5 w-3.5 transition-transform group-open/navgroup:rotate-180" />
      </summary>
      {/* Folded, the headings give way to a thin rule so the icons still read as groups. */}
      <hr className="mx-2 my-2 hidden border-white/10 group-has-[#sidebar-fold:checked]/shell:lg:block group-has-[#sidebar-fold:checked]/shell:lg:group-hover/sidebar:hidden" />
      <ul className="space-y-0.5">
        {children.map((child) => (
          <li key={child.id}>
            {child.children ? <NavGroup group={child} forceOpen={forceOpen} /> : <VisibleItem item={child} />}
          </li>
        ))}
      </ul>
    </details>
  )
}
