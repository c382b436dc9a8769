import { describe, expect, it } from 'vitest'
import { searchNavigation } from '#server/shell/menu-search'
import type { NavigationItem } from '#server/shell/navigation-item'

const tree: NavigationItem[] = [
  {
    id: 'launch',
    title: 'Launch',
    type: 'group',
    children: [
      { id: 'events', title: 'Events', type: 'item', url: '/rules' },
      { id: 'schedule', title: 'Classes', type: 'item', url: '/schedule' },
    ],
  },
  {
    id: 'manage',
    title: 'Manage',
    type: 'group',
    children: [
      { id: 'assesment', title: 'Assessment', type: 'item', url: '/assesment', hidden: true },
      { id: 'qbank', title: 'Question Banks', type: 'item', url: '/qbank' },
      { id: 'store', title: 'Store', type: 'item', url: '/store' },
    ],
  },
  { id: 'logout', title: 'Logout', type: 'item', url: '/logout' },
]

const ids = (items: readonly NavigationItem[]): string[] =>
  items.flatMap((item) => [item.id, ...ids(item.children ?? [])])

describe('searchNavigation', () => {
  it.each([
    { query: 'CLASS', expected: ['launch', 'schedule'] },
    { query: 'es', expected: ['launch', 'schedule', 'manage', 'qbank'] },
    { query: 'ENT', expected: ['launch', 'events'] },
    { query: 'manage', expected: ['manage', 'assesment', 'qbank', 'store'] },
    { query: 'log', expected: ['logout'] },
    { query: '  store ', expected: ['manage', 'store'] },
    { query: 'assessment', expected: [] },
    { query: 'nothing', expected: [] },
  ])('case-insensitive match on the title: $query', ({ query, expected }) => {
    expect(ids(searchNavigation(tree, query))).toEqual(expected)
  })

  it('returns the whole tree for an empty query', () => {
    expect(searchNavigation(tree, ' ')).toEqual(tree)
  })

  it('does not change the tree it searched', () => {
    searchNavigation(tree, 'store')
    expect(tree[1]?.children).toHaveLength(3)
  })
})
