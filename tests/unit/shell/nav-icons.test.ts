import { describe, expect, it } from 'vitest'
import { NAV_ICONS } from '#app/components/navigation/nav-icon'
import { adminNavigationFor } from '#server/shell/admin-navigation'
import type { NavigationItem } from '#server/shell/navigation-item'

const flat = (items: readonly NavigationItem[]): NavigationItem[] => items.flatMap((item) => [item, ...flat(item.children ?? [])])

describe('the staff menu icons', () => {
  it('draws every item with its own icon, never the blank fallback', () => {
    const items = flat(
      adminNavigationFor({
        flags: new Proxy({}, { get: () => true }) as Parameters<typeof adminNavigationFor>[0]['flags'],
        isMaster: true,
        permissions: { isAllowCreateClasses: true, isShowCourse: true, isShowContactsList: true, isShowOffers: true },
        helpUrl: 'https://help.example.test',
        isAvailable: () => true,
      }),
    ).filter((item) => !item.children)
    expect(items.filter((item) => !item.icon || !(item.icon in NAV_ICONS)).map((item) => `${item.id}: ${item.icon}`)).toEqual([])
  })
})
