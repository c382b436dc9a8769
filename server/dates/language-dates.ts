import type { Language } from '#server/i18n/languages'
import { LONG_DATE_PATTERNS } from './date-formats'
import { formatPattern } from './date-pattern'
import { formatDay, formatInZone, machineDateTime, shownDate, toDate, type DateInput, type DatePreferences, type ShownDate } from './tenant-dates'

/** How Turkish writes a day and an instant: '02 Kas 2026', '02 Kas 2026 19:00', 'Pzt 02 Kas 2026 19:00'; with the zone for records ('02 Kas 2026 19:00 GMT+3'). */
const TURKISH_PATTERNS = { date: 'DD MMM YYYY', time: 'HH:mm', dateTime: 'DD MMM YYYY HH:mm', dateTimeZone: 'DD MMM YYYY HH:mm z', activity: 'ddd DD MMM YYYY HH:mm' } as const

/**
 * A date on a page in the page's language: English keeps the studio's date format setting (the
 * spec's), Turkish writes its own day-month order, month names and 24-hour clock.
 */
export function dateInLanguage(value: DateInput, preferences: DatePreferences, style: keyof typeof TURKISH_PATTERNS, language: Language): string {
  if (language === 'en') return formatInZone(value, preferences, style)
  return formatPattern(toDate(value), preferences.timezone, TURKISH_PATTERNS[style], language)
}

/** A calendar day ('YYYY-MM-DD', a due date) in a language: the studio's format in English, '02 Kas 2026' in Turkish. */
export function dayInLanguage(day: string, preferences: Pick<DatePreferences, 'dateFormat'>, language: Language): string {
  if (language === 'en') return formatDay(day, preferences)
  return formatPattern(new Date(`${day}T12:00:00Z`), 'UTC', TURKISH_PATTERNS.date, language)
}

/** 'Sunday, November 22, 2026' / '22 Kasım 2026 Pazar': today over calendar screens. */
export function longDateInLanguage(now: Date, timeZone: string, language: Language): string {
  return formatPattern(now, timeZone, LONG_DATE_PATTERNS[language], language)
}

/** shownDate in the page's language: the tenant's settings in English, Turkish's own order and clock otherwise. */
export function shownDateIn(value: DateInput | null | undefined, preferences: DatePreferences, style: keyof typeof TURKISH_PATTERNS, language: Language): ShownDate | null {
  if (language === 'en') return shownDate(value, preferences, style)
  if (value === null || value === undefined) return null
  const dateTime = machineDateTime(value)
  return dateTime ? { dateTime, text: dateInLanguage(value, preferences, style, language) } : null
}

