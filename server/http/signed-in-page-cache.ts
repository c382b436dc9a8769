import type { Request } from 'express'
import { sessionOfRequest } from '#server/auth/request-session'
import { SESSION_COOKIE } from '#server/auth/session-cookie'
import type { SessionUser } from '#server/auth/session-user'
import { readsCachedData } from '#server/cache/cache-reads'
import type { Language } from '#server/i18n/languages'
import type { RequestContext } from './load-context'

/**
 * Pages of the back office that a signed-in user asks for again and again (the settings
 * screens) are kept, per user, for a short while, the way the anonymous page cache keeps public
 * pages. Why: rendering one costs ~15 ms of CPU (React, the route tables, the descriptor form),
 * which caps a process at a few dozen pages a second; the session check alone costs a fraction.
 *
 * Correct because:
 * - the session is looked up on every request, before the cache is asked: a signed-out,
 *   suspended or expired session never gets a kept page;
 * - the key holds everything the page is drawn from besides the tenant's data: the tenant, the
 *   host, the URL, the whole signed-in user as the session lookup produced it (role, names,
 *   preview and franchise flags, session expiry) and every other cookie (layout choices, toasts);
 * - every write of the data behind it declares its cache tags (server/cache/), which drops the
 *   page in every process before the write is answered; the write audit catches a write that
 *   does not;
 * - a page is kept only when its route says so (`allowSignedInPageCache`), answers 200 and
 *   sets no cookie.
 * A route whose data can change without a write through the app (a job, another service) must
 * not opt in.
 */
export const SIGNED_IN_PAGE_SECONDS = 60

/**
 * Called by a loader whose page depends only on the tenant's row, its settings screens'
 * descriptors, the session and the cookies (the settings screens); the shell around it adds
 * what it reads itself.
 */
export function allowSignedInPageCache(context: Pick<RequestContext, 'signedInPageCache' | 'cacheReads'>, seconds = SIGNED_IN_PAGE_SECONDS): void {
  if (context.signedInPageCache) context.signedInPageCache.seconds = seconds
  readsCachedData(context, 'tenant', 'screens')
}

/** The kept page's key for a signed-in GET, or null when the request is not signed in. */
export async function signedInPageKey(req: Request, context: RequestContext, audience: string): Promise<string | null> {
  if (req.method !== 'GET' || !context.tenant) return null
  const cookieHeader = req.headers.cookie
  if (!cookieHeader?.includes(`${SESSION_COOKIE}=`)) return null
  const { user } = await sessionOfRequest(context, req.method, cookieHeader)
  if (!user) return null
  return signedInPageKeyOf({ tenantId: context.tenant.id, host: req.get('host') ?? '', audience, language: context.language, url: req.originalUrl, user, cookieHeader })
}

/**
 * The key itself, from what the page is drawn from: the express path above and the path before
 * express (signed-in-page-fast-path.ts) both build it here, so a page kept by one is found by the other.
 */
export function signedInPageKeyOf(parts: { tenantId: string; host: string; audience: string; language: Language; url: string; user: SessionUser; cookieHeader: string }): string {
  const otherCookies = parts.cookieHeader
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith(`${SESSION_COOKIE}=`))
    .sort()
    .join('; ')
  // The page's language too: without a choice of their own, it follows the browser's Accept-Language.
  return `${parts.tenantId} ${parts.host} ${parts.audience} ${parts.language} ${parts.url}\n${JSON.stringify(parts.user)}\n${otherCookies}`
}
