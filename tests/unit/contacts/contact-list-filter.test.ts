import { describe, expect, it } from 'vitest'
import { contactListSearch, DEFAULT_CONTACT_LIST_FILTER, hasCustomFieldCondition, isFiltered, parseContactListFilter } from '#server/contacts/contact-list-filter'

const parse = (search: string) => parseContactListFilter(new URLSearchParams(search))
const TAG = '3f2b8c1e-6a0d-4c1e-9b7a-2d4e5f6a7b8c'

describe('the contacts list filter in the URL', () => {
  it('is the default list (by name, 50 a page) when the URL says nothing', () => {
    expect(parse('')).toEqual({ filter: DEFAULT_CONTACT_LIST_FILTER, ignored: [] })
    expect(isFiltered(parse('').filter)).toBe(false)
  })

  it.each([
    ['q=%20Jos%C3%A9%20%20Garc%C3%ADa%20', { search: 'José García' }],
    ['status=lead&status=member&status=lead', { statuses: ['lead', 'member'] }],
    [`tag=${TAG.toUpperCase()}`, { tagIds: [TAG] }],
    ['category=Yoga&salesStage=New&accountStage=Active', { category: 'Yoga', salesStage: 'New', accountStage: 'Active' }],
    ['walkIn=1', { walkInOnly: true }],
    ['joinedFrom=2026-01-01&joinedTo=2026-01-31', { joinedFrom: '2026-01-01', joinedTo: '2026-01-31' }],
    // Dates typed the wrong way round are swapped, not refused.
    ['joinedFrom=2026-02-01&joinedTo=2026-01-01', { joinedFrom: '2026-01-01', joinedTo: '2026-02-01' }],
    ['sort=balance', { sort: 'balance', direction: 'desc' }],
    ['sort=created&order=asc', { sort: 'created', direction: 'asc' }],
    ['sort=name&order=desc', { sort: 'name', direction: 'desc' }],
    ['size=5&page=3', { pageSize: 5, page: 3 }],
    ['size=150', { pageSize: 150 }],
  ] as const)('reads %s', (search, expected) => {
    const { filter, ignored } = parse(search)
    expect(ignored).toEqual([])
    expect(filter).toMatchObject(expected)
  })

  it.each([
    ['status=vip', 'status', { statuses: [] }],
    ['status=lead&status=vip', 'status', { statuses: ['lead'] }],
    ['tag=not-a-uuid', 'tag', { tagIds: [] }],
    ['joinedFrom=2026-13-45', 'joinedFrom', { joinedFrom: null }],
    ['joinedTo=yesterday', 'joinedTo', { joinedTo: null }],
    ['sort=password', 'sort', { sort: 'name' }],
    ['order=sideways', 'order', { direction: 'asc' }],
    ['size=7', 'size', { pageSize: 50 }],
    ['size=1000000', 'size', { pageSize: 50 }],
    ['page=0', 'page', { page: 1 }],
    ['page=-2', 'page', { page: 1 }],
    ['page=1.5', 'page', { page: 1 }],
    ['page=99999999', 'page', { page: 1 }],
    ['walkIn=maybe', 'walkIn', { walkInOnly: false }],
  ] as const)('leaves out %s and names it', (search, name, expected) => {
    const { filter, ignored } = parse(search)
    expect(ignored).toEqual([name])
    expect(filter).toMatchObject(expected)
  })

  it('treats empty fields of a submitted form as not set', () => {
    const { filter, ignored } = parse('q=&category=&salesStage=&accountStage=&joinedFrom=&joinedTo=&size=&sort=&status=&tag=')
    expect(ignored).toEqual([])
    expect(filter).toEqual(DEFAULT_CONTACT_LIST_FILTER)
  })

  it('keeps control characters out of the search and cuts it at 100 characters', () => {
    expect(parse('q=a%00b%0Ac').filter.search).toBe('a b c')
    expect(parse(`q=${'x'.repeat(500)}`).filter.search).toHaveLength(100)
  })

  it('writes a filter back to the same URL, defaults left out', () => {
    const search = `?q=ros&status=lead&status=client&tag=${TAG}&category=Yoga&walkIn=1&joinedFrom=2026-01-01&sort=balance&order=asc&size=100&page=2`
    const { filter } = parse(search.slice(1))
    expect(parse(contactListSearch(filter).slice(1)).filter).toEqual(filter)
    expect(contactListSearch(DEFAULT_CONTACT_LIST_FILTER)).toBe('')
    expect(contactListSearch(filter, { page: 1 })).not.toContain('page=')
  })

  describe('the custom field condition (cf, cfv)', () => {
    const FIELD = '9a1c2b3d-4e5f-4a6b-8c7d-0e1f2a3b4c5d'

    it.each([
      [`cf=${FIELD}&cfv=Beginner`, { field: FIELD, value: 'Beginner' }, true],
      [`cf=${FIELD.toUpperCase()}&cfv=%20%20two%20%20words%20`, { field: FIELD, value: 'two words' }, true],
      // A field chosen without a value yet: kept for the form, narrowing nothing.
      [`cf=${FIELD}`, { field: FIELD, value: '' }, false],
      [`cf=${FIELD}&cfv=%20`, { field: FIELD, value: '' }, false],
      // A value without a field: kept so the form can say a field is missing.
      ['cfv=yes', { field: null, value: 'yes' }, false],
      // The last of repeated parameters, as for every single-valued parameter.
      [`cf=${FIELD}&cfv=a&cfv=b`, { field: FIELD, value: 'b' }, true],
    ] as const)('reads %s', (search, expected, narrows) => {
      const { filter, ignored } = parse(search)
      expect(ignored).toEqual([])
      expect(filter.customField).toEqual(expected)
      expect(hasCustomFieldCondition(filter)).toBe(narrows)
      expect(isFiltered(filter)).toBe(narrows)
    })

    it('leaves out a field that is not an id, and names it', () => {
      expect(parse('cf=age&cfv=12')).toEqual({ filter: { ...DEFAULT_CONTACT_LIST_FILTER, customField: { field: null, value: '12' } }, ignored: ['cf'] })
      expect(parse('cf=age')).toEqual({ filter: DEFAULT_CONTACT_LIST_FILTER, ignored: ['cf'] })
    })

    it('treats empty fields of the submitted form as not set', () => {
      expect(parse('cf=&cfv=')).toEqual({ filter: DEFAULT_CONTACT_LIST_FILTER, ignored: [] })
    })

    it('keeps control characters out of the value and cuts it at 100 characters', () => {
      expect(parse(`cf=${FIELD}&cfv=a%00b`).filter.customField).toEqual({ field: FIELD, value: 'a b' })
      expect(parse(`cf=${FIELD}&cfv=${'x'.repeat(300)}`).filter.customField?.value).toHaveLength(100)
    })

    it('writes the condition back to the same URL', () => {
      for (const search of [`cf=${FIELD}&cfv=Level+2`, `cf=${FIELD}`, 'cfv=yes']) {
        const { filter } = parse(search)
        expect(contactListSearch(filter)).toBe(`?${search}`)
        expect(parse(contactListSearch(filter).slice(1)).filter).toEqual(filter)
      }
    })
  })
})
