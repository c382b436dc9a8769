/** Spec 000 section 9: both are 15 minutes, "configured in minutes". */
export const TOKEN_REFRESH_BUFFER_MINUTES = 15
export const IDLE_TIMEOUT_MINUTES = 15
export const USER_ACTIVITY_DEBOUNCE_MS = 300

export const SESSION_EXPIRED_DIALOG = {
  title: 'Session Expired',
  message: 'Your session has expired. Would you like to continue your session?',
  confirmLabel: 'Continue',
} as const

// "An unknown (negative) expiry counts as expired"; NaN and Infinity are unknown too.
function isKnownExpiry(expiresAtMs: number): boolean {
  return Number.isFinite(expiresAtMs) && expiresAtMs >= 0
}

/** Expired once the expiry instant is reached, as token libraries read `exp`. */
export function isExpired(expiresAtMs: number, nowMs: number): boolean {
  if (!isKnownExpiry(expiresAtMs)) return true
  return nowMs >= expiresAtMs
}

/** About to expire once "expiry minus the buffer has passed": time to refresh. */
export function isAboutToExpire(
  expiresAtMs: number,
  nowMs: number,
  bufferMinutes: number = TOKEN_REFRESH_BUFFER_MINUTES,
): boolean {
  if (!isKnownExpiry(expiresAtMs)) return true
  return nowMs >= expiresAtMs - bufferMinutes * 60_000
}
