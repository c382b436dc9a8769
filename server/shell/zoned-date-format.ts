import { BoundedMemo } from '#server/cache/bounded-memo'

/**
 * An en-US date formatter for a tenant's time zone, made once per (style, zone): building an
 * Intl.DateTimeFormat costs far more than using one, and pages format dates on every request
 * (the footer's last activity, every row of the users table). A zone the runtime does not know
 * formats in UTC: a date is never worth failing a page for.
 */
export function zonedDateFormat(style: string, options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  return formatters.get(`${style} ${timeZone}`, () => create(options, timeZone))
}

const formatters = new BoundedMemo<Intl.DateTimeFormat>(1_000)

function create(options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone })
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' })
  }
}
