import { redirect, type AppLoadContext } from '@remix-run/node'
import { endPreview } from '#server/auth/preview'
import { readRememberedEmail as readSealedEmail, rememberedEmailCookie } from '#server/auth/remembered-email'
import type { IssuedSession } from '#server/auth/session-store'
import { DEFAULT_ERROR_MESSAGES } from '#server/errors/error-codes'
import type { Err } from '#server/errors/result'
import { ORG_COOKIE } from '#server/http/org-cookie'
import type { Tenant } from '#server/tenancy/tenant'
import { getSessionUser, sessionCookieHeader } from './auth.server'
import { redirectWithToast } from './toast.server'

const YEAR_SECONDS = 365 * 24 * 60 * 60

function secureSuffix(context: AppLoadContext): string {
  return context.platform.env.isProduction ? '; Secure' : ''
}

/** Remember me: the email is offered again next time, sealed in its cookie (server/auth/remembered-email.ts). */
export function readRememberedEmail(request: Request, context: AppLoadContext): string | null {
  return readSealedEmail(context.platform.env, request.headers.get('cookie'))
}

function rememberedEmailHeader(context: AppLoadContext, email: string | null): string {
  return rememberedEmailCookie(context.platform.env, email)
}

/**
 * The answer to a successful sign-in: the new session's cookie, and on the bare platform host
 * the organisation cookie too, since that is how the platform host knows which organisation
 * (and so which session table) the browser is in from now on.
 */
export function signedInRedirect(
  context: AppLoadContext,
  input: {
    session: Pick<IssuedSession, 'token'>
    tenant: Pick<Tenant, 'orgId'>
    landing: string
    rememberMe: boolean
    /** Set to remember (or, with rememberMe off, forget) the email typed in. */
    email?: string
  },
): Response {
  const headers = new Headers()
  headers.append('Set-Cookie', sessionCookieHeader(context, input.session, input.rememberMe))
  if (!context.tenant) {
    headers.append(
      'Set-Cookie',
      `${ORG_COOKIE}=${encodeURIComponent(input.tenant.orgId)}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${YEAR_SECONDS}${secureSuffix(context)}`,
    )
  }
  if (input.email !== undefined) headers.append('Set-Cookie', rememberedEmailHeader(context, input.rememberMe ? input.email : null))
  return redirect(input.landing, { headers })
}

/** A redirect that hands the browser a rotated session (preview start and end, franchise entry). */
export function redirectWithSession(context: AppLoadContext, issued: Pick<IssuedSession, 'token' | 'rememberMe'>, to: string): Response {
  return redirect(to, { headers: { 'Set-Cookie': sessionCookieHeader(context, issued, issued.rememberMe) } })
}

/**
 * The answer when a preview or franchise switch is refused: an id that is not this tenant's
 * is a 404; anything else goes back to the dashboard with the reason as an error toast.
 */
export function sessionChangeRefusal(failure: Err<'forbidden' | 'not_found'>): Response {
  if (failure.error === 'not_found') return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain' } })
  return redirectWithToast('/dashboard', { type: 'error', message: failure.message ?? DEFAULT_ERROR_MESSAGES.forbidden })
}

/**
 * For the root loader when the landing rules answer 'end-preview' (browser back into the back
 * office during Web Preview): ends the preview and redirects to `to` with the staff session.
 */
export async function endPreviewAndRedirect(request: Request, context: AppLoadContext, to: string): Promise<Response> {
  const user = await getSessionUser(request, context)
  if (!user || !context.tenant) return redirect(to)
  const session = await endPreview(context.platform, { tenant: context.tenant, user, ip: context.ip })
  return session ? redirectWithSession(context, session, to) : redirect(to)
}
