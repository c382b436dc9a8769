import type { Request } from 'express'
import { chosenLanguage } from '#server/i18n/language-cookie'
import type { Language } from '#server/i18n/languages'
import { resolveLanguage } from '#server/i18n/resolve-language'
import type { Tenant } from '#server/tenancy/tenant'

/** The language of a request's page: the visitor's choice, their browser's, or the tenant's default. */
export function requestLanguage(req: Pick<Request, 'headers'>, tenant: Pick<Tenant, 'settings'> | null): Language {
  return resolveLanguage({
    chosen: chosenLanguage(req.headers.cookie),
    acceptLanguage: req.headers['accept-language'],
    tenantDefault: tenant?.settings.defaultLanguage ?? 'en',
  })
}
