import { redirect, type AppLoadContext } from '@remix-run/node'
import { hasPermission, type Permission } from '#server/auth/permissions'
import { forbidden, notFound } from '#server/errors/responses'
import { sessionOfRequest, type RequestSession } from '#server/auth/request-session'
import { clearedSessionCookie, sessionCookie } from '#server/auth/session-cookie'
import type { IssuedSession } from '#server/auth/session-store'
import type { SessionUser } from '#server/auth/session-user'
import { loginPathFor } from '#server/shell/landing-path'
import { isModuleOn, type ModuleName } from '#server/shell/modules'
import { isStaffRole, ROLE_ADMIN, ROLE_STUDENT } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'

export type { SessionUser } from '#server/auth/session-user'
export type { Permission } from '#server/auth/permissions'
export type { ModuleName } from '#server/shell/modules'

function resolveSession(request: Request, context: AppLoadContext): Promise<RequestSession> {
  return sessionOfRequest(context, request.method, request.headers.get('cookie'))
}

/** The signed-in user of this request on this host, or null. */
export async function getSessionUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  return (await resolveSession(request, context)).user
}

/**
 * What every guard answers: the host's tenant and the signed-in user, so a route needs no
 * second call to find either. Guards throw a redirect (sign in again) or a 403/404 Response.
 */
export type GuardAccess = { tenant: Tenant; user: SessionUser }

/** Signed in, or a redirect to /login?redirectTo=<this page>. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<GuardAccess> {
  const { user, staleCookie } = await resolveSession(request, context)
  // Sessions live in a tenant: a user implies the host's tenant.
  if (user && context.tenant) return { tenant: context.tenant, user }
  const headers = new Headers()
  if (staleCookie) headers.append('Set-Cookie', clearSessionCookieHeader(context))
  throw redirect(loginPathFor(returnPathOf(request)), { headers })
}

/** Admin, staff or front desk. */
export async function requireStaff(request: Request, context: AppLoadContext): Promise<GuardAccess> {
  const access = await requireUser(request, context)
  if (!isStaffRole(access.user.role)) throw forbidden('You do not have access to this page.')
  return access
}

export async function requireAdmin(request: Request, context: AppLoadContext): Promise<GuardAccess> {
  const access = await requireUser(request, context)
  if (access.user.role !== ROLE_ADMIN) throw forbidden('You do not have access to this page.')
  return access
}

/** Students, and staff during Student Preview or preview as a contact. */
export async function requireStudent(request: Request, context: AppLoadContext): Promise<GuardAccess> {
  const access = await requireUser(request, context)
  if (access.user.role !== ROLE_STUDENT) throw forbidden('You do not have access to this page.')
  return access
}

/**
 * A Roles-screen permission of the host tenant: admins always; Staff and FrontDesk as granted
 * (docs/decisions/056 lists which permission guards which screen).
 */
export async function requirePermission(request: Request, context: AppLoadContext, permission: Permission): Promise<GuardAccess> {
  const access = await requireStaff(request, context)
  if (!hasPermission(access.tenant.settings.roles, access.user.role, permission)) throw forbidden('You do not have access to this page.')
  return access
}

/**
 * A product module the tenant has switched on ('Manage Modules'); while it is off, its staff
 * screens answer 404 as if they did not exist (docs/decisions/057). Call it after the role
 * guard, so a visitor still goes to sign in rather than learning which modules exist.
 */
export function requireModule(context: AppLoadContext, module: ModuleName): void {
  const tenant = context.tenant
  if (!tenant || !isModuleOn(tenant.settings, module)) throw notFound()
}

/** The Set-Cookie value that hands a newly issued (or rotated) session to the browser. */
export function sessionCookieHeader(context: AppLoadContext, issued: Pick<IssuedSession, 'token'>, rememberMe: boolean): string {
  return sessionCookie(issued.token, { secure: context.platform.env.isProduction, rememberMe })
}

export function clearSessionCookieHeader(context: AppLoadContext): string {
  return clearedSessionCookie({ secure: context.platform.env.isProduction })
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
