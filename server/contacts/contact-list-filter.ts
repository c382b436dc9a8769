import { z } from 'zod'

/**
 * The contacts list's filter, read from the URL so that a filtered list can be bookmarked and
 * the filter form works as a plain GET (website spec 3, Contact search filter: search, contact
 * type, tag, category, joined by; spec 7: the sales and account stage views, walk-in users;
 * and one of the tenant's custom fields with a value, `cf` and `cfv`).
 *
 * A value that cannot be one (a made-up status, 'size=7', a date like '2024-13-45') is left
 * out and named in `ignored`, so the screen can say so; the list never fails on a URL.
 */

export const CONTACT_STATUSES = ['client', 'lead', 'member', 'staff', 'followup', 'inactive', 'other'] as const
export type ContactStatus = (typeof CONTACT_STATUSES)[number]

/** Labels as the product shows them (status flags isStatusClient ... isStatusOther). */
export const CONTACT_STATUS_LABELS: Readonly<Record<ContactStatus, string>> = {
  client: 'Client',
  lead: 'Lead',
  member: 'Member',
  staff: 'Staff',
  followup: 'Follow-up',
  inactive: 'Inactive',
  other: 'Other',
}

export const CONTACT_SORTS = ['name', 'created', 'updated', 'balance'] as const
export type ContactSort = (typeof CONTACT_SORTS)[number]

/** Website spec 2.12: default page size 50, options 5, 50, 100, 150. */
export const CONTACT_PAGE_SIZES = [5, 50, 100, 150] as const
export const DEFAULT_CONTACT_PAGE_SIZE = 50

export const MAX_SEARCH_LENGTH = 100
/** A custom field's value as typed into the filter; stored text values run longer, but a filter needs no more. */
export const MAX_CUSTOM_FIELD_VALUE_LENGTH = 100
const MAX_LABEL_LENGTH = 100
/** Beyond this a page number is a typo, and a huge OFFSET would only make Postgres count. */
const MAX_PAGE = 10_000

export interface ContactListFilter {
  search: string
  statuses: ContactStatus[]
  tagIds: string[]
  category: string | null
  salesStage: string | null
  accountStage: string | null
  walkInOnly: boolean
  /** Inclusive calendar days (YYYY-MM-DD) in the tenant's time zone. */
  joinedFrom: string | null
  joinedTo: string | null
  /**
   * One custom field and the value asked for, as the URL has them: `field` is the field's guId
   * (or id) not yet checked against the tenant's fields (null when a value came without one),
   * `value` is '' until one is typed. What the value means depends on the field's type
   * (custom-field-filter.ts).
   */
  customField: { field: string | null; value: string } | null
  sort: ContactSort
  direction: 'asc' | 'desc'
  page: number
  pageSize: number
}

export interface ParsedContactListFilter {
  filter: ContactListFilter
  /** The URL parameters that were left out, by name. */
  ignored: string[]
}

export const DEFAULT_CONTACT_LIST_FILTER: ContactListFilter = {
  search: '',
  statuses: [],
  tagIds: [],
  category: null,
  salesStage: null,
  accountStage: null,
  walkInOnly: false,
  joinedFrom: null,
  joinedTo: null,
  customField: null,
  sort: 'name',
  direction: 'asc',
  page: 1,
  pageSize: DEFAULT_CONTACT_PAGE_SIZE,
}

// Control characters (NUL above all, which Postgres refuses) never help a search or a label.
const cleanText = (max: number) =>
  z.string().transform((value) => value.replace(/[\u0000-\u001f\u007f]/g, ' ').replace(/\s+/g, ' ').trim().slice(0, max))

const calendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value
  })

const optionalLabel = cleanText(MAX_LABEL_LENGTH).transform((value) => (value === '' ? null : value))

const pageNumber = z.coerce.number().int().min(1).max(MAX_PAGE)
const pageSize = z.coerce
  .number()
  .int()
  .refine((value) => (CONTACT_PAGE_SIZES as readonly number[]).includes(value))

const uuid = z.string().uuid().transform((value) => value.toLowerCase())

