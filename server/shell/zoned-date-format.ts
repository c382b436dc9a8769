/**
 * An en-US date formatter for a tenant's time zone, made once per (style, zone): building an
 * Intl.DateTimeFormat costs far more than using one, and pages format dates on every request
 * (the footer's last activity, every row of the users table). A zone the runtime does not know
 * formats in UTC: a date is never worth failing a page for.
 */
export function zonedDateFormat(style: string, options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  const key = `${style} ${timeZone}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = create(options, timeZone)
    if (formatters.size >= MAX_FORMATTERS) formatters.clear()
    formatters.set(key, formatter)
  }
  return formatter
}

const formatters = new Map<string, Intl.DateTimeFormat>()
const MAX_FORMATTERS = 1_000

function create(options: Intl.DateTimeFormatOptions, timeZone: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone })
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' })
  }
}
