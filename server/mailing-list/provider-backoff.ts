/** How long to wait before the next try of a provider call the provider asked us to slow down on. */
export interface BackoffPolicy {
  /** Tries in all for one call, the first one included. */
  maxTries: number
  /** The first wait; each further wait doubles, up to `maxMs`. */
  baseMs: number
  maxMs: number
}

export const PROVIDER_BACKOFF: BackoffPolicy = { maxTries: 6, baseMs: 500, maxMs: 30_000 }

/** Only a rate limit and a provider's own trouble are worth another try; a refusal is not. */
export function isRetryableStatus(status: number | null): boolean {
  return status === null || status === 429 || status >= 500
}

/**
 * Reads Retry-After: seconds, or an HTTP date. Null when absent or unreadable; never negative.
 */
export function retryAfterMs(header: string | null, now: Date = new Date()): number | null {
  if (header === null || header.trim() === '') return null
  const trimmed = header.trim()
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000)
  const at = Date.parse(trimmed)
  if (Number.isNaN(at)) return null
  return Math.max(0, at - now.getTime())
}

/**
 * The wait before try number `nextTry` (2 for the first retry): what the provider's
 * Retry-After says when it says something (capped at `maxMs`), else exponential from `baseMs`.
 * Null once the tries are spent: the caller gives up.
 */
export function backoffDelayMs(nextTry: number, retryAfter: number | null, policy: BackoffPolicy = PROVIDER_BACKOFF): number | null {
  if (nextTry > policy.maxTries) return null
  if (retryAfter !== null) return Math.min(retryAfter, policy.maxMs)
  return Math.min(policy.baseMs * 2 ** Math.max(0, nextTry - 2), policy.maxMs)
}
