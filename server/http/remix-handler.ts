import {
  createReadableStreamFromReadable,
  createRequestHandler,
  type AppLoadContext,
  type ServerBuild,
} from '@remix-run/node'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { auditCacheWrites, type UndeclaredWrite } from '#server/cache/write-audit'
import type { Tenant } from '#server/tenancy/tenant'
import { acceptsGzip } from './gzip-segments'
import { copyHeaders, finishCacheControl, sendKeptPage, THIRD_PARTY_MARK } from './kept-page-response'
import { audienceOf, pageCacheKey } from './page-cache-key'
import { fillPage, fillPageGzip, type PageCache, type RenderedPage } from './page-cache'
import { READ_BODY, type RequestWithBody } from './request-body-gate'
import { signedInPageKey } from './signed-in-page-cache'
import { writeBody } from './write-body'

export interface RemixHandlerOptions {
  build: ServerBuild | (() => Promise<ServerBuild>)
  mode: 'development' | 'production'
  getLoadContext(req: Request, res: Response): AppLoadContext | Promise<AppLoadContext>
  /** Serves shareable pages to anonymous visitors from memory; null turns that off. */
  pageCache: PageCache | null
  /** Keeps pages that routes allow per signed-in user (signed-in-page-cache.ts); null turns that off. */
  signedInPageCache?: PageCache | null
  /** The Content-Security-Policy of a page that runs the tenant's page script, for this nonce. */
  thirdPartyCsp?: (nonce: string, pathname?: string) => string
  /** A fresh fill-time stamp of a registration form, for a kept page that shows it. */
  issueFormStamp?: (formId: string) => string
  /**
   * A request wrote data that cached pages are built from without declaring the cache tags
   * (server/cache/write-audit.ts); called before it is answered. Without it no request is
   * audited (production: see create-http-app.ts).
   */
  onUndeclaredWrites?: (tenant: Tenant, undeclared: UndeclaredWrite[], req: Request) => void
}

/**
 * Express to Remix, as @remix-run/express does it, plus the anonymous page cache: a GET from a
 * visitor without cookies is answered from the cache when a route marked that page shareable.
 */
export function createRemixHandler(options: RemixHandlerOptions): RequestHandler {
  const handleRequest = createRequestHandler(options.build, options.mode)
  const cache = options.pageCache
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const context = await options.getLoadContext(req, res)
      const publicKey = cache ? pageCacheKey(req, context.tenant?.id ?? null, req.originalUrl) : null
      const audience = audienceOf(req)
      const signedInKey = !publicKey && options.signedInPageCache ? await signedInPageKey(req, context, audience) : null
      const store = publicKey ? cache : signedInKey ? (options.signedInPageCache ?? null) : null
      const key = publicKey ?? signedInKey
      let found = key && store ? store.lookup(key) : null
      // Requests for a page that another request is rendering wait for it and are answered with
      // what it kept, rather than rendering it again each: a search asked at several desks, or a
      // public page just after an edit. Only at paths whose last page was kept, so a page that
      // is never kept never makes one request wait for another.
      const path = { tenantId: context.tenant?.id ?? null, audience, pathname: req.path }
      if (key && store && found?.kind === 'render' && !found.replacing && store.keepsPath(path) === true) {
        const rendering = store.renderingOf(key)
        if (rendering) {
          await rendering
          found = store.lookup(key)
        }
      }
      const relaxCsp = (thirdParty: boolean) => {
        if (thirdParty && options.thirdPartyCsp) res.setHeader('Content-Security-Policy', options.thirdPartyCsp(context.nonce, req.path))
      }
      if (found && found.kind !== 'render') {
        relaxCsp(found.page.headers.some(([name]) => name === THIRD_PARTY_MARK))
        const values = { nonce: context.nonce, stamp: (formId: string) => options.issueFormStamp?.(formId) ?? '' }
        const outcome = found.kind === 'fresh' ? 'hit' : 'stale'
        if (acceptsGzip(req.get('accept-encoding'))) sendKeptPage(req, res, found.page, fillPageGzip(found.page, values), outcome, 'gzip')
        else sendKeptPage(req, res, found.page, fillPage(found.page, values), outcome)
        return
      }
      let kept = false
      const rendered = key && store && !store.renderingOf(key) ? store.startRendering(key) : null
      try {
        const generation = store?.generationOf(context.tenant?.id ?? null) ?? 0
        const render = () => handleRequest(toFetchRequest(req, res), context)
        let response: globalThis.Response
        if (options.onUndeclaredWrites) {
          const audited = await auditCacheWrites(render)
          response = audited.result
          if (audited.undeclared.length > 0 && context.tenant) options.onUndeclaredWrites(context.tenant, audited.undeclared, req)
        } else response = await render()
        const thirdParty = context.thirdPartyScripts?.allowed === true
        relaxCsp(thirdParty)
        const stamps = context.formStamps ?? []
        // A kept page with a form must get a fresh stamp on every hit, or it is not kept.
        const stampable = stamps.length === 0 || options.issueFormStamp !== undefined
        const ttlMs = !key || !store || !stampable ? 0 : publicKey ? store.ttlFor(response.status, response.headers) : signedInTtlMs(response, context)
        if (key && store && ttlMs > 0) {
          const page: RenderedPage = {
            status: response.status,
            // A kept page remembers that it runs the page script: a hit gets the same policy.
            headers: [...storableHeaders(response.headers), ...(thirdParty ? [[THIRD_PARTY_MARK, '1'] as [string, string]] : [])],
            body: await response.text(),
            nonce: context.nonce,
            stamps,
            tenantId: context.tenant?.id ?? null,
            tags: context.cacheReads && context.cacheReads.size > 0 ? [...context.cacheReads] : undefined,
          }
          store.set(key, page, ttlMs, generation)
          kept = store.get(key) !== undefined
          sendKeptPage(req, res, page, page.body, 'miss')
          return
        }
        await sendResponse(req, res, response)
      } finally {
        if (key && store) store.notePathKept(path, kept)
        rendered?.()
        if (key && found?.replacing && !kept) store?.release(key)
      }
    } catch (error) {
      next(error)
    }
  }
}

