import { parseCalendarDate, pad2 } from './calendar-date'

/**
 * A class occurrence is named by its class and the local date and time it was scheduled for
 * (before any edit moved it), so a booking, a roster or a sign-up link can refer to an
 * occurrence that has never been written to a table, and the name survives DST changes and
 * edits of that one occurrence.
 *
 * In the class sign-up address `/signup/{classId}/{clsStartTime}` the spec does not show what
 * clsStartTime looks like. It is that scheduled local start in the iCalendar local date-time
 * form, `YYYYMMDDTHHMMSS` (20260309T090000): URL-safe without escaping, the form the
 * calendar export uses for RECURRENCE-ID, and free of any zone or DST reading.
 */
export interface LocalStart {
  /** 'YYYY-MM-DD' */
  date: string
  /** 'HH:mm' */
  time: string
}

const CLS_START_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})$/
const TIME = /^(\d{2}):(\d{2})$/
const LOCAL_DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/

/** The clsStartTime of a sign-up address: '20260309T090000'. Throws on a malformed start, which only code builds. */
export function formatClsStartTime(start: LocalStart): string {
  if (!LOCAL_DATE_SHAPE.test(start.date) || !isWallTime(start.time)) throw new Error(`not a local start: ${start.date} ${start.time}`)
  return `${start.date.slice(0, 4)}${start.date.slice(5, 7)}${start.date.slice(8, 10)}T${start.time.slice(0, 2)}${start.time.slice(3, 5)}00`
}

/** The local start named by a sign-up address, or null when the segment is not one (typed by anyone). */
export function parseClsStartTime(value: string): LocalStart | null {
  const match = CLS_START_TIME.exec(value)
  if (!match) return null
  const date = `${match[1]}-${match[2]}-${match[3]}`
  const time = `${match[4]}:${match[5]}`
  // Classes start on the minute; seconds other than 00 never come from a link we made.
  if (match[6] !== '00' || parseCalendarDate(date) === null || !isWallTime(time)) return null
  return { date, time }
}

/** One string for maps and unique keys: 'YYYY-MM-DDTHH:mm' (ordered as the local starts are). */
export function localStartKey(start: LocalStart): string {
  return `${start.date}T${start.time}`
}

/** The stable name of one occurrence across tables and links: class id and scheduled local start. */
export function occurrenceId(classId: string, start: LocalStart): string {
  return `${classId}/${formatClsStartTime(start)}`
}

/** 'HH:mm' from 00:00 to 23:59. */
export function isWallTime(value: string): boolean {
  const match = TIME.exec(value)
  return match !== null && Number(match[1]) < 24 && Number(match[2]) < 60
}

/** Minutes since midnight of a valid 'HH:mm'. */
export function minutesOfWallTime(value: string): number {
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5))
}

export function wallTimeOfMinutes(minutes: number): string {
  return `${pad2(Math.floor(minutes / 60))}:${pad2(minutes % 60)}`
}
