import { z } from 'zod'

/** Users table paging (settings spec, section 9): 10 a page, with 5, 10, 25 and 100 offered. */
export const USERS_PAGE_SIZES = [5, 10, 25, 100] as const
export const DEFAULT_USERS_PAGE_SIZE = 10

export const USERS_SORT_COLUMNS = ['name', 'email', 'role', 'teacher', 'lastLogin'] as const
export type UsersSortColumn = (typeof USERS_SORT_COLUMNS)[number]
export type SortDirection = 'asc' | 'desc'

export interface UsersListQuery {
  page: number
  size: (typeof USERS_PAGE_SIZES)[number]
  sort: UsersSortColumn
  dir: SortDirection
  q: string
}

export const DEFAULT_USERS_LIST_QUERY: UsersListQuery = {
  page: 1,
  size: DEFAULT_USERS_PAGE_SIZE,
  sort: 'name',
  dir: 'asc',
  q: '',
}

// Every field falls back on its own: a hand-edited or stale URL still shows the list.
const schema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(DEFAULT_USERS_LIST_QUERY.page),
  size: z.coerce
    .number()
    .refine((value): value is UsersListQuery['size'] => (USERS_PAGE_SIZES as readonly number[]).includes(value))
    .catch(DEFAULT_USERS_LIST_QUERY.size),
  sort: z.enum(USERS_SORT_COLUMNS).catch(DEFAULT_USERS_LIST_QUERY.sort),
  dir: z.enum(['asc', 'desc']).catch(DEFAULT_USERS_LIST_QUERY.dir),
  q: z
    .string()
    // Control characters (NUL above all, which Postgres refuses) never help a filter.
    .transform((value) => value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, 100))
    .catch(DEFAULT_USERS_LIST_QUERY.q),
})

/** Reads the list's page, size, sort, direction and filter from a URL's search params. */
export function parseUsersListQuery(params: URLSearchParams): UsersListQuery {
  const parsed = schema.parse({
    page: params.get('page') ?? undefined,
    size: params.get('size') ?? undefined,
    sort: params.get('sort') ?? undefined,
    dir: params.get('dir') ?? undefined,
    q: params.get('q') ?? undefined,
  })
  return parsed as UsersListQuery
}

/**
 * The search string for the list with some settings changed, leaving defaults out so links
 * stay short. Changing the filter, sort or size goes back to the first page.
 */
export function usersListSearch(current: UsersListQuery, changes: Partial<UsersListQuery>): string {
  const resetsPage = changes.q !== undefined || changes.sort !== undefined || changes.dir !== undefined || changes.size !== undefined
  const next: UsersListQuery = { ...current, ...(resetsPage && changes.page === undefined ? { page: 1 } : {}), ...changes }
  const params = new URLSearchParams()
  if (next.q) params.set('q', next.q)
  if (next.sort !== DEFAULT_USERS_LIST_QUERY.sort) params.set('sort', next.sort)
  if (next.dir !== DEFAULT_USERS_LIST_QUERY.dir) params.set('dir', next.dir)
  if (next.size !== DEFAULT_USERS_LIST_QUERY.size) params.set('size', String(next.size))
  if (next.page !== 1) params.set('page', String(next.page))
  const search = params.toString()
  return search ? `?${search}` : ''
}

/** The direction a click on a column header asks for: the other way when it is the sorted one. */
export function nextSortFor(current: UsersListQuery, column: UsersSortColumn): Pick<UsersListQuery, 'sort' | 'dir'> {
  if (current.sort !== column) return { sort: column, dir: 'asc' }
  return { sort: column, dir: current.dir === 'asc' ? 'desc' : 'asc' }
}