/** A signed-in page is kept when its route allowed it, it is a 200, and it sets no cookie. */
function signedInTtlMs(response: globalThis.Response, context: AppLoadContext): number {
  const seconds = context.signedInPageCache?.seconds ?? 0
  if (seconds <= 0 || response.status !== 200 || response.headers.has('set-cookie')) return 0
  return seconds * 1000
}

const NOT_STORED = new Set(['content-length', 'transfer-encoding', 'connection', 'date', 'keep-alive'])

function storableHeaders(headers: Headers): [string, string][] {
  return [...headers.entries()].filter(([name]) => !NOT_STORED.has(name))
}

/** As @remix-run/express: the full URL (respecting `trust proxy`), headers, and an abort signal. */
function toFetchRequest(req: Request, res: Response): globalThis.Request {
  const forwardedPort = Number.parseInt(req.get('x-forwarded-host')?.split(':')[1] ?? '', 10)
  const hostPort = Number.parseInt(req.get('host')?.split(':')[1] ?? '', 10)
  const port = Number.isSafeInteger(forwardedPort) ? forwardedPort : Number.isSafeInteger(hostPort) ? hostPort : ''
  const url = new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`)

  const headers = new Headers()
  for (const [name, values] of Object.entries(req.headers)) {
    if (values === undefined) continue
    if (Array.isArray(values)) for (const value of values) headers.append(name, value)
    else headers.set(name, values)
  }

  // Abort loaders and actions when the visitor goes away before the response is written.
  let controller: AbortController | null = new AbortController()
  res.on('finish', () => (controller = null))
  res.on('close', () => controller?.abort())

  const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers, signal: controller.signal }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    // The body gate (request-body-gate.ts) has read and checked it already.
    const read = (req as RequestWithBody)[READ_BODY]
    if (read) init.body = new Uint8Array(read)
    else {
      init.body = createReadableStreamFromReadable(req)
      init.duplex = 'half'
    }
  }
  return new globalThis.Request(url.href, init)
}

async function sendResponse(req: Request, res: Response, response: globalThis.Response): Promise<void> {
  res.statusMessage = response.statusText
  res.status(response.status)
  copyHeaders(res, response.headers.entries())
  finishCacheControl(req, res)
  if (/text\/event-stream/i.test(response.headers.get('content-type') ?? '')) res.flushHeaders()
  if (response.body) await writeBody(response.body, res)
  else res.end()
}
