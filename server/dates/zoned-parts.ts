import { BoundedMemo } from '#server/cache/bounded-memo'
import { resolveTimeZone } from './time-zone'

/** An instant as a wall clock in one zone shows it. */
export interface ZonedParts {
  year: number
  /** 1 to 12. */
  month: number
  day: number
  /** 0 to 23. */
  hour: number
  minute: number
  second: number
  /** 0 is Sunday. */
  weekday: number
  /** The zone's short name at that instant: 'EST', 'EDT', 'GMT+5:30', 'UTC'. */
  zoneName: string
}

/** Reads an instant in a zone; an unknown zone reads it in UTC. */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const values: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
  for (const part of formatterFor(timeZone).formatToParts(date)) values[part.type] = part.value
  const year = Number(values.year)
  const month = Number(values.month)
  const day = Number(values.day)
  return {
    year,
    month,
    day,
    hour: Number(values.hour) % 24,
    minute: Number(values.minute),
    second: Number(values.second),
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    zoneName: values.timeZoneName ?? 'UTC',
  }
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds (negative west of Greenwich). */
export function zoneOffsetMs(instantMs: number, timeZone: string): number {
  const wholeSecond = Math.floor(instantMs / 1000) * 1000
  const p = zonedParts(new Date(wholeSecond), timeZone)
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - wholeSecond
}

// Building an Intl.DateTimeFormat costs far more than using one: one per zone, reused by
// every pattern (a pattern is laid out from these parts, not by another formatter).
const formatters = new BoundedMemo<Intl.DateTimeFormat>(1_000)

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  const zone = resolveTimeZone(timeZone)
  return formatters.get(zone, () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      timeZoneName: 'short',
    }),
  )
}
