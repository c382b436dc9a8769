import { SESSION_COOKIE } from '#server/auth/session-cookie'

/** Nothing kept by the browser, a proxy, or the Back button's page store. */
export const PRIVATE_NO_STORE = 'private, no-store'

/**
 * The Cache-Control a page or data response leaves with. A response to a request that carries
 * a session is personal, whatever the route said: front-desk computers are shared, and after
 * sign-out the Back button must not show the contacts list from the browser's cache. A response
 * whose route said nothing is treated the same way (it may show a toast, a form's values, a
 * submission); only routes that mark a page shareable (`public, s-maxage`) let it be kept.
 */
export function cacheControlFor(input: { routeValue: string | null; contentType: string | null; cookieHeader: string | undefined }): string {
  if (carriesSession(input.cookieHeader) && isPageOrData(input.contentType)) return PRIVATE_NO_STORE
  return input.routeValue ?? PRIVATE_NO_STORE
}

/**
 * Pages, Remix data and redirects (no body type). Files a route serves (a tenant's logo, a
 * PDF, a CSV) carry the Cache-Control their route chose: a logo is the same for everyone, and
 * the routes of personal files choose no-store themselves.
 */
function isPageOrData(contentType: string | null): boolean {
  if (!contentType) return true
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
  return type === 'text/html' || type === 'application/json' || type === 'text/x-script' || type.startsWith('text/vnd.turbo')
}

export function carriesSession(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false
  return cookieHeader.split(';').some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`))
}
