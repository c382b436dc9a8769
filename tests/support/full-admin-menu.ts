import { adminNavigationFor } from '#server/shell/admin-navigation'
import type { NavigationItem } from '#server/shell/navigation-item'

/** The staff menu with every flag on, on the master, for a role that may see everything. */
export function fullAdminMenu(): NavigationItem[] {
  return adminNavigationFor({
    flags: new Proxy({}, { get: () => true }) as Parameters<typeof adminNavigationFor>[0]['flags'],
    isMaster: true,
    permissions: { isAllowCreateClasses: true, isShowCourse: true, isShowContactsList: true, isShowOffers: true },
    helpUrl: 'https://help.example.test',
    isAvailable: () => true,
  })
}

/** Groups and items of a menu, one list, in order. */
export function flatMenu(items: readonly NavigationItem[]): NavigationItem[] {
  return items.flatMap((item) => [item, ...flatMenu(item.children ?? [])])
}
