import type { Request } from 'express'
import { sessionOfRequest } from '#server/auth/request-session'
import { SESSION_COOKIE } from '#server/auth/session-cookie'
import { chosenLanguage } from '#server/i18n/language-cookie'
import type { Language } from '#server/i18n/languages'
import { resolveLanguage } from '#server/i18n/resolve-language'
import type { Tenant } from '#server/tenancy/tenant'
import type { RequestContext } from './load-context'

/**
 * The language of a request's page: the visitor's choice on this browser, the one kept on the
 * signed-in person's profile, their browser's, or the tenant's default.
 */
export function requestLanguage(req: Pick<Request, 'headers'>, tenant: Pick<Tenant, 'settings'> | null, stored: Language | null = null): Language {
  return resolveLanguage({
    chosen: chosenLanguage(req.headers.cookie),
    stored,
    acceptLanguage: req.headers['accept-language'],
    tenantDefault: tenant?.settings.defaultLanguage ?? 'en',
  })
}

/**
 * The language kept on the signed-in person's profile, when it can decide the page: not when
 * the browser carries a choice of its own, nor without a session. The session lookup is the
 * request's one (request-session.ts), which the guards and the signed-in page cache share. It is
 * asked as a read whatever the method: an action's guard still reads its session afresh, but the
 * language needs no fresh read, since a kept lookup drops with any change to the profile
 * (decision 148), and a post need not read the session twice.
 */
export async function storedLanguageOf(req: Pick<Request, 'headers'>, context: RequestContext): Promise<Language | null> {
  const cookieHeader = req.headers.cookie
  if (!context.tenant || !cookieHeader?.includes(`${SESSION_COOKIE}=`) || chosenLanguage(cookieHeader)) return null
  const { user } = await sessionOfRequest(context, 'GET', cookieHeader)
  return user?.language ?? null
}
