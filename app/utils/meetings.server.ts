import { redirect, type AppLoadContext } from '@remix-run/node'
import { readCookieValue } from '#server/auth/session-cookie'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { forbidden } from '#server/errors/responses'
import { completeMeetingConnection } from '#server/meetings/connect-meeting-provider'
import { MEETING_OAUTH_COOKIE, MEETING_OAUTH_COOKIE_PATH } from '#server/meetings/meeting-oauth'
import { MEETING_MESSAGES, type MeetingProvider } from '#server/meetings/meeting-providers'
import { ROLE_ADMIN, ROLE_STAFF } from '#server/shell/roles'
import { requireStaff, type GuardAccess } from './auth.server'
import { requireTenant } from './tenant.server'
import { redirectWithToast } from './toast.server'

export const MEETING_PAGE = '/oauth/omeeting'

/** Online meetings are connected and disconnected by admins and staff; front desk only uses them. */
export async function requireMeetingManager(request: Request, context: AppLoadContext): Promise<GuardAccess> {
  const access = await requireStaff(request, context)
  if (access.user.role !== ROLE_ADMIN && access.user.role !== ROLE_STAFF) throw forbidden('You do not have access to this page.')
  return access
}

/**
 * The provider's answer at /integrations/zoom or /integrations/googlemeet: the connection is
 * completed, the state cookie cleared, and the online meeting page says how it went. Reached
 * without an answer (a bookmark, after login), it leads to that page.
 */
export async function meetingCallback(provider: MeetingProvider, request: Request, context: AppLoadContext): Promise<Response> {
  const { user } = await requireMeetingManager(request, context)
  const tenant = requireTenant(context)
  const url = new URL(request.url)
  const env = context.platform.env
  const secure = env.isProduction ? '; Secure' : ''
  const clear = { 'Set-Cookie': `${MEETING_OAUTH_COOKIE}=; Path=${MEETING_OAUTH_COOKIE_PATH}; HttpOnly; SameSite=Lax; Max-Age=0${secure}` }
  if (!url.searchParams.has('code') && !url.searchParams.has('error') && !url.searchParams.has('state')) return redirect(MEETING_PAGE)
  const done = await completeMeetingConnection(context.platform, tenant.id, {
    provider,
    code: url.searchParams.get('code'),
    state: url.searchParams.get('state'),
    error: url.searchParams.get('error'),
    cookieValue: readCookieValue(request.headers.get('Cookie'), MEETING_OAUTH_COOKIE),
    origin: tenantOrigin(tenant, url, env),
    actorContactId: user.contactId,
    now: context.platform.clock.now(),
  })
  const toast = done.ok ? { type: 'success' as const, message: MEETING_MESSAGES.connected(done.value.name) } : { type: 'error' as const, message: done.message }
  return redirectWithToast(MEETING_PAGE, toast, { headers: clear })
}
