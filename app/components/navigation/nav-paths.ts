import type { NavigationItem } from '#server/shell/navigation-item'

/** The current page is this item's screen or a screen under it (/settings/roles is in /settings). */
export function isPathInside(pathname: string, url: string | undefined): boolean {
  if (!url || !url.startsWith('/')) return false
  const here = pathname.toLowerCase().replace(/\/+$/, '')
  const there = url.toLowerCase().replace(/\/+$/, '')
  return here === there || here.startsWith(`${there}/`)
}

/** "Collapsible groups expand when the current URL is inside them." */
export function isGroupOpenFor(pathname: string, item: NavigationItem): boolean {
  return (item.children ?? []).some((child) =>
    child.children ? isGroupOpenFor(pathname, child) : !child.externalUrl && isPathInside(pathname, child.url),
  )
}
