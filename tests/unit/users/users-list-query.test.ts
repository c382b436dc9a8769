import {
  DEFAULT_USERS_LIST_QUERY,
  nextSortFor,
  parseUsersListQuery,
  usersListSearch,
} from '#server/users/users-list-query'

const parse = (search: string) => parseUsersListQuery(new URLSearchParams(search))

describe('users list query', () => {
  it.each([
    ['', DEFAULT_USERS_LIST_QUERY],
    ['?page=3&size=25&sort=email&dir=desc&q=%20ana%20', { page: 3, size: 25, sort: 'email', dir: 'desc', q: 'ana' }],
    ['?size=5', { ...DEFAULT_USERS_LIST_QUERY, size: 5 }],
    ['?size=100', { ...DEFAULT_USERS_LIST_QUERY, size: 100 }],
    // Anything unknown or malformed falls back on its own, field by field.
    ['?size=7', DEFAULT_USERS_LIST_QUERY],
    ['?size=1000000', DEFAULT_USERS_LIST_QUERY],
    ['?page=0', DEFAULT_USERS_LIST_QUERY],
    ['?page=-2', DEFAULT_USERS_LIST_QUERY],
    ['?page=1.5', DEFAULT_USERS_LIST_QUERY],
    ['?page=abc', DEFAULT_USERS_LIST_QUERY],
    ['?sort=password_hash', DEFAULT_USERS_LIST_QUERY],
    ['?sort=lastLogin&dir=up', { ...DEFAULT_USERS_LIST_QUERY, sort: 'lastLogin' }],
    ['?q=a%00b', { ...DEFAULT_USERS_LIST_QUERY, q: 'a b' }],
  ])('reads %s', (search, expected) => {
    expect(parse(search)).toEqual(expected)
  })

  it('caps the filter text at 100 characters', () => {
    expect(parse(`?q=${'x'.repeat(500)}`).q).toHaveLength(100)
  })

  it('writes short links, leaving defaults out', () => {
    expect(usersListSearch(DEFAULT_USERS_LIST_QUERY, {})).toBe('')
    expect(usersListSearch(DEFAULT_USERS_LIST_QUERY, { page: 2 })).toBe('?page=2')
    expect(usersListSearch({ ...DEFAULT_USERS_LIST_QUERY, q: 'ana b' }, { sort: 'role', dir: 'desc' })).toBe('?q=ana+b&sort=role&dir=desc')
  })

  it('goes back to the first page when the filter, sort or size changes', () => {
    const onPage4 = { ...DEFAULT_USERS_LIST_QUERY, page: 4 }
    expect(usersListSearch(onPage4, { q: 'x' })).toBe('?q=x')
    expect(usersListSearch(onPage4, { size: 25 })).toBe('?size=25')
    expect(usersListSearch(onPage4, nextSortFor(onPage4, 'email'))).toBe('?sort=email')
    expect(usersListSearch(onPage4, { page: 5 })).toBe('?page=5')
  })

  it('flips the direction when the sorted column is clicked again', () => {
    expect(nextSortFor(DEFAULT_USERS_LIST_QUERY, 'name')).toEqual({ sort: 'name', dir: 'desc' })
    expect(nextSortFor({ ...DEFAULT_USERS_LIST_QUERY, dir: 'desc' }, 'name')).toEqual({ sort: 'name', dir: 'asc' })
    expect(nextSortFor({ ...DEFAULT_USERS_LIST_QUERY, dir: 'desc' }, 'teacher')).toEqual({ sort: 'teacher', dir: 'asc' })
  })
})
