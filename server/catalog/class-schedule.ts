import type { LocalStart } from './occurrence-key'

/**
 * A class's schedule as it is stored: wall-clock times in the tenant's zone (decision 103),
 * never instants, so a 09:00 class stays at 09:00 when the clocks change.
 */
export interface ClassSchedule {
  classId: string
  /** IANA zone of the tenant ('America/New_York'); an unknown zone reads as UTC. */
  timeZone: string
  teacherId: string | null
  roomId: string | null
  rules: readonly WeeklyRule[]
  sessions: readonly OneOffSession[]
  changes: readonly OccurrenceChange[]
}

/** Weekly on chosen weekdays at one time, from a date until a date or for a number of weeks. */
export interface WeeklyRule {
  /** The rule's id: the optional scheduleId of the sign-up address. */
  id: string
  /** 0 is Sunday to 6 Saturday. */
  weekdays: readonly number[]
  /** 'HH:mm' on the wall clock. */
  startTime: string
  durationMinutes: number
  /** The first local date ('YYYY-MM-DD') the rule may fall on. */
  startsOn: string
  /** until: the last local date, inclusive; weeks: the rule covers that many weeks from startsOn. */
  ends: { until: string } | { weeks: number }
  /** Overrides the class's teacher or room for this rule's occurrences. */
  teacherId?: string | null
  roomId?: string | null
}

/** A single session outside the weekly rules. */
export interface OneOffSession {
  id: string
  /** 'YYYY-MM-DD' */
  date: string
  /** 'HH:mm' */
  startTime: string
  durationMinutes: number
  teacherId?: string | null
  roomId?: string | null
}

/**
 * An edit of one occurrence, named by the local start it was scheduled for: cancelled, or
 * moved and/or given another length, teacher or room. Fields left out keep the series' values.
 */
export interface OccurrenceChange {
  of: LocalStart
  cancelled: boolean
  moveTo?: LocalStart
  durationMinutes?: number
  teacherId?: string | null
  roomId?: string | null
}

/** One occurrence on the calendar. */
export interface ClassOccurrence {
  /** Stable identity: `${classId}/${clsStartTime}` of the scheduled local start. */
  id: string
  classId: string
  /** The weekly rule it comes from; null for a one-off session. */
  scheduleId: string | null
  /** The local start it was scheduled for (its identity; unchanged when it is moved). */
  scheduled: LocalStart
  /**
   * What the zone's wall clock shows when it starts. Differs from the scheduled start when the
   * occurrence was moved, or when its time does not exist that day (moved forward by the gap).
   */
  local: LocalStart
  start: Date
  /** start plus the duration in elapsed minutes. */
  end: Date
  durationMinutes: number
  teacherId: string | null
  roomId: string | null
  cancelled: boolean
  /** True when an OccurrenceChange applies to it. */
  changed: boolean
}

/** An interval of instants: from included, to excluded. */
export interface InstantWindow {
  from: Date
  to: Date
}
