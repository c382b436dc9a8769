import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { tenantMemo } from '#server/tenancy/tenant-memo'
import type { PublicPageSummary } from './public-pages'

/**
 * The tenant's published pages without their content: what the signed-in layouts need for the
 * footer's page and legal links. Lighter than loadPublicSite, which also reads page bodies.
 */
export async function listSitePages(database: DatabaseHandle, tenant: Pick<Tenant, 'id'>): Promise<PublicPageSummary[]> {
  const rows = await withTenant(database, tenant.id, (trx) =>
    trx
      .selectFrom('web_pages')
      .select([
        'name', 'title', 'url', 'sequence', 'is_standard', 'is_published', 'is_external_link', 'external_link',
        'is_show_navigation', 'is_show_footer', 'is_legal',
      ])
      .where('is_published', '=', true)
      .orderBy('sequence')
      .execute(),
  )
  return rows.map((row) => ({
    name: row.name,
    title: row.title,
    url: row.url,
    sequence: row.sequence,
    isStandard: row.is_standard,
    isExternalLink: row.is_external_link,
    externalLink: row.external_link,
    isShowNavigation: row.is_show_navigation,
    isShowFooter: row.is_show_footer,
    isLegal: row.is_legal,
    isPublished: row.is_published,
  }))
}

/** A safety net for writes made outside the app; app writes drop the entry at once ('site' tag). */
const SITE_PAGES_TTL_MS = 60_000

/** listSitePages kept per tenant until the 'site' tag changes: every signed-in page and every page drawn around the site reads it. */
export function keptSitePages(platform: Pick<Platform, 'database' | 'tenants'>, tenant: Pick<Tenant, 'id'>): Promise<PublicPageSummary[]> {
  return tenantMemo<PublicPageSummary[]>(platform.tenants, 'site-pages', SITE_PAGES_TTL_MS).get(tenant.id, () => listSitePages(platform.database, tenant))
}