/** Reads the filter from a URL's search parameters. */
export function parseContactListFilter(params: URLSearchParams): ParsedContactListFilter {
  const ignored = new Set<string>()
  const filter: ContactListFilter = { ...DEFAULT_CONTACT_LIST_FILTER, statuses: [], tagIds: [] }

  /** The last non-empty value of a parameter, parsed; an empty field means 'not set'. */
  function single<T>(name: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>): T | undefined {
    const values = params.getAll(name).filter((value) => value.trim() !== '')
    const value = values.at(-1)
    if (value === undefined) return undefined
    const parsed = schema.safeParse(value)
    if (parsed.success) return parsed.data
    ignored.add(name)
    return undefined
  }

  /** Every value of a repeated parameter ('status=lead&status=member'), bad ones left out. */
  function many<T>(name: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>): T[] {
    const found: T[] = []
    for (const value of params.getAll(name)) {
      if (value.trim() === '') continue
      const parsed = schema.safeParse(value)
      if (parsed.success) {
        if (!found.includes(parsed.data)) found.push(parsed.data)
      } else ignored.add(name)
    }
    return found
  }

  filter.search = single('q', cleanText(MAX_SEARCH_LENGTH)) ?? ''
  filter.statuses = many('status', z.enum(CONTACT_STATUSES))
  filter.tagIds = many('tag', uuid).slice(0, 20)
  filter.category = single('category', optionalLabel) ?? null
  filter.salesStage = single('salesStage', optionalLabel) ?? null
  filter.accountStage = single('accountStage', optionalLabel) ?? null
  filter.walkInOnly = single('walkIn', z.enum(['1', 'on', 'true'])) !== undefined
  filter.joinedFrom = single('joinedFrom', calendarDay) ?? null
  filter.joinedTo = single('joinedTo', calendarDay) ?? null
  if (filter.joinedFrom && filter.joinedTo && filter.joinedFrom > filter.joinedTo) {
    // 'From' after 'to' is two dates typed the wrong way round: swapping them is what was meant.
    ;[filter.joinedFrom, filter.joinedTo] = [filter.joinedTo, filter.joinedFrom]
  }
  const customField = single('cf', uuid)
  const customValue = single('cfv', cleanText(MAX_CUSTOM_FIELD_VALUE_LENGTH)) ?? ''
  // A field without a value is kept so the form shows the field chosen, and narrows nothing
  // until a value is given; a value without a field is kept so the form can say what is missing.
  filter.customField = customField || customValue ? { field: customField ?? null, value: customValue } : null
  filter.sort = single('sort', z.enum(CONTACT_SORTS)) ?? DEFAULT_CONTACT_LIST_FILTER.sort
  filter.direction = single('order', z.enum(['asc', 'desc'])) ?? (filter.sort === 'name' ? 'asc' : 'desc')
  filter.page = single('page', pageNumber) ?? 1
  filter.pageSize = single('size', pageSize) ?? DEFAULT_CONTACT_PAGE_SIZE
  return { filter, ignored: [...ignored] }
}

/**
 * The URL search string of a filter, with defaults left out so links stay short; `changes`
 * overrides fields (a page link, a sort header). Inverse of parseContactListFilter.
 */
export function contactListSearch(filter: ContactListFilter, changes: Partial<ContactListFilter> = {}): string {
  const next = { ...filter, ...changes }
  const params = new URLSearchParams()
  if (next.search) params.set('q', next.search)
  for (const status of next.statuses) params.append('status', status)
  for (const tagId of next.tagIds) params.append('tag', tagId)
  if (next.category) params.set('category', next.category)
  if (next.salesStage) params.set('salesStage', next.salesStage)
  if (next.accountStage) params.set('accountStage', next.accountStage)
  if (next.walkInOnly) params.set('walkIn', '1')
  if (next.joinedFrom) params.set('joinedFrom', next.joinedFrom)
  if (next.joinedTo) params.set('joinedTo', next.joinedTo)
  if (next.customField?.field) params.set('cf', next.customField.field)
  if (next.customField?.value) params.set('cfv', next.customField.value)
  if (next.sort !== DEFAULT_CONTACT_LIST_FILTER.sort) params.set('sort', next.sort)
  if (next.direction !== (next.sort === 'name' ? 'asc' : 'desc')) params.set('order', next.direction)
  if (next.pageSize !== DEFAULT_CONTACT_PAGE_SIZE) params.set('size', String(next.pageSize))
  if (next.page !== 1) params.set('page', String(next.page))
  const search = params.toString()
  return search ? `?${search}` : ''
}

/** Whether anything narrows the list (the empty state says 'no match' rather than 'no contacts'). */
export function isFiltered(filter: ContactListFilter): boolean {
  return (
    filter.search !== '' ||
    filter.statuses.length > 0 ||
    filter.tagIds.length > 0 ||
    filter.category !== null ||
    filter.salesStage !== null ||
    filter.accountStage !== null ||
    filter.walkInOnly ||
    filter.joinedFrom !== null ||
    filter.joinedTo !== null ||
    hasCustomFieldCondition(filter)
  )
}

/** Whether the filter asks for a custom field's value (applied only if the field and value fit: custom-field-filter.ts). */
export function hasCustomFieldCondition(filter: Pick<ContactListFilter, 'customField'>): boolean {
  return Boolean(filter.customField?.field && filter.customField.value)
}
