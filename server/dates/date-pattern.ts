import { BoundedMemo } from '#server/cache/bounded-memo'
import type { Language } from '#server/i18n/languages'
import { zonedParts, type ZonedParts } from './zoned-parts'

interface Names {
  months: readonly string[]
  weekdays: readonly string[]
  /** Short weekday names as the language writes them: Turkish's are not the first three letters (Pzt, Cmt). */
  shortWeekdays: readonly string[]
}

const NAMES: Record<Language, Names> = {
  en: {
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
    weekdays: ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
    shortWeekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  },
  tr: {
    months: ['Ocak', 'Şubat', 'Mart', 'Nisan', 'Mayıs', 'Haziran', 'Temmuz', 'Ağustos', 'Eylül', 'Ekim', 'Kasım', 'Aralık'],
    weekdays: ['Pazar', 'Pazartesi', 'Salı', 'Çarşamba', 'Perşembe', 'Cuma', 'Cumartesi'],
    shortWeekdays: ['Paz', 'Pzt', 'Sal', 'Çar', 'Per', 'Cum', 'Cmt'],
  },
}

const two = (n: number) => String(n).padStart(2, '0')
const hour12 = (hour: number) => hour % 12 || 12

/**
 * The pattern letters the spec writes its formats in. It mixes two conventions: 'ddd
 * MMM-DD-YYYY hh:mm A' (footer: 'ddd' is the weekday, 'DD' the day) and 'MM/dd/YYYY' (the
 * date format setting: 'dd' is the day), so 'dd' and 'DD' both mean the day of the month and
 * 'ddd'/'dddd' the weekday. Text in [brackets] is printed as it is.
 */
const TOKENS: Record<string, (p: ZonedParts, names: Names) => string> = {
  YYYY: (p) => String(p.year).padStart(4, '0'),
  yyyy: (p) => String(p.year).padStart(4, '0'),
  MMMM: (p, names) => names.months[p.month - 1] ?? '',
  MMM: (p, names) => (names.months[p.month - 1] ?? '').slice(0, 3),
  MM: (p) => two(p.month),
  M: (p) => String(p.month),
  dddd: (p, names) => names.weekdays[p.weekday] ?? '',
  ddd: (p, names) => names.shortWeekdays[p.weekday] ?? '',
  DD: (p) => two(p.day),
  dd: (p) => two(p.day),
  D: (p) => String(p.day),
  d: (p) => String(p.day),
  HH: (p) => two(p.hour),
  H: (p) => String(p.hour),
  hh: (p) => two(hour12(p.hour)),
  h: (p) => String(hour12(p.hour)),
  mm: (p) => two(p.minute),
  ss: (p) => two(p.second),
  A: (p) => (p.hour < 12 ? 'AM' : 'PM'),
  a: (p) => (p.hour < 12 ? 'am' : 'pm'),
  z: (p) => p.zoneName,
}

const TOKEN_PATTERN = /\[[^\]]*\]|YYYY|yyyy|MMMM|MMM|MM|M|dddd|ddd|DD|dd|D|d|HH|H|hh|h|mm|ss|A|a|z/g

type Piece = string | ((p: ZonedParts, names: Names) => string)

/**
 * Lays out an instant as the wall clock of `timeZone` shows it, e.g. 'ddd MMM-DD-YYYY hh:mm A'
 * gives 'Sun Nov-22-2026 05:13 AM'. An invalid date gives '' and an unknown zone reads as UTC.
 * Month and weekday names in English, like the spec's formats, unless a language is given.
 */
export function formatPattern(date: Date, timeZone: string, pattern: string, language: Language = 'en'): string {
  if (Number.isNaN(date.getTime())) return ''
  const parts = zonedParts(date, timeZone)
  const names = NAMES[language]
  let text = ''
  for (const piece of compiled(pattern)) text += typeof piece === 'string' ? piece : piece(parts, names)
  return text
}

// A page formats the same few patterns on every row: split each once.
const pieces = new BoundedMemo<Piece[]>(200)

function compiled(pattern: string): Piece[] {
  return pieces.get(pattern, () => {
    const result: Piece[] = []
    let last = 0
    for (const match of pattern.matchAll(TOKEN_PATTERN)) {
      if (match.index > last) result.push(pattern.slice(last, match.index))
      const token = match[0]
      result.push(token.startsWith('[') ? token.slice(1, -1) : (TOKENS[token] ?? token))
      last = match.index + token.length
    }
    if (last < pattern.length) result.push(pattern.slice(last))
    return result
  })
}
