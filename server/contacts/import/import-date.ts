import type { DateFormat } from '#server/dates/date-formats'

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/**
 * A date of birth from a cell, as 'YYYY-MM-DD', or null when it is not a real calendar day
 * between 1900 and today. Read as ISO ('1990-04-23') or in the organisation's date format
 * (month or day first, with '/', '-', '.' or spaces; 'Apr 23 1990' for the MMM format), so
 * that '04/05/1990' means what the studio's own screens would show it as.
 */
export function parseImportDate(text: string, format: DateFormat, today: Date): string | null {
  const value = text.trim()
  let year: number
  let month: number
  let day: number
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value)
  const named = /^([A-Za-z]{3})[a-z]*\.?[\s-]+(\d{1,2}),?[\s-]+(\d{4})$/.exec(value)
  const numeric = /^(\d{1,2})[/.\s-]+(\d{1,2})[/.\s-]+(\d{4})$/.exec(value)
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
  else if (named) {
    month = MONTHS.indexOf((named[1] ?? '').toLowerCase()) + 1
    if (month === 0) return null
    ;[day, year] = [Number(named[2]), Number(named[3])]
  } else if (numeric) {
    const [first, second] = [Number(numeric[1]), Number(numeric[2])]
    const dayFirst = format.startsWith('dd')
    ;[day, month] = dayFirst ? [first, second] : [second, first]
    year = Number(numeric[3])
  } else return null
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  if (year < 1900 || date.getTime() > today.getTime()) return null
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}
