import type { NextFunction, Request, RequestHandler, Response } from 'express'
import { hasPermission } from '#server/auth/permissions'
import { readSessionToken } from '#server/auth/session-cookie'
import type { SessionLookup } from '#server/auth/load-session-user'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { searchContacts } from './search-contacts'

/** The pickers' autocomplete, as the Remix route app/routes/_admin+/contacts+/autocomplete.ts answers it too. */
export const CONTACT_AUTOCOMPLETE_PATH = '/contacts/autocomplete'
/** The spec's own form of the call (GET contact/?autoComplete=true&q=), on the contacts list's address. */
export const CONTACTS_LIST_PATH = '/contacts'

/** Whether a request asks for the autocomplete: /contacts/autocomplete, or /contacts?autoComplete=true. */
export function asksContactAutocomplete(path: string, search: URLSearchParams): boolean {
  if (path === CONTACT_AUTOCOMPLETE_PATH) return true
  return path === CONTACTS_LIST_PATH && search.get('autoComplete') === 'true'
}

/**
 * The contact autocomplete answered ahead of Remix (docs/decisions/140): front desk types a
 * name letter by letter at several desks, and Remix's routing of a resource route cost more
 * CPU than the rest of the answer. Only the one case that answers is handled here: the host's
 * tenant, a live session whose role the Roles screen grants 'show contacts list' (the guard of
 * the Remix routes, `requirePermission(…, 'showContacts')`), and then the same search and JSON.
 * Anything else (no or a stale session, another role, a student preview) goes on to Remix,
 * whose routes answer it as they always have (sign in, 403), so refusals have one author.
 */
export function contactAutocompleteFastPath(options: {
  platform: Pick<Platform, 'database' | 'tenants'>
  /** Who a session token is on this tenant: the guards' own lookup, through the session memo (`memoisedSessionUser`, decision 148). */
  lookUpSession: (tenant: Tenant, token: string) => Promise<SessionLookup>
}): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const url = new URL(req.originalUrl, 'http://localhost')
      if (!asksContactAutocomplete(url.pathname, url.searchParams)) return next()
      const tenant = res.locals.tenant as Tenant | null
      const token = readSessionToken(req.get('cookie'))
      if (!tenant || !token) return next()
      const session = await options.lookUpSession(tenant, token)
      if (session.kind !== 'active' || !hasPermission(tenant.settings.roles, session.user.role, 'showContacts')) return next()
      const items = await searchContacts({ platform: options.platform, tenant, unverifiedQuery: url.searchParams.get('q') ?? '' })
      res.set('Cache-Control', 'private, no-store').json({ items })
    } catch (error) {
      next(error)
    }
  }
}
