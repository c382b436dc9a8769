import { formatPattern } from './date-pattern'
import { zoneOffsetMs } from './zoned-parts'

const DAY_MS = 86_400_000

/** The calendar day an instant falls on in the zone, as a date input's value: 'YYYY-MM-DD'. */
export function dateInputValue(date: Date, timeZone: string): string {
  return formatPattern(date, timeZone, 'YYYY-MM-DD')
}

/** The wall-clock time in the zone, as a time input's value: 'HH:mm'. */
export function timeInputValue(date: Date, timeZone: string): string {
  return formatPattern(date, timeZone, 'HH:mm')
}

const DATE_VALUE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME_VALUE = /^(\d{2}):(\d{2})(?::(\d{2}))?$/

/**
 * The instant a wall clock in the zone shows the given date ('YYYY-MM-DD') and time ('HH:mm',
 * optional seconds); null when either is not a real date or time. Around DST it behaves as
 * calendars do: a time skipped by a spring-forward change (02:30 on 2026-03-08 in New York)
 * moves forward by the gap (03:30 EDT), and a time that happens twice when clocks fall back
 * (01:30 on 2026-11-01) is its first occurrence (EDT). An unknown zone reads as UTC.
 */
export function zonedTimeToInstant(date: string, time: string, timeZone: string): Date | null {
  const d = DATE_VALUE.exec(date)
  const t = TIME_VALUE.exec(time)
  if (!d || !t) return null
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])]
  const [hour, minute, second] = [Number(t[1]), Number(t[2]), Number(t[3] ?? 0)]
  if (hour > 23 || minute > 59 || second > 59) return null
  const wallMs = Date.UTC(year, month - 1, day, hour, minute, second)
  const check = new Date(wallMs)
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null

  // Zones change offset at most once in any two days: the offsets a day either side are the
  // only candidates.
  const offsetBefore = zoneOffsetMs(wallMs - DAY_MS, timeZone)
  const offsetAfter = zoneOffsetMs(wallMs + DAY_MS, timeZone)
  const fits = (offset: number) => zoneOffsetMs(wallMs - offset, timeZone) === offset
  const candidates = [offsetBefore, offsetAfter].filter(fits).map((offset) => wallMs - offset)
  if (candidates.length > 0) return new Date(Math.min(...candidates))
  // In the gap: read the wall clock with the offset in force before the change.
  return new Date(wallMs - offsetBefore)
}

/**
 * A calendar day of the zone as instants: from its first moment up to, not including, the next
 * day's first moment (23 or 25 hours on a DST change day). For filters such as 'joined between'.
 */
export function zonedDayBounds(date: string, timeZone: string): { start: Date; end: Date } | null {
  const start = zonedTimeToInstant(date, '00:00', timeZone)
  if (!start) return null
  const next = new Date(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)) + 1))
  const end = zonedTimeToInstant(next.toISOString().slice(0, 10), '00:00', timeZone)
  return end ? { start, end } : null
}
