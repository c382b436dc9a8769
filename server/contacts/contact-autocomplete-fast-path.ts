import type { IncomingMessage, ServerResponse } from 'node:http'
import { gzipSync } from 'node:zlib'
import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { hasPermission } from '#server/auth/permissions'
import { readSessionToken } from '#server/auth/session-cookie'
import type { SessionLookup } from '#server/auth/load-session-user'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { acceptsGzip } from '#server/http/gzip-segments'
import type { RequestStart } from '#server/http/request-start'
import { searchContacts, type ContactSearchItem } from './search-contacts'

/** The pickers' autocomplete, as the Remix route app/routes/_admin+/contacts+/autocomplete.ts answers it too. */
export const CONTACT_AUTOCOMPLETE_PATH = '/contacts/autocomplete'
/** The spec's own form of the call (GET contact/?autoComplete=true&q=), on the contacts list's address. */
export const CONTACTS_LIST_PATH = '/contacts'

/** Whether a request asks for the autocomplete: /contacts/autocomplete, or /contacts?autoComplete=true. */
export function asksContactAutocomplete(path: string, search: URLSearchParams): boolean {
  if (path === CONTACT_AUTOCOMPLETE_PATH) return true
  return path === CONTACTS_LIST_PATH && search.get('autoComplete') === 'true'
}

interface AutocompleteOptions {
  platform: Pick<Platform, 'database' | 'tenants'>
  /** Who a session token is on this tenant: the guards' own lookup, through the session memo (`memoisedSessionUser`, decision 148). */
  lookUpSession: (tenant: Tenant, token: string) => Promise<SessionLookup>
}

/**
 * The autocomplete's items for this request, or null when the Remix routes must answer it: only
 * a live session whose role the Roles screen grants 'show contacts list' (the guard of the Remix
 * routes, `requirePermission(…, 'showContacts')`) is answered here. Anything else (no or a stale
 * session, another role, a student preview) goes on to Remix, whose routes answer it as they
 * always have (sign in, 403), so refusals have one author.
 */
async function autocompleteItems(options: AutocompleteOptions, tenant: Tenant, token: string, search: URLSearchParams): Promise<ContactSearchItem[] | null> {
  const session = await options.lookUpSession(tenant, token)
  if (session.kind !== 'active' || !hasPermission(tenant.settings.roles, session.user.role, 'showContacts')) return null
  return searchContacts({ platform: options.platform, tenant, unverifiedQuery: search.get('q') ?? '' })
}

/**
 * The contact autocomplete answered ahead of Remix (docs/decisions/140), by express when the
 * request reached it: the host's tenant had to be read, so the request went the whole way.
 */
export function contactAutocompleteFastPath(options: AutocompleteOptions): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const url = new URL(req.originalUrl, 'http://localhost')
      if (!asksContactAutocomplete(url.pathname, url.searchParams)) return next()
      const tenant = res.locals.tenant as Tenant | null
      const token = readSessionToken(req.get('cookie'))
      if (!tenant || !token) return next()
      const items = await autocompleteItems(options, tenant, token, url.searchParams)
      if (items === null) return next()
      res.set('Cache-Control', 'private, no-store').json({ items })
    } catch (error) {
      next(error)
    }
  }
}

/** Answers smaller than this leave uncompressed, as express's compression leaves them. */
const COMPRESSION_THRESHOLD = 1024

/**
 * The contact autocomplete answered before express (docs/decisions/153), as kept pages are: front
 * desk types a name letter by letter at several desks, and express's middleware (routing,
 * compression's hooks, the ETag's hash) cost as much CPU as finding the contacts. Taken only
 * when the host's tenant is in memory and a session cookie came; the same guard and answer as
 * above, the request's start (id, security headers, log line) as every request has it. Anything
 * it does not answer (no such session, another role, an error) goes on to express, untouched.
 * Says synchronously whether it took the request.
 */
export function contactAutocompleteBeforeExpress(
  options: AutocompleteOptions & {
    /** The tenant of a host from the tenant directory's memory; undefined when it would need the database. */
    peekTenant(host: string): Tenant | null | undefined
    startRequest(req: IncomingMessage, res: ServerResponse): RequestStart
    /** The way through express, for a request this does not answer. */
    passOn(req: IncomingMessage, res: ServerResponse): void
  },
): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    const address = req.url ?? ''
    if (req.method !== 'GET' || !address.startsWith(CONTACTS_LIST_PATH)) return false
    const url = new URL(address, 'http://localhost')
    if (!asksContactAutocomplete(url.pathname, url.searchParams)) return false
    const host = req.headers.host
    const tenant = host ? options.peekTenant(host) : undefined
    const token = readSessionToken(req.headers.cookie)
    if (!tenant || !token) return false
    autocompleteItems(options, tenant, token, url.searchParams).then(
      (items) => {
        if (items === null) return options.passOn(req, res)
        options.startRequest(req, res)
        sendJson(req, res, JSON.stringify({ items }))
      },
      () => options.passOn(req, res),
    )
    return true
  }
}

function sendJson(req: IncomingMessage, res: ServerResponse, json: string): void {
  const body = Buffer.from(json)
  res.setHeader('Content-Type', 'application/json; charset=utf-8')
  res.setHeader('Cache-Control', 'private, no-store')
  res.setHeader('Vary', 'Accept-Encoding')
  if (body.length >= COMPRESSION_THRESHOLD && acceptsGzip(req.headers['accept-encoding'])) {
    const gzipped = gzipSync(body)
    res.setHeader('Content-Encoding', 'gzip')
    res.setHeader('Content-Length', gzipped.length)
    res.end(gzipped)
    return
  }
  res.setHeader('Content-Length', body.length)
  res.end(body)
}
