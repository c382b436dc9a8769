import type { ActionFunctionArgs } from '@remix-run/node'
import { clearSessionCookieHeader } from '#app/utils/auth.server'
import { refreshSession } from '#server/auth/refresh-session'
import { readSessionToken } from '#server/auth/session-cookie'

/**
 * POST /session/refresh: renews the session's idle time-out; 401 once it cannot be renewed.
 * A resource route answers with plain Responses: under single fetch, `data()` here would lose
 * its status and headers (the 401 and the cookie that forgets the session).
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const token = readSessionToken(request.headers.get('cookie'))
  const noStore = { 'Cache-Control': 'no-store' }
  if (!token || !context.tenant) return Response.json({ expired: true }, { status: 401, headers: noStore })
  const result = await refreshSession(context.platform, { tenant: context.tenant, token })
  if (result.kind === 'refreshed') return Response.json({ expiresAt: result.expiresAt }, { headers: noStore })
  return Response.json({ expired: true }, { status: 401, headers: { ...noStore, 'Set-Cookie': clearSessionCookieHeader(context) } })
}

export function loader() {
  return Response.json({ error: 'Use POST to refresh the session.' }, { status: 405, headers: { Allow: 'POST' } })
}
