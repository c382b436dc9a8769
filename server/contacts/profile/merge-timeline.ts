/** Where a timeline entry comes from; the screen picks its icon by it. */
export type TimelineKind = 'activity' | 'form' | 'note' | 'email' | 'login' | 'sale' | 'membership' | 'booking'

export interface TimelineEntry {
  /** Unique across sources: the kind and the row's id. */
  key: string
  kind: TimelineKind
  at: Date
  text: string
}

/**
 * The newest `limit` entries of several sources, newest first. Each source gives at most
 * `limit + 1` of its newest rows, so more than `limit` in all means there is more to show.
 * Entries at the same instant keep a fixed order (by key), so pages never shuffle.
 */
export function mergeTimeline(sources: ReadonlyArray<readonly TimelineEntry[]>, limit: number): { entries: TimelineEntry[]; hasMore: boolean } {
  const all = sources
    .flat()
    .filter((entry) => !Number.isNaN(entry.at.getTime()))
    .sort((a, b) => b.at.getTime() - a.at.getTime() || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  return { entries: all.slice(0, limit), hasMore: all.length > limit }
}

/** The instants of sign-ins: each session's start, and the last sign-in when no session shows it. */
export function loginInstants(sessionStarts: readonly Date[], lastLoginAt: Date | null): Date[] {
  // A sign-in stamps last_login_at and creates its session within moments of each other.
  const SAME_SIGN_IN_MS = 60_000
  if (!lastLoginAt || sessionStarts.some((start) => Math.abs(start.getTime() - lastLoginAt.getTime()) <= SAME_SIGN_IN_MS)) return [...sessionStarts]
  return [...sessionStarts, lastLoginAt]
}
