import { existsSync, readdirSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AppLoadContext, ServerBuild } from '@remix-run/node'
import compression from 'compression'
import express, { type NextFunction, type Request, type Response } from 'express'
import { sql } from 'kysely'
import { issueFormStamp } from '#server/forms/fill-time'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { UndeclaredCacheWriteError } from '#server/cache/write-audit'
import { paymentPageOrigins, paymentScriptOriginsFor, stripeScriptOrigins } from '#server/payments/payment-page-origins'
import { handlePhonePeCallback, PHONEPE_CALLBACK_ROUTE } from '#server/payments/phonepe-callback'
import { isRazorpayReturn } from '#server/payments/razorpay-checkout'
import { handleStripeWebhook, STRIPE_WEBHOOK_PATH } from '#server/payments/stripe-webhook'
import { PLIVO_STATUS_PATH } from '#server/sms/plivo-delivery-report'
import { TWILIO_STATUS_PATH } from '#server/sms/twilio-delivery-report'
import { handleSmsStatusCallback } from '#server/sms/sms-status-callback'
import { WIDGET_EMBED_PATH } from '#server/widgets/embed-code'
import { memoisedSessionUser } from '#server/auth/load-session-user'
import { CONTACT_AUTOCOMPLETE_PATH, CONTACTS_LIST_PATH, contactAutocompleteBeforeExpress, contactAutocompleteFastPath } from '#server/contacts/contact-autocomplete-fast-path'
import { compressedAssets } from './compressed-assets'
import './load-context'
import { organisationNotFoundHtml } from './not-found-page'
import { isCrossSiteMutation } from './origin-check'
import { PageCache } from './page-cache'
import { createRemixHandler } from './remix-handler'
import { requestBodyGate } from './request-body-gate'
import { securityHeaders } from './security-headers'
import { keptPageFastPath } from './kept-page-fast-path'
import { pathnameOf } from './page-cache-key'
import { signedInPageFastPath } from './signed-in-page-fast-path'
import { startRequest } from './request-start'
import { compressionOptions } from './response-compression'

import { ORG_COOKIE } from './org-cookie'
import { requestLanguage, storedLanguageOf } from './request-language'

export interface HttpAppOptions {
  platform: Platform
  build: ServerBuild | (() => Promise<ServerBuild>)
  /** Folder with public/ (favicon, built client assets). */
  publicDir: string
  isDev?: boolean
}

interface Locals {
  nonce: string
  requestId: string
  tenant: Tenant | null
}

/**
 * The web server's request listener: kept public pages, the contact autocomplete and pages kept
 * for a signed-in user are answered before express (kept-page-fast-path.ts,
 * contact-autocomplete-fast-path.ts, signed-in-page-fast-path.ts), everything else by the express
 * app, also exposed for its settings.
 */
export type HttpApp = ((req: IncomingMessage, res: ServerResponse) => void) & { express: express.Express }

