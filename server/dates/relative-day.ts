import { LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'
import { capitalised } from '#server/text/capitalised'
import { zonedParts } from './zoned-parts'

const DAY_MS = 86_400_000

/** Whole calendar days from `then` to `now` as the zone's calendar counts them (not 24-hour spans, not UTC days). */
export function calendarDaysBetween(then: Date, now: Date, timeZone: string): number {
  return Math.round((todayNumber(now, timeZone) - dayNumber(then, timeZone)) / DAY_MS)
}

// A list shows every row against the same `now`: its day is worked out once, not once per row.
let lastToday = { at: Number.NaN, timeZone: '', day: 0 }

function todayNumber(now: Date, timeZone: string): number {
  if (lastToday.at !== now.getTime() || lastToday.timeZone !== timeZone) lastToday = { at: now.getTime(), timeZone, day: dayNumber(now, timeZone) }
  return lastToday.day
}

function dayNumber(date: Date, timeZone: string): number {
  const p = zonedParts(date, timeZone)
  return Date.UTC(p.year, p.month - 1, p.day)
}

/**
 * The contacts list's relative dates (spec 002: dateCreated and dateUpdated as relative text,
 * "where 'hours' shows as 'Today'"): anything on the zone's current calendar day is 'Today';
 * older days read as relative time does ('a day ago', '5 days ago', 'a month ago',
 * '3 months ago', 'a year ago', '2 years ago'). Days are the tenant's calendar days: 23:50
 * yesterday is 'a day ago' at 00:10. A later day (a clock running ahead) reads 'in ...'.
 */
export function relativeDayText(then: Date, now: Date, timeZone: string): string {
  if (Number.isNaN(then.getTime()) || Number.isNaN(now.getTime())) return ''
  const days = calendarDaysBetween(then, now, timeZone)
  if (days === 0) return 'Today'
  const span = spanText(Math.abs(days))
  return days > 0 ? `${span} ago` : `in ${span}`
}

// The thresholds relative-time libraries use: up to 25 days in days, up to 10 months in
// months, then years.
function spanText(days: number): string {
  if (days === 1) return 'a day'
  if (days < 26) return `${days} days`
  if (days < 46) return 'a month'
  if (days < 320) return `${Math.max(2, Math.round(days / 30.4))} months`
  if (days < 548) return 'a year'
  return `${Math.max(2, Math.round(days / 365))} years`
}

const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>()

/**
 * relativeDayText in the page's language: English keeps the spec's words; another language
 * says the same spans with its own ('Bugün', '5 gün önce', '2 ay önce').
 */
export function relativeDayTextIn(then: Date, now: Date, timeZone: string, language: Language): string {
  if (language === 'en') return relativeDayText(then, now, timeZone)
  if (Number.isNaN(then.getTime()) || Number.isNaN(now.getTime())) return ''
  const days = calendarDaysBetween(then, now, timeZone)
  let format = relativeFormats.get(language)
  if (!format) {
    format = new Intl.RelativeTimeFormat(LANGUAGE_LOCALES[language], { numeric: 'auto' })
    relativeFormats.set(language, format)
  }
  if (days === 0) return capitalised(format.format(0, 'day'), language)
  const span = Math.abs(days)
  const sign = days > 0 ? -1 : 1
  if (span < 26) return format.format(sign * span, 'day')
  if (span < 320) return format.format(sign * Math.max(1, Math.round(span / 30.4)), 'month')
  return format.format(sign * Math.max(1, Math.round(span / 365)), 'year')
}
