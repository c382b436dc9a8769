import type { RequestContext } from './load-context'

/**
 * Every non-GET request on a tenant's host drops the tenant from every cache, in every process,
 * once it is handled (remix-handler's afterWrite): the safe default, since a write may change
 * anything a cached page shows. An action whose writes no cache holds calls this instead, so
 * that a busy form or sign-in page does not empty the caches of the whole site on every post:
 * visitor submissions (rows only staff lists show, never cached), sign-in, sign-out and session
 * refresh (sessions are looked up on every request before any cache is asked).
 */
export function keepTenantCaches(context: Pick<RequestContext, 'tenantCaches'>): void {
  if (context.tenantCaches) context.tenantCaches.keep = true
}
