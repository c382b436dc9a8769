import { addDays, addMonthsClamped, daysInMonth, formatCalendarDate, parseCalendarDate, weekdayOfDay } from '#server/catalog/calendar-date'
import type { InstantWindow } from '#server/catalog/class-schedule'
import { formatPattern } from '#server/dates/date-pattern'
import { zonedTimeToInstant } from '#server/dates/local-time'
import type { Language } from '#server/i18n/languages'

export type CalendarView = 'week' | 'month'

/** One day cell of the week or month grid. */
export interface CalendarDay {
  /** 'YYYY-MM-DD' */
  date: string
  /** 0 is Sunday. */
  weekday: number
  /** False for the leading and trailing days of other months in the month grid. */
  inRange: boolean
  isToday: boolean
}

export interface CalendarGrid {
  view: CalendarView
  /** The date the grid was asked for. */
  date: string
  /** Rows of seven days, Sunday first: one row for a week, four to six for a month. */
  weeks: CalendarDay[][]
  /** The first and last day shown, inclusive. */
  firstDay: string
  lastDay: string
  /** The dates the previous and next links ask for. */
  previousDate: string
  nextDate: string
  /** 'Nov 22 - 28, 2026', 'Nov 29 - Dec 5, 2026' or 'November 2026'. */
  title: string
}

/**
 * The days a week or month view shows around a date. Weeks start on Sunday, as the spec's
 * formats and US studios do. A month shows whole weeks from the Sunday on or before the 1st to
 * the Saturday on or after its last day; its days from other months are not in range.
 * Previous and next move by a week or by a month (Jan 31 goes to Feb 28, never to March).
 */
export function calendarGrid(view: CalendarView, date: string, today: string, language: Language = 'en'): CalendarGrid {
  const day = parseCalendarDate(date) ?? parseCalendarDate(today) ?? 0
  const anchor = formatCalendarDate(day)
  if (view === 'week') {
    const first = day - weekdayOfDay(day)
    const row = daysOf(first, first + 6, () => true, today)
    return {
      view,
      date: anchor,
      weeks: [row],
      firstDay: formatCalendarDate(first),
      lastDay: formatCalendarDate(first + 6),
      previousDate: formatCalendarDate(day - 7),
      nextDate: formatCalendarDate(day + 7),
      title: weekTitle(formatCalendarDate(first), formatCalendarDate(first + 6), language),
    }
  }
  const year = Number(anchor.slice(0, 4))
  const month = Number(anchor.slice(5, 7))
  const monthFirst = day - (Number(anchor.slice(8, 10)) - 1)
  const monthLast = monthFirst + daysInMonth(year, month) - 1
  const first = monthFirst - weekdayOfDay(monthFirst)
  const last = monthLast + (6 - weekdayOfDay(monthLast))
  const all = daysOf(first, last, (n) => n >= monthFirst && n <= monthLast, today)
  const weeks: CalendarDay[][] = []
  for (let index = 0; index < all.length; index += 7) weeks.push(all.slice(index, index + 7))
  return {
    view,
    date: anchor,
    weeks,
    firstDay: formatCalendarDate(first),
    lastDay: formatCalendarDate(last),
    previousDate: addMonthsClamped(anchor, -1) ?? anchor,
    nextDate: addMonthsClamped(anchor, 1) ?? anchor,
    title: formatPattern(new Date(`${anchor}T12:00:00Z`), 'UTC', 'MMMM YYYY', language),
  }
}

/** The instants the grid's days cover in the zone: from the first day's first moment to the day after the last. */
export function gridWindow(grid: Pick<CalendarGrid, 'firstDay' | 'lastDay'>, timeZone: string): InstantWindow {
  const dayAfter = addDays(grid.lastDay, 1) ?? grid.lastDay
  const from = zonedTimeToInstant(grid.firstDay, '00:00', timeZone) ?? new Date(`${grid.firstDay}T00:00:00Z`)
  const to = zonedTimeToInstant(dayAfter, '00:00', timeZone) ?? new Date(`${dayAfter}T00:00:00Z`)
  return { from, to }
}

/** Items grouped by the day key each gives, in the grid's day order; every day is present. */
export function itemsByDay<T>(grid: Pick<CalendarGrid, 'weeks'>, items: readonly T[], dayOf: (item: T) => string): Map<string, T[]> {
  const byDay = new Map<string, T[]>()
  for (const week of grid.weeks) for (const cell of week) byDay.set(cell.date, [])
  for (const item of items) byDay.get(dayOf(item))?.push(item)
  return byDay
}

function daysOf(first: number, last: number, inRange: (day: number) => boolean, today: string): CalendarDay[] {
  const days: CalendarDay[] = []
  for (let n = first; n <= last; n++) {
    const date = formatCalendarDate(n)
    days.push({ date, weekday: weekdayOfDay(n), inRange: inRange(n), isToday: date === today })
  }
  return days
}

function weekTitle(first: string, last: string, language: Language): string {
  const at = (date: string, pattern: string) => formatPattern(new Date(`${date}T12:00:00Z`), 'UTC', pattern, language)
  // Turkish puts the day before the month: '29 Kas - 5 Ara 2026', '1 - 7 Kas 2026'.
  if (language === 'tr') {
    if (first.slice(0, 4) !== last.slice(0, 4)) return `${at(first, 'D MMM YYYY')} - ${at(last, 'D MMM YYYY')}`
    if (first.slice(0, 7) !== last.slice(0, 7)) return `${at(first, 'D MMM')} - ${at(last, 'D MMM YYYY')}`
    return `${at(first, 'D')} - ${at(last, 'D MMM YYYY')}`
  }
  if (first.slice(0, 4) !== last.slice(0, 4)) return `${at(first, 'MMM D, YYYY')} - ${at(last, 'MMM D, YYYY')}`
  if (first.slice(0, 7) !== last.slice(0, 7)) return `${at(first, 'MMM D')} - ${at(last, 'MMM D, YYYY')}`
  return `${at(first, 'MMM D')} - ${at(last, 'D, YYYY')}`
}
