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

/**
 * Reads an instant in a zone; an unknown zone reads it in UTC. Formatting with Intl is slow
 * next to the rest of a page (a month calendar reads hundreds of instants), so the zone's
 * offset is remembered per quarter hour of UTC, the finest step at which zones change; a
 * quarter hour whose two ends disagree (a change inside it, or an old local mean time) is
 * read exactly each time.
 */
export function zonedParts(date: Date, timeZone: string): ZonedParts {
  const instantMs = date.getTime()
  if (!Number.isFinite(instantMs)) return exactZonedParts(date, timeZone)
  const zone = resolveTimeZone(timeZone)
  const start = Math.floor(instantMs / QUARTER_HOUR_MS) * QUARTER_HOUR_MS
  const quarter = quarters.get(`${zone} ${start}`, () => steadyQuarter(start, zone))
  if (!quarter) return exactZonedParts(date, zone)
  const local = new Date(instantMs + quarter.offsetMs)
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
    second: local.getUTCSeconds(),
    weekday: local.getUTCDay(),
    zoneName: quarter.zoneName,
  }
}

const QUARTER_HOUR_MS = 15 * 60_000

/** A quarter hour of UTC in which the zone keeps one offset and name; null when it does not. */
type SteadyQuarter = { offsetMs: number; zoneName: string } | null

const quarters = new BoundedMemo<SteadyQuarter>(20_000)

function steadyQuarter(startMs: number, zone: string): SteadyQuarter {
  const lastMs = startMs + QUARTER_HOUR_MS - 1000
  const first = exactZonedParts(new Date(startMs), zone)
  const last = exactZonedParts(new Date(lastMs), zone)
  // Date.UTC reads years 0 to 99 as 1900 to 1999: such instants are read exactly.
  if (first.year < 100 || last.year < 100) return null
  const offsetOf = (p: ZonedParts, atMs: number) => Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - atMs
  const offsetMs = offsetOf(first, startMs)
  return offsetMs === offsetOf(last, lastMs) && first.zoneName === last.zoneName ? { offsetMs, zoneName: first.zoneName } : null
}

/** The instant read by Intl, field by field. */
function exactZonedParts(date: Date, timeZone: string): ZonedParts {
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
