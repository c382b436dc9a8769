import { zonedDateFormat } from '#server/shell/zoned-date-format'

/**
 * The Users table's Last Login Time: a date and time in the organisation's time zone, or '-'
 * for someone who has never signed in (settings spec, Users list).
 */
export function formatLastLogin(at: Date | string | null, timeZone: string): string {
  if (at === null) return '-'
  const date = at instanceof Date ? at : new Date(at)
  if (Number.isNaN(date.getTime())) return '-'
  return zonedDateFormat('last-login', { dateStyle: 'medium', timeStyle: 'short' }, timeZone).format(date)
}
