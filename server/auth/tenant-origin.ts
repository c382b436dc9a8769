import type { Tenant } from '#server/tenancy/tenant'

/**
 * The address of a tenant's own site, for links we send (reset emails) and for moving the
 * browser between tenants (franchise switch): its custom domain, else its subdomain of the
 * first platform domain. Scheme and port follow the request, so local set-ups keep theirs.
 */
export function tenantOrigin(
  tenant: Pick<Tenant, 'orgId' | 'customDomain'>,
  requestUrl: URL,
  platformDomains: readonly string[],
): string {
  const host = tenant.customDomain ?? `${tenant.orgId}.${platformDomains[0] ?? 'localhost'}`
  const port = tenant.customDomain || !requestUrl.port ? '' : `:${requestUrl.port}`
  return `${requestUrl.protocol}//${host}${port}`
}
