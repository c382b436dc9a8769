import type { RequestContext } from '#server/http/load-context'
import { loadSessionUser, memoisedSessionUser } from './load-session-user'
import { readSessionToken } from './session-cookie'
import type { SessionUser } from './session-user'

export interface RequestSession {
  user: SessionUser | null
  /** The request carried a cookie that no longer names a live session: clear it. */
  staleCookie: boolean
}

const NO_SESSION: RequestSession = { user: null, staleCookie: false }

// One lookup per HTTP request: the page cache in front of Remix and every loader's guard ask,
// and each loader gets its own Request object, but they all share the request's load context.
// The lookups are kept on the context itself, under a registered symbol, not in a module-level
// map: the express server and the Remix build are bundled apart, each with its own copy of this
// module, and a map per copy looked every signed-in request up twice.
// Keyed by the cookie too, so a context that serves several requests (a test, a script) never
// answers one cookie with another's session.
const LOOKUPS = Symbol.for('studio.requestSessionLookups')
type WithLookups = RequestContext & { [LOOKUPS]?: Map<string, Promise<RequestSession>> }

function lookupsOf(context: RequestContext): Map<string, Promise<RequestSession>> {
  const holder = context as WithLookups
  let byCookie = holder[LOOKUPS]
  if (!byCookie) {
    byCookie = new Map()
    // Not enumerable, so a context copied with spread starts with lookups of its own.
    Object.defineProperty(holder, LOOKUPS, { value: byCookie, enumerable: false })
  }
  return byCookie
}

/**
 * The signed-in user of a request on its tenant's host. Reads (GET, HEAD) are looked up once
 * per request; after an action, which may have changed the session, every ask looks again.
 */
export function sessionOfRequest(context: RequestContext, method: string, cookieHeader: string | null | undefined): Promise<RequestSession> {
  if (method !== 'GET' && method !== 'HEAD') return lookUp(context, cookieHeader, 'fresh')
  const byCookie = lookupsOf(context)
  const key = cookieHeader ?? ''
  let pending = byCookie.get(key)
  if (!pending) {
    pending = lookUp(context, cookieHeader, 'kept')
    byCookie.set(key, pending)
  }
  return pending
}

/** `kept`: a read may be answered from the process's session memo (docs/decisions/148); an action reads afresh. */
async function lookUp(context: RequestContext, cookieHeader: string | null | undefined, source: 'kept' | 'fresh'): Promise<RequestSession> {
  const token = readSessionToken(cookieHeader)
  if (!token) return NO_SESSION
  // Sessions live in a tenant; the bare platform host (no organisation chosen) has none.
  if (!context.tenant) return NO_SESSION
  const lookup = source === 'kept' ? await memoisedSessionUser(context.platform, context.tenant, token) : await loadSessionUser(context.platform, context.tenant, token)
  if (lookup.kind === 'active') return { user: lookup.user, staleCookie: false }
  return { user: null, staleCookie: true }
}
