import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireTenant } from '#app/utils/tenant.server'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { readsCachedData } from '#server/cache/cache-reads'
import { loadSitemapEntries } from '#server/website/sitemap/sitemap-entries'
import { sitemapXml } from '#server/website/sitemap/sitemap-text'

/**
 * /sitemap.xml of the host's tenant: its published pages, switched-on listings and item pages,
 * absolute on the tenant's own address (its canonical host, as the pages' canonical links; never
 * whatever Host a request claims). Kept a minute by the page cache, until pages, items or media
 * change, and five minutes by others.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const tenant = requireTenant(context)
  const entries = await loadSitemapEntries(context.platform.database, tenant, context.platform.clock.now())
  readsCachedData(context, 'site', 'catalog', 'media', 'tenant')
  const origin = tenantOrigin(tenant, new URL(request.url), context.platform.env)
  return new Response(sitemapXml(origin, entries), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=300, s-maxage=60' },
  })
}
