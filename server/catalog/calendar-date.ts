/**
 * Calendar dates without a zone ('YYYY-MM-DD'), as schedules, expiries and billing days are
 * written. Kept as whole days counted from 1970-01-01 so adding days or weeks is integer
 * arithmetic and never meets a DST change.
 */

const DAY_MS = 86_400_000
const LOCAL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Days since 1970-01-01 for a real calendar date, null for anything else ('2026-02-30', '26-1-1'). */
export function parseCalendarDate(value: string): number | null {
  const match = LOCAL_DATE.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const ms = Date.UTC(year, month - 1, day)
  const check = new Date(ms)
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null
  return ms / DAY_MS
}

/** 'YYYY-MM-DD' for a day number of parseCalendarDate. */
export function formatCalendarDate(dayNumber: number): string {
  const date = new Date(dayNumber * DAY_MS)
  return `${String(date.getUTCFullYear()).padStart(4, '0')}-${pad2(date.getUTCMonth() + 1)}-${pad2(date.getUTCDate())}`
}

/** 0 is Sunday, as Date.getDay and the zoned parts count. */
export function weekdayOfDay(dayNumber: number): number {
  // 1970-01-01 was a Thursday.
  return (((dayNumber + 4) % 7) + 7) % 7
}

/** The date n days later (earlier when negative). */
export function addDays(date: string, days: number): string | null {
  const day = parseCalendarDate(date)
  return day === null ? null : formatCalendarDate(day + days)
}

/**
 * The same day of the month n months later; when that month is shorter, its last day
 * (2026-01-31 plus one month is 2026-02-28, 2028-01-31 plus one month is 2028-02-29). This
 * is how people count "a month from today", and it never spills into the month after.
 */
export function addMonthsClamped(date: string, months: number): string | null {
  const match = LOCAL_DATE.exec(date)
  if (!match || parseCalendarDate(date) === null || !Number.isInteger(months)) return null
  const monthIndex = Number(match[1]) * 12 + Number(match[2]) - 1 + months
  const year = Math.floor(monthIndex / 12)
  const month = monthIndex - year * 12
  const day = Math.min(Number(match[3]), daysInMonth(year, month + 1))
  return `${String(year).padStart(4, '0')}-${pad2(month + 1)}-${pad2(day)}`
}

/** 28 to 31; month is 1 to 12. */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

export function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n)
}
