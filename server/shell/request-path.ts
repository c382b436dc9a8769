/** A requested location split the way the shell's route rules read it. */
export type RequestPath = {
  /** Leading slash, no trailing slash, '' for the root. */
  pathname: string
  /** '' or the query string including its '?'. */
  search: string
}

/**
 * Route rules receive paths from Remix (`/calendar`), from stored redirect targets (`calendar`)
 * and from the root (`/` or ``); one tidy shape keeps every rule from handling all three.
 */
export function splitPath(path: string): RequestPath {
  const withoutHash = path.split('#')[0] ?? ''
  const queryAt = withoutHash.indexOf('?')
  const rawPathname = queryAt === -1 ? withoutHash : withoutHash.slice(0, queryAt)
  const search = queryAt === -1 ? '' : withoutHash.slice(queryAt)
  const segments = rawPathname.split('/').filter((segment) => segment.length > 0)
  return { pathname: segments.length === 0 ? '' : `/${segments.join('/')}`, search: search === '?' ? '' : search }
}

/**
 * The route tables match on the first segment only ("a path is public when it starts with
 * one of ..."), and Remix matches routes case-insensitively, so this does too.
 */
export function firstSegment(path: string): string {
  const { pathname } = splitPath(path)
  return (pathname.split('/')[1] ?? '').toLowerCase()
}
