import { describe, expect, test } from 'vitest'
import { carriedSelectionFields, contactSelectionParams, MAX_SELECTED_IDS, parseContactSelection } from '#server/contacts/contact-selection'
import { parseContactListFilter } from '#server/contacts/contact-list-filter'

const A = '0b7c9d52-1111-4c1e-9a55-0a0a0a0a0a01'
const B = '0b7c9d52-2222-4c1e-9a55-0a0a0a0a0a02'

describe('which contacts a bulk action is for', () => {
  test.each([
    ['ticked rows', `id=${A}&id=${B}`, { kind: 'ids', guIds: [A, B] }],
    ['the same row twice, upper case', `id=${A}&id=${A.toUpperCase()}`, { kind: 'ids', guIds: [A] }],
    ['the page box without JavaScript: the rows on the page', `selectPage=1&pageId=${A}&pageId=${B}`, { kind: 'ids', guIds: [A, B] }],
    ['page rows only count when the page box is ticked', `pageId=${A}&id=${B}`, { kind: 'ids', guIds: [B] }],
    ['all that match: the filter, from page 1', `all=1&q=garcia&status=member&page=3&id=${A}`, { kind: 'all', filter: { ...parseContactListFilter(new URLSearchParams('q=garcia&status=member')).filter, page: 1 } }],
  ])('%s', (_, search, expected) => {
    expect(parseContactSelection(new URLSearchParams(search))).toEqual({ ok: true, value: expected })
  })

  test.each([
    ['nothing ticked', 'q=garcia', 'Select at least one contact.'],
    ['an id that is not a guId', `id=${A}&id=1%20or%201=1`, 'A selected contact could not be read; nothing was changed.'],
    ['all that match a filter partly not understood', 'all=1&status=vip&q=x', 'The filter could not be read (status); nothing was changed.'],
    ['more ids than any page', Array.from({ length: MAX_SELECTED_IDS + 1 }, (_, index) => `id=${A.slice(0, -3)}${String(index).padStart(3, '0')}`).join('&'), `Select at most ${MAX_SELECTED_IDS} contacts, or all that match the filter.`],
  ])('refuses %s', (_, search, message) => {
    expect(parseContactSelection(new URLSearchParams(search))).toEqual({ ok: false, error: 'invalid_input', message })
  })

  test('a selection written out reads back the same; the confirmation carries the list it came from', () => {
    const filter = parseContactListFilter(new URLSearchParams('q=garcia&tag=0b7c9d52-3333-4c1e-9a55-0a0a0a0a0a03&page=2&size=5')).filter
    for (const selection of [{ kind: 'ids' as const, guIds: [A, B] }, { kind: 'all' as const, filter: { ...filter, page: 1 } }]) {
      expect(parseContactSelection(contactSelectionParams(selection))).toEqual({ ok: true, value: selection })
      expect(parseContactSelection(new URLSearchParams(carriedSelectionFields(filter, selection)))).toEqual({ ok: true, value: selection })
    }
    expect(carriedSelectionFields(filter, { kind: 'ids', guIds: [A] })).toEqual([['id', A], ['q', 'garcia'], ['tag', '0b7c9d52-3333-4c1e-9a55-0a0a0a0a0a03'], ['size', '5'], ['page', '2']])
    expect(carriedSelectionFields(filter, { kind: 'all', filter: { ...filter, page: 1 } })).toEqual([['q', 'garcia'], ['tag', '0b7c9d52-3333-4c1e-9a55-0a0a0a0a0a03'], ['size', '5'], ['all', '1'], ['page', '2']])
  })
})
