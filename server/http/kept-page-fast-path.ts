import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Tenant } from '#server/tenancy/tenant'
import { acceptsGzip } from './gzip-segments'
import { sendKeptPage, THIRD_PARTY_MARK } from './kept-page-response'
import { fillPageGzip, type PageCache } from './page-cache'
import { pageCacheKey } from './page-cache-key'
import type { RequestStart } from './request-start'

export interface KeptPageFastPathOptions {
  pageCache: PageCache
  /** The tenant of a host from the tenant directory's memory; undefined when it would need the database. */
  peekTenant(host: string): Tenant | null | undefined
  startRequest(req: IncomingMessage, res: ServerResponse): RequestStart
  /** The Content-Security-Policy of a page that runs the tenant's page script, for this nonce. */
  thirdPartyCsp(nonce: string): string
  /** A fresh fill-time stamp of a registration form shown on the page. */
  issueFormStamp(formId: string): string
}

/**
 * Answers a visitor's GET from a fresh kept page before express sees the request, or says it
 * did not (false, with nothing written). A kept page is the same bytes for every anonymous
 * visitor, so routing, body checks, origin checks and compression have nothing to do for it:
 * skipping them is what lets a busy public page cost little more than writing its bytes.
 * Anything less certain (a host not yet in memory, a stale page, a browser without gzip, a
 * cookie) goes the whole way through express, which renders, keeps, and serves stale pages.
 */
export function keptPageFastPath(options: KeptPageFastPathOptions): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const host = req.headers.host
    if (req.method !== 'GET' || !host || !acceptsGzip(req.headers['accept-encoding'])) return false
    const tenant = options.peekTenant(host)
    if (!tenant) return false
    const key = pageCacheKey(req, tenant.id, req.url ?? '')
    const page = key ? options.pageCache.get(key) : undefined
    if (!page) return false
    const { nonce } = options.startRequest(req, res)
    if (page.headers.some(([name]) => name === THIRD_PARTY_MARK)) res.setHeader('Content-Security-Policy', options.thirdPartyCsp(nonce))
    sendKeptPage(req, res, page, fillPageGzip(page, { nonce, stamp: (formId) => options.issueFormStamp(formId) }), 'hit', 'gzip')
    return true
  }
}
