import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireTenant } from '#app/utils/tenant.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { readsCachedData } from '#server/cache/cache-reads'
import { loadSitemapEntries } from '#server/website/sitemap/sitemap-entries'
import { robotsTxt } from '#server/website/sitemap/sitemap-text'

/**
 * /robots.txt of the host's tenant: all allowed but the staff and student areas and the
 * checkout, order and invoice addresses; it names the tenant's sitemap. The site's own pages are
 * read so that closing '/donation' (staff) never closes a page the site shows.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const entries = await loadSitemapEntries(context.platform.database, tenant, new Date())
  readsCachedData(context, 'site', 'catalog', 'media', 'tenant')
  const origin = tenantOrigin(tenant, new URL(request.url), context.platform.env)
  return new Response(
    robotsTxt(
      origin,
      entries.map((entry) => entry.path),
    ),
    {
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=300, s-maxage=60' },
    },
  )
}
