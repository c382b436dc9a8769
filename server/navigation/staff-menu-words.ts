import { CATALOG } from '#server/i18n/catalog'
import type { Language } from '#server/i18n/languages'
import type { NavigationItem } from '#server/shell/navigation-item'

/**
 * The staff menu in the page's language, item by item through its id (admin-navigation.ts).
 * English keeps the spec's titles as they are; an item without a translation keeps its own.
 * Done on the server, so the menu's search (which also runs without JavaScript) and the
 * shortcuts find the words the person reads.
 */
export function staffMenuIn(items: readonly NavigationItem[], language: Language): NavigationItem[] {
  if (language === 'en') return [...items]
  const words: Readonly<Record<string, string>> = CATALOG[language].staff
  const translate = (list: readonly NavigationItem[]): NavigationItem[] =>
    list.map((item) => ({ ...item, title: words[`nav_${item.id}`] ?? item.title, children: item.children ? translate(item.children) : item.children }))
  return translate(items)
}
