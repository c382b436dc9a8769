import { z } from 'zod'

/** Franchise list paging (settings spec, timings and sizes): 10 a page, with 5, 10, 25 and 100 offered. */
export const FRANCHISE_PAGE_SIZES = [5, 10, 25, 100] as const
export const DEFAULT_FRANCHISE_PAGE_SIZE = 10

export interface FranchiseListQuery {
  page: number
  size: (typeof FRANCHISE_PAGE_SIZES)[number]
  q: string
}

// Every field falls back on its own: a hand-edited or stale URL still shows the list.
const schema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
  size: z.coerce
    .number()
    .refine((value): value is FranchiseListQuery['size'] => (FRANCHISE_PAGE_SIZES as readonly number[]).includes(value))
    .catch(DEFAULT_FRANCHISE_PAGE_SIZE),
  q: z
    .string()
    .transform((value) => value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, 100))
    .catch(''),
})

export function parseFranchiseListQuery(params: URLSearchParams): FranchiseListQuery {
  return schema.parse({ page: params.get('page') ?? undefined, size: params.get('size') ?? undefined, q: params.get('q') ?? undefined }) as FranchiseListQuery
}

/** The list's address with some settings changed; a new filter or size goes back to page 1. */
export function franchiseListHref(current: FranchiseListQuery, changes: Partial<FranchiseListQuery> = {}): string {
  const next = { ...current, ...(changes.q !== undefined || changes.size !== undefined ? { page: 1 } : {}), ...changes }
  const params = new URLSearchParams()
  if (next.q) params.set('q', next.q)
  if (next.size !== DEFAULT_FRANCHISE_PAGE_SIZE) params.set('size', String(next.size))
  if (next.page > 1) params.set('page', String(next.page))
  const search = params.toString()
  return search ? `/settings/franchise?${search}` : '/settings/franchise'
}