export function createHttpApp(options: HttpAppOptions): HttpApp {
  const { platform } = options
  const app = express()
  const formTargets = paymentPageOrigins(platform.env)
  const paymentScripts = stripeScriptOrigins(platform.env)
  const paymentScriptsOf = paymentScriptOriginsFor(platform.env, paymentScripts)
  const start = (req: IncomingMessage, res: ServerResponse) =>
    startRequest(req, res, {
      logger: platform.logger,
      isProduction: platform.env.isProduction,
      allowDevSockets: Boolean(options.isDev),
      formTargets,
      paymentScripts: paymentScriptsOf(pathnameOf(req.url ?? '/')),
    })
  app.disable('x-powered-by')
  // A hop count, not `true`: with `true` Express takes the leftmost X-Forwarded-For address,
  // which any client can write, and per-address limits would count whatever it claims.
  if (platform.env.TRUST_PROXY > 0) app.set('trust proxy', platform.env.TRUST_PROXY)

  // Shareable public pages for anonymous visitors (see page-cache.ts), and back-office pages
  // kept per signed-in user (signed-in-page-cache.ts). A kept page drops, in every process, as
  // soon as a write declares a change to what it was built from (server/cache/), so a visitor
  // never waits out the cache after an edit, and a visitor's form post drops nothing.
  const pageCache = options.isDev ? null : new PageCache()
  const signedInPageCache = options.isDev ? null : new PageCache({ maxEntries: 300 })
  platform.caches.onChange((tenantId, tags) => {
    pageCache?.dropTenant(tenantId, tags)
    signedInPageCache?.dropTenant(tenantId, tags)
  })
  const thirdPartyCsp = (nonce: string, pathname?: string) =>
    securityHeaders({ nonce, isProduction: platform.env.isProduction, allowDevSockets: Boolean(options.isDev), thirdPartyScripts: true, formTargets, paymentScripts: paymentScriptsOf(pathname ?? '/') })['Content-Security-Policy'] ?? ''
  const issueStamp = (formId: string) => issueFormStamp(platform.env, formId)

  app.use((req, res, next) => {
    const { requestId, nonce } = start(req, res)
    Object.assign(res.locals, { requestId, nonce, tenant: null } satisfies Locals)
    next()
  })

  app.get('/healthz', (_req, res) => {
    res.type('text/plain').set('Cache-Control', 'no-store').send('ok')
  })

  app.get('/readyz', async (_req, res) => {
    const checks: Record<string, string> = {}
    let ready = true
    try {
      await sql`select 1`.execute(platform.database.db)
      checks.database = 'ok'
    } catch {
      checks.database = 'unreachable'
      ready = false
    }
    if (platform.pingRedis) {
      try {
        await withTimeout(platform.pingRedis(), 2000)
        checks.redis = 'ok'
      } catch {
        checks.redis = 'unreachable'
        ready = false
      }
    }
    res.status(ready ? 200 : 503).set('Cache-Control', 'no-store').json({ status: ready ? 'ready' : 'not ready', checks })
  })

  // Pages, data and assets leave compressed (brotli or gzip) when the browser takes it. Kept
  // pages arrive here already gzipped (gzip-segments.ts), built assets precompressed once.
  app.use(compression(compressionOptions))
  app.use('/build', compressedAssets(`${options.publicDir}/build`))
  app.use('/build', express.static(`${options.publicDir}/build`, { immutable: true, maxAge: '1y', index: false }))
  // Files at the top of public/ (favicon, robots.txt...). Outside development the folder is fixed
  // at deploy, so paths that name none of its entries skip the file-system look-up: on a busy
  // public site that stat per request cost more than serving a cached page.
  const publicFiles = express.static(options.publicDir, { maxAge: '1h', index: false })
  const publicEntries = options.isDev ? null : topLevelEntries(options.publicDir)
  app.use((req, res, next) => {
    if (publicEntries && !publicEntries.has(firstPathSegment(req.path))) return next()
    publicFiles(req, res, next)
  })

  // Stripe posts from its own servers, signed: it is not a browser form, and it needs the raw body.
  app.post(STRIPE_WEBHOOK_PATH, express.raw({ type: 'application/json', limit: '512kb' }), (req, res, next) => {
    handleStripeWebhook(platform, req, res).catch(next)
  })
  // PhonePe posts JSON from its own servers, with a checksum: not a browser form either.
  app.post(PHONEPE_CALLBACK_ROUTE, express.json({ limit: '64kb' }), (req, res, next) => {
    handlePhonePeCallback(platform, req, res).catch(next)
  })
  // Plivo posts delivery reports from its own servers, signed with the studio's Auth Token.
  app.post(PLIVO_STATUS_PATH, express.urlencoded({ extended: false, limit: '64kb' }), express.json({ limit: '64kb' }), (req, res, next) => {
    handleSmsStatusCallback(platform, 'plivo', req, res).catch(next)
  })
  // Twilio posts status callbacks from its own servers, signed (body included) with the studio's auth token.
  app.post(TWILIO_STATUS_PATH, express.urlencoded({ extended: false, limit: '64kb' }), (req, res, next) => {
    handleSmsStatusCallback(platform, 'twilio', req, res).catch(next)
  })

  app.use((req, res, next) => {
    // Razorpay's hosted checkout posts the buyer back from its own site; the route checks Razorpay's signature.
    if (req.method === 'POST' && isRazorpayReturn(req.path)) return next()
    const refused = isCrossSiteMutation({
      method: req.method,
      protocol: req.protocol,
      host: req.get('host'),
      origin: req.get('origin'),
      referer: req.get('referer'),
      secFetchSite: req.get('sec-fetch-site'),
    })
    if (refused) {
      res.status(403).type('text/plain').send('Cross-site form posts are not accepted.')
      return
    }
    next()
  })

  app.use(async (req: Request, res: Response, next: NextFunction) => {
    try {
      const storedOrgId = readCookie(req.get('cookie'), ORG_COOKIE)
      const resolution = await platform.tenants.resolveHost(req.get('host'), storedOrgId)
      if (resolution.kind === 'unknown') {
        res.status(404).type('html').set('Cache-Control', 'no-store').send(organisationNotFoundHtml)
        return
      }
      res.locals.tenant = resolution.kind === 'tenant' ? resolution.tenant : null
      next()
    } catch (error) {
      next(error)
    }
  })

  // A widget is framed by the studio's own website, another origin: its answers set their own
  // frame-ancestors (server/widgets/embed-code.ts), which this header would contradict.
  app.use(WIDGET_EMBED_PATH, (_req, res, next) => {
    res.removeHeader('X-Frame-Options')
    next()
  })

  app.use(requestBodyGate())

  // The contact pickers' autocomplete, typed letter by letter: answered before Remix when the
  // session may see contacts; everything else goes on to the Remix routes (docs/decisions/140).
  const lookUpSession = (tenant: Tenant, token: string) => memoisedSessionUser(platform, tenant, token)
  app.get([CONTACT_AUTOCOMPLETE_PATH, CONTACTS_LIST_PATH], contactAutocompleteFastPath({ platform, lookUpSession }))

  app.all(
    '*',
    createRemixHandler({
      build: options.build,
      mode: options.isDev ? 'development' : 'production',
      pageCache,
      signedInPageCache,
      issueFormStamp: issueStamp,
      thirdPartyCsp,
      // The audit holds development and tests to declaring cache tags. Production does not run
      // it: AsyncLocalStorage turns on promise hooks for the whole process, which cost a busy
      // public site more than half its throughput; the tests are where a missing tag is caught.
      onUndeclaredWrites: platform.env.isProduction ? undefined : (tenant, undeclared, req) => {
        // A bug, but not the visitor's problem: log it and drop all the tenant's cached pages.
        platform.logger.error({ undeclared, method: req.method, url: req.originalUrl }, 'a request wrote cached data without declaring its cache tags')
        platform.caches.changedAll(tenant.id)
        // Under test the request fails, so the test that made it names the write.
        if (platform.env.NODE_ENV === 'test') throw new UndeclaredCacheWriteError(`${req.method} ${req.path}`, undeclared)
      },
      getLoadContext: async (req, res): Promise<AppLoadContext> => {
        const tenant = res.locals.tenant as Tenant | null
        const context: AppLoadContext = {
          platform,
          tenant,
          language: requestLanguage(req, tenant),
          nonce: res.locals.nonce as string,
          requestId: res.locals.requestId as string,
          ip: req.ip ?? '',
          signedInPageCache: { seconds: 0 },
          thirdPartyScripts: { allowed: false },
          cacheReads: new Set(),
          formStamps: [],
        }
        // A signed-in person without a cookie choice gets the language kept on their profile.
        const stored = await storedLanguageOf(req, context)
        if (stored) context.language = requestLanguage(req, tenant, stored)
        return context
      },
    }),
  )

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    platform.logger.error({ err: error, requestId: res.locals.requestId, url: req.originalUrl }, 'unhandled request error')
    if (res.headersSent) return
    res.status(500).type('text/plain').send('Something went wrong on our side. Please try again in a moment.')
  })

  const fastPath = pageCache
    ? keptPageFastPath({ pageCache, peekTenant: (host) => platform.tenants.peekHost(host), startRequest: start, thirdPartyCsp, issueFormStamp: issueStamp })
    : null
  // Outside development, as kept pages: the autocomplete of a host whose tenant is in memory.
  const autocomplete = options.isDev
    ? null
    : contactAutocompleteBeforeExpress({ platform, lookUpSession, peekTenant: (host) => platform.tenants.peekHost(host), startRequest: start, passOn: (req, res) => app(req, res) })
  // And pages kept for a signed-in user, once the session is known (decision 156).
  const signedInFastPath = signedInPageCache
    ? signedInPageFastPath({
        signedInPageCache,
        peekTenant: (host) => platform.tenants.peekHost(host),
        lookUpSession,
        startRequest: start,
        thirdPartyCsp,
        issueFormStamp: issueStamp,
        passOn: (req, res) => app(req, res),
      })
    : null
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    if (fastPath?.(req, res)) return
    if (autocomplete?.(req, res)) return
    if (signedInFastPath?.(req, res)) return
    app(req, res)
  }
  return Object.assign(listener, { express: app })
}

export function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null
  for (const part of header.split(';')) {
    const [key, ...rest] = part.trim().split('=')
    if (key === name) {
      try {
        return decodeURIComponent(rest.join('='))
      } catch {
        return null
      }
    }
  }
  return null
}

function topLevelEntries(folder: string): Set<string> {
  return existsSync(folder) ? new Set(readdirSync(folder)) : new Set()
}

function firstPathSegment(path: string): string {
  const segment = path.split('/')[1] ?? ''
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms))])
}
