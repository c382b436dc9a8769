import { z } from 'zod'
import { parseCalendarDate } from '#server/catalog/calendar-date'
import type { CalendarView } from './calendar-grid'

/** What a visitor asked the public calendar for: `?view=week&date=YYYY-MM-DD&class=...&teacher=...`. */
export interface CalendarQuery {
  view: CalendarView
  date: string
  /** Unverified ids, compared with the schedule's, never used to query. */
  classId: string | null
  teacherId: string | null
}

const optionalId = z
  .string()
  .trim()
  .max(100)
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .catch(null)

const querySchema = z.object({
  view: z.enum(['week', 'month']).nullable().catch(null),
  date: z
    .string()
    .refine((value) => parseCalendarDate(value) !== null)
    .nullable()
    .catch(null),
  class: optionalId,
  teacher: optionalId,
})

/**
 * Reads the query string; anything a visitor can type that is not a view, a real date or a
 * short id falls back (the tenant's default view, today, no filter) rather than failing.
 * `isShowCalenderView` is the 'Calendar Website view' setting: on is Monthly View, off Weekly View.
 */
export function parseCalendarQuery(search: URLSearchParams, defaults: { isShowCalenderView: boolean; today: string }): CalendarQuery {
  const parsed = querySchema.parse({
    view: search.get('view'),
    date: search.get('date'),
    class: search.get('class'),
    teacher: search.get('teacher'),
  })
  return {
    view: parsed.view ?? (defaults.isShowCalenderView ? 'month' : 'week'),
    date: parsed.date ?? defaults.today,
    classId: parsed.class ?? null,
    teacherId: parsed.teacher ?? null,
  }
}

/** The calendar's address for a query; filters are kept, empty ones left out. */
export function calendarHref(query: CalendarQuery): string {
  const search = new URLSearchParams({ view: query.view, date: query.date })
  if (query.classId) search.set('class', query.classId)
  if (query.teacherId) search.set('teacher', query.teacherId)
  return `/calendar?${search.toString()}`
}
