import { zoneOffsetMs } from '#server/dates/zoned-parts'
import { resolveTimeZone } from '#server/dates/time-zone'

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000
const SECOND_MS = 1_000

/** A change of the zone's offset: `before` up to atMs, `after` from atMs on. */
interface OffsetChange {
  atMs: number
  before: number
  after: number
}

/**
 * Turns local dates and times of one zone into instants and back, fast enough to expand a
 * studio's year of classes on every calendar read. Reading an offset goes through Intl
 * (zoneOffsetMs) and costs microseconds, so the clock reads offsets at week starts, and only
 * near a change narrows down the instant of the change (once per change); every local time
 * is then arithmetic. Zones change their offset months apart, never twice within a fortnight:
 * equal offsets at two week starts mean no change between them.
 *
 * Times a change skips or repeats follow decision 095, as zonedTimeToInstant does: a time
 * in a spring-forward gap (02:30 on 2026-03-08 in New York) moves forward by the gap (03:30
 * EDT); a time that happens twice when clocks fall back (01:30 on 2026-11-01) is the first,
 * earlier one (EDT). A test holds the two to the same answers.
 *
 * One clock serves one expansion: it remembers what it has read.
 */
export class ZoneClock {
  readonly timeZone: string
  private readonly offsetAtUtcDay = new Map<number, number>()
  private readonly changes: OffsetChange[] = []

  constructor(timeZone: string) {
    this.timeZone = resolveTimeZone(timeZone)
  }

  /** The instant, in ms, the zone's wall clock shows minutes past midnight of the day number. */
  instantMs(dayNumber: number, minutes: number): number {
    const wallMs = dayNumber * DAY_MS + minutes * MINUTE_MS
    // Local day d lies within UTC [d - 14 h, d + 1 d + 12 h] for any real offset, so an offset
    // that holds from UTC day d - 1 to d + 2 holds all that local day.
    const steady = this.steadyOffset(dayNumber - 1, dayNumber + 2)
    if (steady !== null) return wallMs - steady
    const change = this.changeBetween(dayNumber - 1, dayNumber + 2)
    const early = wallMs - change.before
    const late = wallMs - change.after
    const readsBefore = early < change.atMs
    const readsAfter = late >= change.atMs
    if (readsBefore && readsAfter) return Math.min(early, late)
    if (readsBefore) return early
    if (readsAfter) return late
    // Skipped by the change: read with the offset before it, which lands past the gap.
    return early
  }

  /** The wall clock at an instant: the local day number and minutes past its midnight. */
  wallClockAt(instantMs: number): { dayNumber: number; minutes: number } {
    const utcDay = Math.floor(instantMs / DAY_MS)
    let offset = this.steadyOffset(utcDay, utcDay + 1)
    if (offset === null) {
      const change = this.changeBetween(utcDay, utcDay + 1)
      offset = instantMs < change.atMs ? change.before : change.after
    }
    const wallMinutes = Math.floor((instantMs + offset) / MINUTE_MS)
    const dayNumber = Math.floor(wallMinutes / 1440)
    return { dayNumber, minutes: wallMinutes - dayNumber * 1440 }
  }

  /** The offset in force from the start of UTC day `first` to the start of `last`, or null when it changes in between. */
  private steadyOffset(first: number, last: number): number | null {
    const offset = this.offsetAt(Math.floor(first / 7) * 7)
    if (offset === this.offsetAt(Math.ceil(last / 7) * 7)) return offset
    const before = this.offsetAt(first)
    return before === this.offsetAt(last) ? before : null
  }

  /** The one change between the starts of UTC days `first` and `last`, whose offsets differ. */
  private changeBetween(first: number, last: number): OffsetChange {
    let lo = first * DAY_MS
    let hi = last * DAY_MS
    for (const change of this.changes) if (change.atMs > lo && change.atMs <= hi) return change
    const before = this.offsetAt(first)
    // Offsets change on a whole second: halve [lo, hi) until hi is the first second of the new offset.
    while (hi - lo > SECOND_MS) {
      const mid = lo + Math.floor((hi - lo) / 2 / SECOND_MS) * SECOND_MS
      if (zoneOffsetMs(mid, this.timeZone) === before) lo = mid
      else hi = mid
    }
    const change = { atMs: hi, before, after: zoneOffsetMs(hi, this.timeZone) }
    this.changes.push(change)
    return change
  }

  private offsetAt(utcDay: number): number {
    let offset = this.offsetAtUtcDay.get(utcDay)
    if (offset === undefined) {
      offset = zoneOffsetMs(utcDay * DAY_MS, this.timeZone)
      this.offsetAtUtcDay.set(utcDay, offset)
    }
    return offset
  }
}
