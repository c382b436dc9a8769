import { formatCalendarDate, parseCalendarDate, weekdayOfDay } from './calendar-date'
import type { ClassOccurrence, ClassSchedule, InstantWindow, OccurrenceChange, OneOffSession, WeeklyRule } from './class-schedule'
import { formatClsStartTime, isWallTime, localStartKey, minutesOfWallTime, wallTimeOfMinutes, type LocalStart } from './occurrence-key'
import { ZoneClock } from './zone-clock'

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000

export interface ExpandOptions {
  /** Cancelled occurrences are left out unless asked for (the staff schedule shows them). */
  includeCancelled?: boolean
}

/**
 * The occurrences of one class that start in the window [from, to), sorted by start.
 * An occurrence belongs to the window by its start instant only, so paging a calendar by
 * windows never shows one twice. Local times become instants by the ZoneClock rule (a time
 * skipped by a DST change moves forward by the gap; a repeated time is the first one).
 * When two rules, or a rule and a one-off session, name the same local start, it is one
 * occurrence (the first rule, then the sessions in order).
 */
export function expandClassSchedule(schedule: ClassSchedule, window: InstantWindow, options: ExpandOptions = {}): ClassOccurrence[] {
  const occurrences = collect(schedule, window, options, new ZoneClock(schedule.timeZone))
  return occurrences.sort(byStart)
}

/** Several classes' occurrences in one sorted list (a calendar or a dashboard day). */
export function expandClassSchedules(schedules: readonly ClassSchedule[], window: InstantWindow, options: ExpandOptions = {}): ClassOccurrence[] {
  const clocks = new Map<string, ZoneClock>()
  const all: ClassOccurrence[] = []
  for (const schedule of schedules) {
    let clock = clocks.get(schedule.timeZone)
    if (!clock) {
      clock = new ZoneClock(schedule.timeZone)
      clocks.set(schedule.timeZone, clock)
    }
    for (const occurrence of collect(schedule, window, options, clock)) all.push(occurrence)
  }
  return all.sort(byStart)
}

/**
 * The occurrence a booking or a sign-up address names, wherever an edit has moved it; null
 * when the class was never scheduled at that local start. A cancelled occurrence is returned
 * with cancelled true, so the caller can say so rather than 'not found'.
 */
export function findOccurrence(schedule: ClassSchedule, scheduled: LocalStart): ClassOccurrence | null {
  const base = scheduledAt(schedule, scheduled)
  if (!base) return null
  const change = changesByStart(schedule).get(localStartKey(scheduled))
  return build(schedule, base, scheduled, change, new ZoneClock(schedule.timeZone))
}

interface Source {
  scheduleId: string | null
  durationMinutes: number
  teacherId: string | null
  roomId: string | null
}

function collect(schedule: ClassSchedule, window: InstantWindow, options: ExpandOptions, clock: ZoneClock): ClassOccurrence[] {
  const fromMs = window.from.getTime()
  const toMs = window.to.getTime()
  if (!(fromMs < toMs)) return []
  // Wall-clock days that can hold a start inside the window, whatever the zone's offset.
  const firstDay = Math.floor(fromMs / DAY_MS) - 1
  const lastDay = Math.floor(toMs / DAY_MS) + 1

  const changes = changesByStart(schedule)

  const seen = new Set<string>()
  const found: ClassOccurrence[] = []
  const consider = (day: number, minutes: number, source: Source) => {
    const date = formatCalendarDate(day)
    const time = wallTimeOfMinutes(minutes)
    const key = `${date}T${time}`
    if (seen.has(key)) return
    seen.add(key)
    // A changed occurrence is placed where the change puts it, below.
    if (changes.has(key)) return
    const startMs = clock.instantMs(day, minutes)
    if (startMs < fromMs || startMs >= toMs) return
    const scheduled = { date, time }
    found.push(occurrence(schedule, source, scheduled, { day, minutes, start: scheduled }, startMs, false, false, clock))
  }

  for (const rule of schedule.rules) {
    const span = ruleSpan(rule)
    if (!span) continue
    const minutes = minutesOfWallTime(rule.startTime)
    const source = ruleSource(schedule, rule)
    const weekdays = new Set(rule.weekdays)
    for (let day = Math.max(span.first, firstDay); day <= Math.min(span.last, lastDay); day++) {
      if (weekdays.has(weekdayOfDay(day))) consider(day, minutes, source)
    }
  }
  for (const session of schedule.sessions) {
    const day = parseCalendarDate(session.date)
    if (day === null || !isWallTime(session.startTime) || day < firstDay || day > lastDay) continue
    consider(day, minutesOfWallTime(session.startTime), sessionSource(schedule, session))
  }

  for (const change of changes.values()) {
    if (change.cancelled && !options.includeCancelled) continue
    const base = scheduledAt(schedule, change.of)
    // A change of a start the class no longer has (its rule was edited since) shows nothing.
    if (!base) continue
    const built = build(schedule, base, change.of, change, clock)
    if (!built) continue
    const startMs = built.start.getTime()
    if (startMs >= fromMs && startMs < toMs) found.push(built)
  }
  return found
}

