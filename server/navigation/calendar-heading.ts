/** 'Sunday, November 22, 2026': today in the tenant's time zone, over calendar screens. */
export function calendarHeading(now: Date, timeZone: string): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric' }
  try {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone }).format(now)
  } catch {
    return new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(now)
  }
}
