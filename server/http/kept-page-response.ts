import type { IncomingMessage, ServerResponse } from 'node:http'
import type { CachedPage } from './page-cache'
import { cacheControlFor } from './response-cache-control'

/** A stored header (never sent) that marks a kept page as running the tenant's page script. */
export const THIRD_PARTY_MARK = 'x-internal-third-party-scripts'

/**
 * Writes a kept page. `X-Page-Cache` says whether it came from the cache, for operators and
 * tests. A kept page's gzip body is joined from pieces compressed once (gzip-segments.ts); the
 * compression middleware leaves a body that is already encoded alone. Node's own response API
 * only, so the express handler and the fast path in front of express send the same answer.
 */
export function sendKeptPage(
  req: IncomingMessage,
  res: ServerResponse,
  page: Pick<CachedPage, 'status' | 'headers'>,
  body: Buffer | string,
  outcome: 'hit' | 'stale' | 'miss',
  encoding?: 'gzip',
): void {
  res.statusCode = page.status
  copyHeaders(res, page.headers.filter(([name]) => name !== THIRD_PARTY_MARK))
  finishCacheControl(req, res)
  res.setHeader('X-Page-Cache', outcome)
  if (encoding) {
    res.setHeader('Content-Encoding', encoding)
    res.appendHeader('Vary', 'Accept-Encoding')
  }
  res.setHeader('Content-Length', Buffer.byteLength(body))
  res.end(body)
}

/**
 * The route's headers over the ones set for every response (security headers): a route that
 * sends its own Content-Security-Policy or X-Content-Type-Options replaces the default rather
 * than adding a second copy. Only Set-Cookie (and Vary, a list) may repeat.
 */
export function copyHeaders(res: ServerResponse, headers: Iterable<[string, string]>): void {
  const seen = new Set<string>()
  for (const [name, value] of headers) {
    const key = name.toLowerCase()
    if (key === 'set-cookie' || key === 'vary') res.appendHeader(name, value)
    else if (seen.has(key)) res.setHeader(name, `${String(res.getHeader(name))}, ${value}`)
    else res.setHeader(name, value)
    seen.add(key)
  }
}

export function finishCacheControl(req: IncomingMessage, res: ServerResponse): void {
  const routeValue = res.getHeader('Cache-Control')
  const contentType = res.getHeader('Content-Type')
  res.setHeader(
    'Cache-Control',
    cacheControlFor({
      routeValue: typeof routeValue === 'string' ? routeValue : null,
      contentType: typeof contentType === 'string' ? contentType : null,
      cookieHeader: req.headers.cookie,
    }),
  )
}
