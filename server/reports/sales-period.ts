import { z } from 'zod'
import { formatPattern } from '#server/dates/date-pattern'
import { zonedDayBounds } from '#server/dates/local-time'
import type { Language } from '#server/i18n/languages'

/**
 * The period the sales report covers: one of three named periods or two calendar days typed by
 * staff, always as inclusive days of the studio's own calendar ('YYYY-MM-DD' in its time zone),
 * so 'this month' in New York ends at New York's midnight, not at UTC's.
 */

export const NAMED_SALES_PERIODS = ['this-month', 'last-month', 'this-year'] as const
export type NamedSalesPeriod = (typeof NAMED_SALES_PERIODS)[number]
export type SalesPeriodKind = NamedSalesPeriod | 'custom'

export const SALES_PERIOD_LABELS: Readonly<Record<NamedSalesPeriod, string>> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-year': 'This year',
}

export const DEFAULT_SALES_PERIOD: NamedSalesPeriod = 'this-month'

export interface SalesPeriod {
  kind: SalesPeriodKind
  /** First day, inclusive, in the tenant's zone. */
  from: string
  /** Last day, inclusive, in the tenant's zone. */
  to: string
}

export interface ParsedSalesPeriod {
  period: SalesPeriod
  /** What was wrong with the period asked for, said to staff; the default period is shown instead. */
  problem: string | null
}

const calendarDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`)
    // Years before 1000 are typos, and Date reads years 0 to 99 as 1900 to 1999.
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && date.getUTCFullYear() >= 1000
  })

const namedPeriod = z.enum(NAMED_SALES_PERIODS)

const pad = (n: number) => String(n).padStart(2, '0')

/** The last day of a month (month 1 to 12). */
function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** A named period's days, counted from the tenant's today ('YYYY-MM-DD'). */
export function namedSalesPeriod(kind: NamedSalesPeriod, today: string): SalesPeriod {
  const year = Number(today.slice(0, 4))
  const month = Number(today.slice(5, 7))
  switch (kind) {
    case 'this-month':
      return { kind, from: `${year}-${pad(month)}-01`, to: `${year}-${pad(month)}-${pad(lastDayOf(year, month))}` }
    case 'last-month': {
      const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1]
      return { kind, from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(lastDayOf(y, m))}` }
    }
    case 'this-year':
      return { kind, from: `${year}-01-01`, to: `${year}-12-31` }
  }
}

/** Days typed by staff that happen to be a named period read as that period (the preset stays marked). */
function recognised(from: string, to: string, today: string): SalesPeriod {
  const named = NAMED_SALES_PERIODS.map((kind) => namedSalesPeriod(kind, today)).find((period) => period.from === from && period.to === to)
  return named ?? { kind: 'custom', from, to }
}

/** What can be wrong with the period an address asks for; each is followed by `instead`. */
export const SALES_PERIOD_MESSAGES = {
  notAChoice: 'That period is not one of the choices.',
  enterFromAndTo: 'Enter a from date and a to date.',
  enterBoth: 'Enter both a from date and a to date.',
  neitherIsADate: 'The from and to dates are not dates (use YYYY-MM-DD).',
  fromNotADate: 'The from date is not a date (use YYYY-MM-DD).',
  toNotADate: 'The to date is not a date (use YYYY-MM-DD).',
  fromAfterTo: 'The from date is after the to date.',
  instead: `Showing ${SALES_PERIOD_LABELS[DEFAULT_SALES_PERIOD].toLowerCase()} instead.`,
} as const

const M = SALES_PERIOD_MESSAGES

/**
 * Reads `period` (a named period) or `from` and `to` (days) from the report's address. A named
 * period wins over days; no period at all is this month. Days that are not dates, or a from
 * after the to, give the default period and a message that says what was wrong: the report never
 * fails on an address.
 */
export function parseSalesPeriod(params: URLSearchParams, today: string): ParsedSalesPeriod {
  const fallback = (problem: string): ParsedSalesPeriod => ({ period: namedSalesPeriod(DEFAULT_SALES_PERIOD, today), problem: `${problem} ${M.instead}` })
  const asked = params.get('period')?.trim() ?? ''
  if (asked !== '') {
    const named = namedPeriod.safeParse(asked)
    if (named.success) return { period: namedSalesPeriod(named.data, today), problem: null }
    if (asked !== 'custom') return fallback(M.notAChoice)
  }
  const fromText = params.get('from')?.trim() ?? ''
  const toText = params.get('to')?.trim() ?? ''
  if (fromText === '' && toText === '') {
    return asked === 'custom' ? fallback(M.enterFromAndTo) : { period: namedSalesPeriod(DEFAULT_SALES_PERIOD, today), problem: null }
  }
  if (fromText === '' || toText === '') return fallback(M.enterBoth)
  const from = calendarDay.safeParse(fromText)
  const to = calendarDay.safeParse(toText)
  if (!from.success && !to.success) return fallback(M.neitherIsADate)
  if (!from.success) return fallback(M.fromNotADate)
  if (!to.success) return fallback(M.toNotADate)
  if (from.data > to.data) return fallback(M.fromAfterTo)
  return { period: recognised(from.data, to.data, today), problem: null }
}

/** The period as instants: from the first moment of `from` up to, not including, the day after `to`, in the zone. */
export function salesPeriodBounds(period: Pick<SalesPeriod, 'from' | 'to'>, timeZone: string): { start: Date; end: Date } {
  const first = zonedDayBounds(period.from, timeZone)
  const last = zonedDayBounds(period.to, timeZone)
  // Both days were checked when the period was read; a failure here is a bug, not bad input.
  if (!first || !last) throw new Error(`sales period ${period.from} to ${period.to} is not made of days`)
  return { start: first.start, end: last.end }
}

/** How a day of the period is written: the spec's 'Nov 01, 2026'; Turkish's '01 Kas 2026'. */
export const SALES_DAY_PATTERNS: Readonly<Record<Language, string>> = { en: 'MMM dd, YYYY', tr: 'DD MMM YYYY' }

/**
 * The period in words: 'This month (Nov 01, 2026 – Nov 30, 2026)' or 'Oct 03, 2026 – Oct 09,
 * 2026'. Another language gives its own names of the periods (this module travels to the
 * browser, so it holds no catalog of words).
 */
export function salesPeriodText(period: SalesPeriod, language: Language = 'en', labels: Readonly<Record<NamedSalesPeriod, string>> = SALES_PERIOD_LABELS): string {
  const dayText = (day: string) => formatPattern(new Date(`${day}T12:00:00Z`), 'UTC', SALES_DAY_PATTERNS[language], language)
  const days = period.from === period.to ? dayText(period.from) : `${dayText(period.from)} – ${dayText(period.to)}`
  return period.kind === 'custom' ? days : `${labels[period.kind]} (${days})`
}
