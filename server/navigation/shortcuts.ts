import { z } from 'zod'
import type { NavigationItem } from '#server/shell/navigation-item'

/** Spec 000 section 3: shortcuts are kept in a cookie with a fixed name. */
export const SHORTCUTS_COOKIE = 'shortcuts'
export const MAX_SHORTCUTS = 10

const shortcutSchema = z.object({
  title: z.string().min(1).max(100),
  type: z.literal('item'),
  icon: z.string().max(60).default(''),
  url: z.string().regex(/^\/[A-Za-z0-9/_-]*$/, 'a path on this site'),
})

export type Shortcut = z.infer<typeof shortcutSchema>

const storedSchema = z.array(z.unknown()).max(50)

/** "A default store shortcut is added only for non-students when isShowStoreMenu is on." */
export function defaultShortcutsFor(input: { isStudent: boolean; isShowStoreMenu: boolean }): Shortcut[] {
  if (input.isStudent || !input.isShowStoreMenu) return []
  return [{ title: 'Store', type: 'item', icon: 'storefront', url: '/store' }]
}

/**
 * The shortcuts bar: what the cookie holds (the defaults when it was never written), keeping
 * only links the user's own menu still offers, so a flag turned off or a permission taken
 * away removes the shortcut too. A damaged cookie counts as never written.
 */
export function shortcutsFor(input: {
  cookieValue: string | null
  isStudent: boolean
  isShowStoreMenu: boolean
  navigation: readonly NavigationItem[]
}): Shortcut[] {
  const stored = input.cookieValue === null ? null : parseStored(input.cookieValue)
  const wanted = stored ?? defaultShortcutsFor(input)
  const offered = new Map(menuLinks(input.navigation).map((item) => [item.url, item]))
  const seen = new Set<string>()
  return wanted
    .filter((shortcut) => {
      if (!offered.has(shortcut.url) || seen.has(shortcut.url)) return false
      seen.add(shortcut.url)
      return true
    })
    // Named as the menu names the screen now (its language may have changed since it was kept).
    .map((shortcut) => ({ ...shortcut, title: offered.get(shortcut.url)?.title ?? shortcut.title }))
    .slice(0, MAX_SHORTCUTS)
}

/** The menu's internal links, flattened: the choices the shortcut picker offers. */
export function menuLinks(items: readonly NavigationItem[]): Array<Shortcut> {
  return items.flatMap((item): Shortcut[] => {
    if (item.children) return menuLinks(item.children)
    if (!item.url || item.externalUrl || item.hidden || item.url === '/logout') return []
    return [{ title: item.title, type: 'item', icon: item.icon ?? '', url: item.url }]
  })
}

function parseStored(value: string): Shortcut[] | null {
  try {
    const list = storedSchema.safeParse(JSON.parse(value))
    if (!list.success) return null
    return list.data.flatMap((entry) => {
      const shortcut = shortcutSchema.safeParse(entry)
      return shortcut.success ? [shortcut.data] : []
    })
  } catch {
    return null
  }
}
