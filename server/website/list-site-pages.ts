import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
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
