import { describe, expect, it } from 'vitest'
import { CATALOG } from '#server/i18n/catalog'
import { staffMenuIn } from '#server/navigation/staff-menu-words'
import { flatMenu as flat, fullAdminMenu } from '#tests/support/full-admin-menu'

const everyItem = fullAdminMenu()

describe('the staff menu in the page language', () => {
  it('keeps the spec’s English titles in English', () => {
    expect(staffMenuIn(everyItem, 'en')).toEqual(everyItem)
  })

  it('has a Turkish title for every group and item of the menu, and keeps ids, links and order', () => {
    const turkish = flat(staffMenuIn(everyItem, 'tr'))
    const english = flat(everyItem)
    expect(turkish.map((item) => [item.id, item.url])).toEqual(english.map((item) => [item.id, item.url]))
    for (const item of english) expect(CATALOG.tr.staff, item.id).toHaveProperty(`nav_${item.id}`)
    expect(turkish.find((item) => item.id === 'contacts')?.title).toBe('Kişiler')
    expect(turkish.find((item) => item.id === 'invoices')?.title).toBe('Faturalar')
  })
})
