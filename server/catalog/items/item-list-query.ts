import { z } from 'zod'
import { withoutControlCharacters } from '#server/text/without-control-characters'

/** Page sizes of the item lists (the spec's list sizes 50, 100, 150; product lists fetch up to 1000). */
export const ITEM_PAGE_SIZES = [50, 100, 150] as const
export const DEFAULT_ITEM_PAGE_SIZE = 50
export const ITEM_SEARCH_MAX_LENGTH = 100

/** An item list's query: the spec's product bundle list query (start, max, isShowArchived, search). */
export interface ItemListQuery {
  search: string
  isShowArchived: boolean
  /** Rows skipped. */
  start: number
  /** Rows shown. */
  max: number
}

const querySchema = z.object({
  search: z.string().max(ITEM_SEARCH_MAX_LENGTH).catch('').default(''),
  isShowArchived: z
    .enum(['true', 'false'])
    .catch('false')
    .default('false')
    .transform((value) => value === 'true'),
  start: z.coerce.number().int().min(0).max(1_000_000).catch(0).default(0),
  max: z.coerce
    .number()
    .int()
    .refine((value) => (ITEM_PAGE_SIZES as readonly number[]).includes(value))
    .catch(DEFAULT_ITEM_PAGE_SIZE)
    .default(DEFAULT_ITEM_PAGE_SIZE),
})

/** Reads a list address's query; anything not understood falls back to the default. */
export function parseItemListQuery(params: URLSearchParams): ItemListQuery {
  const raw = Object.fromEntries(['search', 'isShowArchived', 'start', 'max'].flatMap((key) => (params.has(key) ? [[key, params.get(key) ?? '']] : [])))
  const parsed = querySchema.parse(raw)
  const start = parsed.start - (parsed.start % parsed.max)
  // A NUL from a crafted address would be refused by Postgres.
  return { search: withoutControlCharacters(parsed.search).trim(), isShowArchived: parsed.isShowArchived, start, max: parsed.max }
}

/** The list address for a query, keeping only what differs from the defaults. */
export function itemListHref(path: string, query: ItemListQuery): string {
  const params = new URLSearchParams()
  if (query.search) params.set('search', query.search)
  if (query.isShowArchived) params.set('isShowArchived', 'true')
  if (query.start > 0) params.set('start', String(query.start))
  if (query.max !== DEFAULT_ITEM_PAGE_SIZE) params.set('max', String(query.max))
  const text = params.toString()
  return text ? `${path}?${text}` : path
}
