/**
 * The Users table's Last Login Time: a date and time in the organisation's time zone, or '-'
 * for someone who has never signed in (settings spec, Users list).
 */
export function formatLastLogin(at: Date | string | null, timeZone: string): string {
  if (at === null) return '-'
  const date = at instanceof Date ? at : new Date(at)
  if (Number.isNaN(date.getTime())) return '-'
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(date)
  } catch {
    // A time zone the runtime does not know must not break the list.
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(date)
  }
}
