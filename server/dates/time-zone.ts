import { BoundedMemo } from '#server/cache/bounded-memo'

/** What a zone the runtime does not know is shown in: a date is never worth failing a page for. */
export const FALLBACK_TIME_ZONE = 'UTC'

/**
 * The tenant's zone when the runtime knows it (an IANA name such as 'America/New_York'),
 * otherwise UTC. A settings document may hold a zone an older or newer runtime lacks, or one
 * typed by hand; reading it never throws.
 */
export function resolveTimeZone(timeZone: string): string {
  return known.get(timeZone, () => {
    try {
      return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone
    } catch {
      return FALLBACK_TIME_ZONE
    }
  })
}

const known = new BoundedMemo<string>(1_000)
