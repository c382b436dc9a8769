import { pad2 } from '#server/catalog/calendar-date'
import { formatPattern } from '#server/dates/date-pattern'
import type { Language } from '#server/i18n/languages'

const DAY_NAMES = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const

/** '07:00' as people read it: '7:00 AM'; '19:30' is '7:30 PM'. */
export function timeInWords(wallTime: string): string {
  const hours = Number(wallTime.slice(0, 2))
  const minutes = Number(wallTime.slice(3, 5))
  const hour12 = hours % 12 === 0 ? 12 : hours % 12
  return `${hour12}:${pad2(minutes)} ${hours < 12 ? 'AM' : 'PM'}`
}

/** ISO weekdays (1 Monday ... 7 Sunday) as 'Mon, Wed, Fri', in week order. */
export function weekdaysInWords(weekdays: readonly number[]): string {
  return [...new Set(weekdays)]
    .filter((day) => day >= 1 && day <= 7)
    .sort((a, b) => a - b)
    .map((day) => DAY_NAMES[day])
    .join(', ')
}

export interface RuleForWords {
  recurrence: 'weekly' | 'once'
  startDate: string
  startTime: string
  weekdays: readonly number[]
}

/** 'Mon, Wed, Fri at 7:00 AM' for a weekly rule; 'Once on 2026-03-09 at 7:30 PM' for a session. */
export function ruleInWords(rule: RuleForWords): string {
  if (rule.recurrence === 'once') return `Once on ${rule.startDate} at ${timeInWords(rule.startTime)}`
  return `${weekdaysInWords(rule.weekdays)} at ${timeInWords(rule.startTime)}`
}

const TURKISH_DAY_NAMES = ['', 'Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cmt', 'Paz'] as const

/** A wall time in a language: '7:00 AM' in English, '07:00' (a 24-hour clock) in Turkish. */
export function timeInWordsIn(wallTime: string, language: Language): string {
  return language === 'en' ? timeInWords(wallTime) : wallTime.slice(0, 5)
}

/**
 * A rule in a language: English as ruleInWords; Turkish 'Pzt, Çar, Cum 07:00' for a weekly
 * rule and 'Tek sefer: 09 Mar 2026 19:30' for a session.
 */
export function ruleInWordsIn(rule: RuleForWords, language: Language): string {
  if (language === 'en') return ruleInWords(rule)
  if (rule.recurrence === 'once') return `Tek sefer: ${formatPattern(new Date(`${rule.startDate}T12:00:00Z`), 'UTC', 'DD MMM YYYY', language)} ${timeInWordsIn(rule.startTime, language)}`
  const days = [...new Set(rule.weekdays)]
    .filter((day) => day >= 1 && day <= 7)
    .sort((a, b) => a - b)
    .map((day) => TURKISH_DAY_NAMES[day])
    .join(', ')
  return `${days} ${timeInWordsIn(rule.startTime, language)}`
}
