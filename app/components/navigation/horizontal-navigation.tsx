import { ChevronDown } from 'lucide-react'
import type { NavigationItem } from '#server/shell/navigation-item'
import { Dropdown } from '#app/components/layout/dropdown'
import { NavIcon } from './nav-icon'
import { NavLinkItem } from './nav-link-item'

const barItemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors ${
    isActive ? 'bg-brand/10 text-brand-text' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
  }`

const panelItemClass = ({ isActive }: { isActive: boolean }) =>
  `flex items-center gap-2.5 px-4 py-2 text-sm ${isActive ? 'bg-brand/10 text-brand-text' : 'text-slate-700 hover:bg-slate-50'}`

/**
 * A menu laid out in a row (horizontal-style-1): items as links, groups as dropdowns. Used by
 * the student portal; `label` names the landmark.
 */
export function HorizontalNavigation({ items, label, showIcons = true }: { items: NavigationItem[]; label: string; showIcons?: boolean }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap items-center gap-1">
        {items
          .filter((item) => !item.hidden)
          .map((item) => (
            <li key={item.id}>
              {item.children ? (
                <Dropdown
                  summaryLabel={item.title}
                  summary={
                    <>
                      {showIcons ? <NavIcon name={item.icon} className="h-4 w-4" /> : null}
                      <span>{item.title}</span>
                      <ChevronDown aria-hidden className="h-3.5 w-3.5" />
                    </>
                  }
                  summaryClassName="px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
                  align="left"
                >
                  {item.children
                    .filter((child) => !child.hidden)
                    .map((child) => (
                      <NavLinkItem key={child.id} item={child} className={panelItemClass} showIcon={showIcons} />
                    ))}
                </Dropdown>
              ) : (
                <NavLinkItem item={item} className={barItemClass} showIcon={showIcons} />
              )}
            </li>
          ))}
      </ul>
    </nav>
  )
}

/** The same menu as a vertical list, for the panel that replaces the bar on narrow screens. */
export function StackedNavigation({ items, label }: { items: NavigationItem[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className="space-y-0.5">
        {items
          .filter((item) => !item.hidden)
          .map((item) =>
            item.children ? (
              <li key={item.id}>
                <p className="px-4 pb-1 pt-3 text-xs font-semibold uppercase tracking-wide text-slate-400">{item.title}</p>
                <ul>
                  {item.children
                    .filter((child) => !child.hidden)
                    .map((child) => (
                      <li key={child.id}>
                        <NavLinkItem item={child} className={panelItemClass} />
                      </li>
                    ))}
                </ul>
              </li>
            ) : (
              <li key={item.id}>
                <NavLinkItem item={item} className={panelItemClass} />
              </li>
            ),
          )}
      </ul>
    </nav>
  )
}
