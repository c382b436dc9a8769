import type { DatabaseHandle } from '#db/connection'
import { TIME_PATTERN } from '#server/dates/date-formats'
import { formatPattern } from '#server/dates/date-pattern'
import { dateInputValue } from '#server/dates/local-time'
import { signupPathFor } from '#server/shell/landing-path'
import type { Tenant } from '#server/tenancy/tenant'
import { calendarGrid, gridWindow, itemsByDay, type CalendarView } from './calendar-grid'
import { calendarHref, type CalendarQuery } from './calendar-query'
import { loadPublicSchedule, type PublicOccurrence, type PublicScheduleChoice } from './load-public-schedule'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { studioButtonLabel } from '#server/i18n/studio-button-label'

/** One occurrence as the calendar page shows it: text ready, no Dates (loader data is JSON). */
export interface CalendarEntry {
  id: string
  className: string
  colour: string | null
  /** '07:00 AM - 08:00 AM' in the tenant's zone. */
  timeText: string
  startIso: string
  teacherName: string | null
  /** Null when the tenant does not show room names, or the class has no room. */
  roomName: string | null
  /** '5 spots left', '1 spot left', 'Full'; null when there is no limit. */
  spotsText: string | null
  isFull: boolean
  isPast: boolean
  cancelled: boolean
  /** The sign-up address; null when the occurrence cannot be booked (past, cancelled or full). */
  signupHref: string | null
}

export interface CalendarDayView {
  date: string
  /** 'Mon' */
  weekdayText: string
  /** The date in the tenant's date format. */
  dateText: string
  /** The day of the month, for month cells. */
  dayOfMonth: number
  inRange: boolean
  isToday: boolean
  isPast: boolean
  entries: CalendarEntry[]
}

export interface PublicCalendarPage {
  view: CalendarView
  title: string
  query: CalendarQuery
  weeks: CalendarDayView[][]
  links: { previous: string; next: string; today: string; week: string; month: string }
  classes: PublicScheduleChoice[]
  teachers: PublicScheduleChoice[]
  registerButtonLabel: string
  /** The next moment the page changes by itself (an occurrence starts and turns past), ISO; null if none. */
  nextChangeAt: string | null
  timeZone: string
}

/**
 * The public calendar's week or month for a visitor's query, in the tenant's zone and date
 * format; room names only when the tenant shows them (isShowRoomName).
 */
export async function loadPublicCalendarPage(database: DatabaseHandle, tenant: Tenant, query: CalendarQuery, now: Date, language: Language = 'en'): Promise<PublicCalendarPage> {
  const { settings } = tenant
  const timeZone = settings.timezone
  const today = dateInputValue(now, timeZone)
  const grid = calendarGrid(query.view, query.date, today, language)
  // Turkish writes 24-hour times and its own day-month order; English keeps the studio's settings.
  const timePattern = language === 'en' ? TIME_PATTERN : 'HH:mm'
  const dayPattern = language === 'en' ? settings.dateFormat : 'DD MMM YYYY'
  const schedule = await loadPublicSchedule(database, tenant.id, gridWindow(grid, timeZone), { classId: query.classId, teacherId: query.teacherId })
  const byDay = itemsByDay(grid, schedule.occurrences, (occurrence) => dateInputValue(occurrence.start, timeZone))
  const entry = (occurrence: PublicOccurrence): CalendarEntry => {
    const isPast = occurrence.start.getTime() <= now.getTime()
    const isFull = occurrence.spotsLeft !== null && occurrence.spotsLeft <= 0
    return {
      id: occurrence.id,
      className: occurrence.className,
      colour: occurrence.colour,
      timeText: `${formatPattern(occurrence.start, timeZone, timePattern)} - ${formatPattern(occurrence.end, timeZone, timePattern)}`,
      startIso: occurrence.start.toISOString(),
      teacherName: occurrence.teacherName,
      roomName: settings.isShowRoomName ? occurrence.roomName : null,
      spotsText: spotsText(occurrence.spotsLeft, language),
      isFull,
      isPast,
      cancelled: occurrence.cancelled,
      signupHref:
        isPast || occurrence.cancelled || isFull
          ? null
          : signupPathFor({ classId: occurrence.classId, clsStartTime: occurrence.clsStartTime, scheduleId: occurrence.scheduleId }),
    }
  }
  const weeks = grid.weeks.map((week) =>
    week.map((day): CalendarDayView => {
      const noon = new Date(`${day.date}T12:00:00Z`)
      return {
        date: day.date,
        weekdayText: formatPattern(noon, 'UTC', 'ddd', language),
        dateText: formatPattern(noon, 'UTC', dayPattern, language),
        dayOfMonth: Number(day.date.slice(8, 10)),
        inRange: day.inRange,
        isToday: day.isToday,
        isPast: day.date < today,
        entries: (byDay.get(day.date) ?? []).map(entry),
      }
    }),
  )
  const upcoming = schedule.occurrences.find((occurrence) => occurrence.start.getTime() > now.getTime())
  return {
    view: grid.view,
    title: grid.title,
    query,
    weeks,
    links: {
      previous: calendarHref({ ...query, date: grid.previousDate }),
      next: calendarHref({ ...query, date: grid.nextDate }),
      today: calendarHref({ ...query, date: today }),
      week: calendarHref({ ...query, view: 'week', date: grid.date }),
      month: calendarHref({ ...query, view: 'month', date: grid.date }),
    },
    classes: schedule.classes,
    teachers: schedule.teachers,
    registerButtonLabel: studioButtonLabel(settings.registerButtonLabel, 'Register', tFor(language, 'portal')('register'), language),
    nextChangeAt: upcoming ? upcoming.start.toISOString() : null,
    timeZone,
  }
}

export function spotsText(spotsLeft: number | null, language: Language = 'en'): string | null {
  if (spotsLeft === null) return null
  const t = tFor(language, 'portal')
  if (spotsLeft <= 0) return t('classFull')
  return t('spotsLeft', { count: spotsLeft })
}
