import { zonedDateFormat } from '#server/shell/zoned-date-format'

/** 'Sunday, November 22, 2026': today in the tenant's time zone, over calendar screens. */
export function calendarHeading(now: Date, timeZone: string): string {
  return zonedDateFormat('calendar-heading', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }, timeZone).format(now)
}
