import { zonedDateFormat } from './zoned-date-format'

/** The footer's last-activity format (spec 000 section 2). */
export const FOOTER_DATE_FORMAT = 'ddd MMM-DD-YYYY hh:mm A'

/**
 * Formats as 'ddd MMM-DD-YYYY hh:mm A' in the tenant's time zone, e.g. 'Sun Nov-22-2026 05:13 AM'.
 * An invalid date gives '' and an unknown time zone falls back to UTC: the footer is never
 * worth failing a page for.
 */
export function formatFooterDate(date: Date, timeZone: string): string {
  if (Number.isNaN(date.getTime())) return ''
  const parts = formatterFor(timeZone).formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes): string => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('weekday')} ${part('month')}-${part('day')}-${part('year')} ${part('hour').padStart(2, '0')}:${part('minute')} ${part('dayPeriod').toUpperCase()}`
}

const FOOTER_OPTIONS: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hour12: true,
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  return zonedDateFormat('footer', FOOTER_OPTIONS, timeZone)
}
