import type { DatabaseHandle } from '#db/connection'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { listPublishedForms, type PublishedFormLink } from '#server/forms/list-published-forms'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { tenantQueryMemo } from '#server/tenancy/tenant-query-memo'
import { keptSitePages } from './list-site-pages'
import { sanitizePageHtmlCached } from './sanitize-page-html'
import { scopePageCssCached } from './scope-page-css'

export interface PublicPageSummary {
  name: string
  title: string
  url: string
  sequence: number
  isStandard: boolean
  isExternalLink: boolean
  externalLink: string | null
  isShowNavigation: boolean
  isShowFooter: boolean
  isLegal: boolean
  isPublished: boolean
}

export interface PublicPage extends PublicPageSummary {
  header: string
  subHeader: string
  /** Sanitised HTML, ready to show. */
  html: string
  /** The page's CSS, made safe and scoped to the page body; '' for a page without styles of its own. */
  css: string
}

export interface PublicSite {
  pages: PublicPageSummary[]
  /** The requested page, when it exists, is published and is an internal page. */
  page: PublicPage | null
  /** Published forms for the forms menu; only read when asked for (`withForms`). */
  forms: PublishedFormLink[]
}

/**
 * A tenant's published pages (for menus and footer) and, in the same query, one page's
 * content; with `withForms`, the published forms too, in the same transaction, so a public
 * page costs one round of database work.
 */
export async function loadPublicSite(
  database: DatabaseHandle,
  tenant: Tenant,
  pageName: string | null,
  options: { withForms?: boolean } = {},
): Promise<PublicSite> {
  const { rows, forms } = await withTenant(database, tenant.id, async (trx) => ({
    rows: await selectPublishedPages(trx),
    forms: options.withForms ? await selectPublishedForms(trx) : [],
  }))
  const pages = rows.map((row) => ({
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
  const wanted = pageName?.toLowerCase()
  const row = wanted ? rows.find((r) => r.name.toLowerCase() === wanted || r.url.toLowerCase() === wanted) : undefined
  const page =
    row && !row.is_external_link
      ? {
          ...pages[rows.indexOf(row)],
          header: row.header,
          subHeader: row.sub_header,
          html: sanitizePageHtmlCached(`${row.id}:${new Date(row.updated_at).getTime()}`, row.html),
          css: scopePageCssCached(`${row.id}:${new Date(row.updated_at).getTime()}`, row.css),
        }
      : null
  return { pages, page, forms }
}

/**
 * A tenant's published pages (menus, footer) and forms (forms menu), without any page's
 * content: what the checkout, order and other pages drawn around the site read on every
 * request. The pages are the signed-in layouts' kept list ('site' tag); the forms are kept per
 * tenant until the 'forms' tag changes.
 */
export async function loadPublicSiteShell(platform: Pick<Platform, 'database' | 'tenants'>, tenant: Tenant): Promise<Omit<PublicSite, 'page'>> {
  const [pages, forms] = await Promise.all([
    keptSitePages(platform, tenant),
    tenantQueryMemo<PublishedFormLink[]>(platform.tenants, 'published-forms', { tags: ['forms'], ttlMs: 60_000, maxEntries: 10_000 }).get(tenant.id, 'menu', () =>
      listPublishedForms(platform.database, tenant),
    ),
  ])
  return { pages, forms }
}

function selectPublishedPages(trx: TenantExecutor) {
  return trx
    .selectFrom('web_pages')
    .select([
      'id', 'name', 'title', 'url', 'sequence', 'is_standard', 'is_published', 'is_external_link', 'external_link',
      'is_show_navigation', 'is_show_footer', 'is_legal', 'header', 'sub_header', 'html', 'css', 'updated_at',
    ])
    .where('is_published', '=', true)
    .orderBy('sequence')
    .execute()
}

/** The same selection and order as listPublishedForms (server/forms), inside this transaction. */
async function selectPublishedForms(trx: TenantExecutor): Promise<PublishedFormLink[]> {
  const rows = await trx
    .selectFrom('custom_forms')
    .select(['name', 'guid'])
    .where('is_published', '=', true)
    .orderBy((eb) => eb.fn('lower', ['name']))
    .orderBy('created_at')
    .execute()
  return rows.map((row) => ({ name: row.name, guId: row.guid }))
}
