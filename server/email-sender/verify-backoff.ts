/**
 * When the DNS verification job looks again after a check that did not find the records:
 * 1, 5 and 15 minutes after the first try, then every hour until 72 hours have passed since
 * the records were issued, and then it gives up (null).
 */
const MINUTE = 60_000
const HOUR = 60 * MINUTE
export const VERIFY_GIVE_UP_AFTER_MS = 72 * HOUR
const FIRST_DELAYS = [1 * MINUTE, 5 * MINUTE, 15 * MINUTE]

/** `attempt` counts checks already made (1 after the first); `elapsedMs` is the time since the records were issued. */
export function nextVerifyDelay(attempt: number, elapsedMs: number): number | null {
  const delay = attempt <= FIRST_DELAYS.length ? FIRST_DELAYS[Math.max(0, attempt - 1)]! : HOUR
  if (elapsedMs + delay > VERIFY_GIVE_UP_AFTER_MS) return null
  return delay
}
