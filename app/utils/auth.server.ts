import { redirect, type AppLoadContext } from '@remix-run/node'
import { hasPermission, type Permission } from '#server/auth/permissions'
import { sessionOfRequest, type RequestSession } from '#server/auth/request-session'
import { clearedSessionCookie, sessionCookie } from '#server/auth/session-cookie'
import type { IssuedSession } from '#server/auth/session-store'
import type { SessionUser } from '#server/auth/session-user'
import { loginPathFor } from '#server/shell/landing-path'
import { isStaffRole, ROLE_ADMIN, ROLE_STUDENT } from '#server/shell/roles'

export type { SessionUser } from '#server/auth/session-user'
export type { Permission } from '#server/auth/permissions'

function resolveSession(request: Request, context: AppLoadContext): Promise<RequestSession> {
  return sessionOfRequest(context, request.method, request.headers.get('cookie'))
}

/** The signed-in user of this request on this host, or null. */
export async function getSessionUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  return (await resolveSession(request, context)).user
}

/** Signed in, or a redirect to /login?redirectTo=<this page>. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const { user, staleCookie } = await resolveSession(request, context)
  if (user) return user
  const headers = new Headers()
  if (staleCookie) headers.append('Set-Cookie', clearSessionCookieHeader(context))
  throw redirect(loginPathFor(returnPathOf(request)), { headers })
}

/** Admin, staff or front desk. */
export async function requireStaff(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context)
  if (!isStaffRole(user.role)) throw forbidden()
  return user
}

export async function requireAdmin(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context)
  if (user.role !== ROLE_ADMIN) throw forbidden()
  return user
}

/** Students, and staff during Student Preview or preview as a contact. */
export async function requireStudent(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireUser(request, context)
  if (user.role !== ROLE_STUDENT) throw forbidden()
  return user
}

/** A Roles-screen permission of the host tenant: admins always; Staff and FrontDesk as granted. */
export async function requirePermission(
  request: Request,
  context: AppLoadContext,
  permission: Permission,
): Promise<SessionUser> {
  const user = await requireStaff(request, context)
  const roles = context.tenant?.settings.roles
  if (!roles || !hasPermission(roles, user.role, permission)) throw forbidden()
  return user
}

/** The Set-Cookie value that hands a newly issued (or rotated) session to the browser. */
export function sessionCookieHeader(context: AppLoadContext, issued: Pick<IssuedSession, 'token'>, rememberMe: boolean): string {
  return sessionCookie(issued.token, { secure: context.platform.env.isProduction, rememberMe })
}

export function clearSessionCookieHeader(context: AppLoadContext): string {
  return clearedSessionCookie({ secure: context.platform.env.isProduction })
}

function forbidden(): Response {
  return new Response('You do not have access to this page.', { status: 403, headers: { 'Content-Type': 'text/plain' } })
}

/**
 * The page to come back to after signing in. Remix data requests name the page as
 * `/path.data` (and `/_root.data` for the index); strip that so the user returns to the page.
 */
export function returnPathOf(request: Request): string {
  const url = new URL(request.url)
  let pathname = url.pathname
  if (pathname.endsWith('.data')) pathname = pathname.slice(0, -'.data'.length)
  if (pathname === '/_root') pathname = '/'
  url.searchParams.delete('_routes')
  url.searchParams.delete('index')
  const search = url.searchParams.toString()
  return `${pathname}${search ? `?${search}` : ''}`
}
