import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SessionLookup } from '#server/auth/load-session-user'
import { readSessionToken } from '#server/auth/session-cookie'
import type { Tenant } from '#server/tenancy/tenant'
import { acceptsGzip } from './gzip-segments'
import { sendKeptPage, THIRD_PARTY_MARK } from './kept-page-response'
import { fillPageGzip, type PageCache } from './page-cache'
import { audienceOf, pathnameOf } from './page-cache-key'
import { requestLanguage } from './request-language'
import type { RequestStart } from './request-start'
import { signedInPageKeyOf } from './signed-in-page-cache'

export interface SignedInPageFastPathOptions {
  signedInPageCache: PageCache
  /** The tenant of a host from the tenant directory's memory; undefined when it would need the database. */
  peekTenant(host: string): Tenant | null | undefined
  /** Who a session token is on this tenant: the guards' own lookup, through the session memo (decision 148). */
  lookUpSession(tenant: Tenant, token: string): Promise<SessionLookup>
  startRequest(req: IncomingMessage, res: ServerResponse): RequestStart
  /** The Content-Security-Policy of a page that runs the tenant's page script, for this nonce and path. */
  thirdPartyCsp(nonce: string, pathname: string): string
  /** A fresh fill-time stamp of a registration form shown on the page. */
  issueFormStamp(formId: string): string
  /** The way through express, for a request this does not answer. */
  passOn(req: IncomingMessage, res: ServerResponse): void
}

/**
 * Answers a signed-in GET from a fresh page kept for that user (signed-in-page-cache.ts) before
 * express sees it (decision 156), as public kept pages are (kept-page-fast-path.ts): staff open
 * the same report, list or settings screen again and again, and express's routing, middleware and
 * compression hooks cost more than writing the kept bytes. The session is looked up exactly as the
 * express path looks it up (the same memo), and the key is built by the same function from the
 * same parts, so this answers only what express would have answered from the cache.
 *
 * Taken only for a GET with a session cookie, a browser that takes gzip, a host whose tenant is in
 * memory, and a path whose last page was kept; anything else returns false at once, untouched.
 * Once taken, a request it cannot answer (no live session, no fresh page, an error) goes on to
 * express as it came.
 */
export function signedInPageFastPath(options: SignedInPageFastPathOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const host = req.headers.host
    const cookieHeader = req.headers.cookie
    if (req.method !== 'GET' || !host || !cookieHeader || !acceptsGzip(req.headers['accept-encoding'])) return false
    const token = readSessionToken(cookieHeader)
    if (!token) return false
    const tenant = options.peekTenant(host)
    if (!tenant) return false
    const url = req.url ?? '/'
    const pathname = pathnameOf(url)
    const audience = audienceOf(req)
    if (options.signedInPageCache.keepsPath({ tenantId: tenant.id, audience, pathname }) !== true) return false
    options.lookUpSession(tenant, token).then(
      (session) => {
        if (session.kind !== 'active') return options.passOn(req, res)
        // As the express path decides it: the browser's choice, else the profile's, else Accept-Language, else the studio's.
        const language = requestLanguage(req, tenant, session.user.language ?? null)
        const key = signedInPageKeyOf({ tenantId: tenant.id, host, audience, language, url, user: session.user, cookieHeader })
        const page = options.signedInPageCache.get(key)
        if (!page) return options.passOn(req, res)
        const { nonce } = options.startRequest(req, res)
        if (page.headers.some(([name]) => name === THIRD_PARTY_MARK)) res.setHeader('Content-Security-Policy', options.thirdPartyCsp(nonce, pathname))
        sendKeptPage(req, res, page, fillPageGzip(page, { nonce, stamp: (formId) => options.issueFormStamp(formId) }), 'hit', 'gzip')
      },
      () => options.passOn(req, res),
    )
    return true
  }
}