/** The changes by the start they edit; of two for one start, the later in the list wins. */
function changesByStart(schedule: ClassSchedule): Map<string, OccurrenceChange> {
  const changes = new Map<string, OccurrenceChange>()
  for (const change of schedule.changes) changes.set(localStartKey(change.of), change)
  return changes
}

function build(schedule: ClassSchedule, base: Source, scheduled: LocalStart, change: OccurrenceChange | undefined, clock: ZoneClock): ClassOccurrence | null {
  const target = change?.moveTo ?? scheduled
  const day = parseCalendarDate(target.date)
  if (day === null || !isWallTime(target.time)) return null
  const minutes = minutesOfWallTime(target.time)
  const startMs = clock.instantMs(day, minutes)
  const source: Source = {
    scheduleId: base.scheduleId,
    durationMinutes: change?.durationMinutes ?? base.durationMinutes,
    teacherId: change?.teacherId !== undefined ? change.teacherId : base.teacherId,
    roomId: change?.roomId !== undefined ? change.roomId : base.roomId,
  }
  return occurrence(schedule, source, scheduled, { day, minutes, start: target }, startMs, change?.cancelled ?? false, change !== undefined, clock)
}

function occurrence(
  schedule: ClassSchedule,
  source: Source,
  scheduled: LocalStart,
  asked: { day: number; minutes: number; start: LocalStart },
  startMs: number,
  cancelled: boolean,
  changed: boolean,
  clock: ZoneClock,
): ClassOccurrence {
  // The wall clock shows the asked time except in a DST gap, which moves it forward.
  const wall = clock.wallClockAt(startMs)
  const local = wall.dayNumber === asked.day && wall.minutes === asked.minutes ? asked.start : { date: formatCalendarDate(wall.dayNumber), time: wallTimeOfMinutes(wall.minutes) }
  return {
    id: `${schedule.classId}/${formatClsStartTime(scheduled)}`,
    classId: schedule.classId,
    scheduleId: source.scheduleId,
    scheduled,
    local,
    start: new Date(startMs),
    end: new Date(startMs + source.durationMinutes * MINUTE_MS),
    durationMinutes: source.durationMinutes,
    teacherId: source.teacherId,
    roomId: source.roomId,
    cancelled,
    changed,
  }
}

/** Which rule or session put the class at this local start, or null when none did. */
function scheduledAt(schedule: ClassSchedule, start: LocalStart): Source | null {
  const day = parseCalendarDate(start.date)
  if (day === null || !isWallTime(start.time)) return null
  for (const rule of schedule.rules) {
    const span = ruleSpan(rule)
    if (span && rule.startTime === start.time && day >= span.first && day <= span.last && rule.weekdays.includes(weekdayOfDay(day))) {
      return ruleSource(schedule, rule)
    }
  }
  const session = schedule.sessions.find((s) => s.date === start.date && s.startTime === start.time)
  return session ? sessionSource(schedule, session) : null
}

/** The rule's first and last day numbers; null for a rule that cannot produce anything. */
function ruleSpan(rule: WeeklyRule): { first: number; last: number } | null {
  const first = parseCalendarDate(rule.startsOn)
  if (first === null || !isWallTime(rule.startTime)) return null
  const last = 'until' in rule.ends ? parseCalendarDate(rule.ends.until) : first + 7 * Math.floor(rule.ends.weeks) - 1
  if (last === null || last < first) return null
  return { first, last }
}

function ruleSource(schedule: ClassSchedule, rule: WeeklyRule): Source {
  return {
    scheduleId: rule.id,
    durationMinutes: rule.durationMinutes,
    teacherId: rule.teacherId !== undefined ? rule.teacherId : schedule.teacherId,
    roomId: rule.roomId !== undefined ? rule.roomId : schedule.roomId,
  }
}

function sessionSource(schedule: ClassSchedule, session: OneOffSession): Source {
  return {
    scheduleId: null,
    durationMinutes: session.durationMinutes,
    teacherId: session.teacherId !== undefined ? session.teacherId : schedule.teacherId,
    roomId: session.roomId !== undefined ? session.roomId : schedule.roomId,
  }
}

function byStart(a: ClassOccurrence, b: ClassOccurrence): number {
  return a.start.getTime() - b.start.getTime() || compare(a.classId, b.classId) || compare(localStartKey(a.scheduled), localStartKey(b.scheduled))
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
