import type { Env } from '#server/env.server'
import type { Tenant } from '#server/tenancy/tenant'

/**
 * The canonical address of a tenant's own site, for links we send (reset emails) and for
 * moving the browser between tenants (franchise switch): its custom domain, else its subdomain
 * of the first platform domain. The request's Host never names the host: a forged one must not
 * end up in a link mailed to somebody (docs/decisions/052).
 *
 * In production the scheme is always https and there is no port. In development and tests the
 * request's scheme and port are kept, since a local set-up runs plain http on a port.
 */
export function tenantOrigin(
  tenant: Pick<Tenant, 'orgId' | 'customDomain'>,
  requestUrl: URL,
  env: Pick<Env, 'PLATFORM_DOMAINS' | 'isProduction'>,
): string {
  const host = tenant.customDomain ?? `${tenant.orgId}.${env.PLATFORM_DOMAINS[0] ?? 'localhost'}`
  if (env.isProduction) return `https://${host}`
  const scheme = requestUrl.protocol === 'https:' ? 'https:' : 'http:'
  const port = requestUrl.port ? `:${requestUrl.port}` : ''
  return `${scheme}//${host}${port}`
}
