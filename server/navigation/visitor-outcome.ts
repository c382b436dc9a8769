import type { Landing } from '#server/shell/landing-path'
import { firstSegment } from '#server/shell/request-path'

/**
 * The landing rules send a visitor on an unknown address to the default public route. That
 * suits stored return addresses; for an address typed or followed from elsewhere the spec's
 * catch-all applies instead ("a catch-all shows an internal website preview with page name
 * 404"), which also tells search engines the page does not exist. The empty route, logout and
 * the sign-in-first set-up links keep their redirects.
 */
export function isVisitorFallback(path: string, landing: Landing): boolean {
  if (landing.kind !== 'redirect') return false
  const segment = firstSegment(path)
  return segment !== '' && segment !== 'logout' && segment !== 'integrations'
}
