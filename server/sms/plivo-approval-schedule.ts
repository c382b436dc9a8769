/**
 * When the background check asks Plivo again whether carriers approved a bought number
 * (docs/decisions/138, amended): 5, 20 and 80 minutes after the number began waiting (waits of
 * 5, 15 and 60 minutes), then every 6 hours until 7 days have passed. 10DLC approval takes
 * days; after a week the studio's 'Check approval' starts another week.
 */
const MINUTE = 60_000
const HOUR = 60 * MINUTE
export const APPROVAL_WATCH_MS = 7 * 24 * HOUR
const FIRST_CHECKS_MS = [5 * MINUTE, 20 * MINUTE, 80 * MINUTE] as const
const LATER_EVERY_MS = 6 * HOUR

/**
 * The next check after `elapsedMs` since the number began waiting, in ms since then; null
 * once the week is over. Counted from the start rather than from the last run, so a run
 * delivered twice, late or early schedules the same next check.
 */
export function nextApprovalCheckAt(elapsedMs: number): number | null {
  for (const at of FIRST_CHECKS_MS) if (at > elapsedMs) return at
  const lastFirst = FIRST_CHECKS_MS[FIRST_CHECKS_MS.length - 1] ?? 0
  const at = lastFirst + (Math.floor((elapsedMs - lastFirst) / LATER_EVERY_MS) + 1) * LATER_EVERY_MS
  return at <= APPROVAL_WATCH_MS ? at : null
}
