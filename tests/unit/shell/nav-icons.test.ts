import { describe, expect, it } from 'vitest'
import { NAV_ICONS } from '#app/components/navigation/nav-icon'
import { flatMenu, fullAdminMenu } from '#tests/support/full-admin-menu'

describe('the staff menu icons', () => {
  it('draws every item with its own icon, never the blank fallback', () => {
    const items = flatMenu(fullAdminMenu()).filter((item) => !item.children)
    expect(items.filter((item) => !item.icon || !(item.icon in NAV_ICONS)).map((item) => `${item.id}: ${item.icon}`)).toEqual([])
  })
})
