import { LONG_DATE_PATTERN } from '#server/dates/date-formats'
import { formatPattern } from '#server/dates/date-pattern'

/** 'Sunday, November 22, 2026': today in the tenant's time zone, over calendar screens. */
export function calendarHeading(now: Date, timeZone: string): string {
  return formatPattern(now, timeZone, LONG_DATE_PATTERN)
}
