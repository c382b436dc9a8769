import type { NavigationItem } from '#server/shell/navigation-item'

/**
 * "Menu search is a case-insensitive match on the title." A group stays when its own title
 * matches (with all its children) or when some child matches (with only those children).
 * Hidden items never show, so they never match.
 */
export function searchNavigation(items: readonly NavigationItem[], query: string): NavigationItem[] {
  const needle = query.trim().toLowerCase()
  if (needle === '') return [...items]
  return items.flatMap((item) => matchItem(item, needle))
}

function matchItem(item: NavigationItem, needle: string): NavigationItem[] {
  if (item.hidden) return []
  if (item.title.toLowerCase().includes(needle)) return [item]
  if (!item.children) return []
  const children = item.children.flatMap((child) => matchItem(child, needle))
  return children.length > 0 ? [{ ...item, children }] : []
}
