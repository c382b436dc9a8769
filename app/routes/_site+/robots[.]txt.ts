import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireTenant } from '#app/utils/tenant.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { readsCachedData } from '#server/cache/cache-reads'
import { robotsTxt } from '#server/website/sitemap/sitemap-text'

/**
 * /robots.txt of the host's tenant: all allowed but the staff and student areas and the
 * checkout, order and invoice addresses; it names the tenant's sitemap on its own address.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  readsCachedData(context, 'tenant')
  const origin = tenantOrigin(tenant, new URL(request.url), context.platform.env)
  return new Response(robotsTxt(origin), { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=300, s-maxage=60' } })
}
