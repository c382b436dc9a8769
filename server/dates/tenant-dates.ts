import { ACTIVITY_PATTERN, LONG_DATE_PATTERN, MEDIUM_DATE_PATTERN, MONTH_YEAR_PATTERN, TIME_PATTERN, type DateFormat } from './date-formats'
import { formatPattern } from './date-pattern'
import type { Language } from '#server/i18n/languages'
import { relativeDayTextIn } from './relative-day'

/** What a tenant's dates are shown with; `tenant.settings` is one. */
export interface DatePreferences {
  timezone: string
  dateFormat: DateFormat
}

/** An instant as a Date, an ISO string or epoch milliseconds (what rows and loaders carry). */
export type DateInput = Date | string | number

/**
 * How a date is shown:
 * - date: the tenant's date format ('11/22/2026');
 * - time: 'hh:mm A';
 * - dateTime: both ('11/22/2026 05:13 AM');
 * - dateTimeZone: both and the zone's name, for records read away from the screen (PDF, detail);
 * - activity: 'ddd MMM-DD-YYYY hh:mm A', the footer's format;
 * - monthYear: 'November 2026'; longDate: 'Sunday, November 22, 2026'.
 */
export type DateStyle = 'date' | 'time' | 'dateTime' | 'dateTimeZone' | 'activity' | 'monthYear' | 'longDate' | 'mediumDate'

/** A date for a screen: its text in the tenant's zone, and the instant for `<time dateTime>`. */
export interface ShownDate {
  /** A valid `datetime` attribute: the UTC instant, e.g. '2026-11-22T10:13:00.000Z'. */
  dateTime: string
  text: string
}

export function patternFor(style: DateStyle, preferences: Pick<DatePreferences, 'dateFormat'>): string {
  switch (style) {
    case 'date':
      return preferences.dateFormat
    case 'time':
      return TIME_PATTERN
    case 'dateTime':
      return `${preferences.dateFormat} ${TIME_PATTERN}`
    case 'dateTimeZone':
      return `${preferences.dateFormat} ${TIME_PATTERN} z`
    case 'activity':
      return ACTIVITY_PATTERN
    case 'monthYear':
      return MONTH_YEAR_PATTERN
    case 'longDate':
      return LONG_DATE_PATTERN
    case 'mediumDate':
      return MEDIUM_DATE_PATTERN
  }
}

/** An instant in the tenant's zone and style; '' for a value that is not a date. */
export function formatInZone(value: DateInput, preferences: DatePreferences, style: DateStyle): string {
  return formatPattern(toDate(value), preferences.timezone, patternFor(style, preferences))
}

export const formatDate = (value: DateInput, preferences: DatePreferences) => formatInZone(value, preferences, 'date')
export const formatTime = (value: DateInput, preferences: DatePreferences) => formatInZone(value, preferences, 'time')
export const formatDateTime = (value: DateInput, preferences: DatePreferences) => formatInZone(value, preferences, 'dateTime')

/** A date to show inside `<time>`; null for no date or a value that is not one, so a screen can show '-'. */
export function shownDate(value: DateInput | null | undefined, preferences: DatePreferences, style: DateStyle = 'dateTime'): ShownDate | null {
  if (value === null || value === undefined) return null
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return null
  return { dateTime: date.toISOString(), text: formatPattern(date, preferences.timezone, patternFor(style, preferences)) }
}

/** A date shown as relative days in the tenant's zone ('Today', '3 days ago'), for lists of recent things. */
export function shownRelativeDay(value: DateInput | null | undefined, preferences: DatePreferences, now: Date, language: Language = 'en'): ShownDate | null {
  if (value === null || value === undefined) return null
  const date = toDate(value)
  if (Number.isNaN(date.getTime())) return null
  return { dateTime: date.toISOString(), text: relativeDayTextIn(date, now, preferences.timezone, language) }
}

/** The instant as a machine reads it (ISO 8601, UTC); '' for a value that is not a date. */
export function machineDateTime(value: DateInput): string {
  const date = toDate(value)
  return Number.isNaN(date.getTime()) ? '' : date.toISOString()
}

export function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value)
}

/** A calendar day ('YYYY-MM-DD', a due date) in the tenant's date format; no zone moves it. */
export function formatDay(day: string, preferences: Pick<DatePreferences, 'dateFormat'>): string {
  return formatPattern(new Date(`${day}T12:00:00Z`), 'UTC', preferences.dateFormat)
}
