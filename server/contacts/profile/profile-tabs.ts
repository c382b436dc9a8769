/** The sections of a contact's profile, in the order of their tabs; the address says which is open (?tab=). */
export const PROFILE_TABS = ['details', 'custom-fields', 'family', 'memberships', 'timeline', 'notes', 'tags'] as const
export type ProfileTab = (typeof PROFILE_TABS)[number]

/** The tab asked for; the details for anything else, so an old or mangled link still opens the profile. */
export function parseProfileTab(value: string | null): ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value ?? '') ? (value as ProfileTab) : 'details'
}

/** Timeline entries shown at first, and how many more each 'Show more' adds. */
export const TIMELINE_PAGE = 25
export const TIMELINE_MAX = 500

/** How many timeline entries to show for `?shown=`: a multiple of the page, within bounds. */
export function parseTimelineShown(value: string | null): number {
  const asked = Number.parseInt(value ?? '', 10)
  if (!Number.isFinite(asked) || asked <= TIMELINE_PAGE) return TIMELINE_PAGE
  return Math.min(Math.ceil(asked / TIMELINE_PAGE) * TIMELINE_PAGE, TIMELINE_MAX)
}

/** The profile's address, on one tab. */
export function profilePath(guid: string, tab: ProfileTab = 'details', extra: Record<string, string> = {}): string {
  const search = new URLSearchParams(tab === 'details' ? extra : { tab, ...extra }).toString()
  return `/contacts/${guid}/detail${search ? `?${search}` : ''}`
}
