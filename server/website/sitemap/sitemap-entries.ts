import type { CatalogItemKind } from '#db/tables/catalog'
import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { isPublicListingShown, isPublicScheduleShown } from '#server/catalog/public/public-item-gates'
import { isPublicPageAvailable, LISTING_PAGE_NAMES } from '#server/navigation/available-paths'
import { parseTitledUrl } from '#server/shell/public-navigation'
import type { Tenant } from '#server/tenancy/tenant'
import type { TenantSettings } from '#server/tenancy/tenant-settings'

/** One address of the sitemap: a path on the tenant's own site and when it last changed. */
export interface SitemapEntry {
  path: string
  lastModified: Date | null
}

/** The sitemap protocol's limit of addresses in one file. */
export const MAX_SITEMAP_ENTRIES = 50_000

export interface SitemapPage {
  name: string
  url: string
  sequence: number
  isExternalLink: boolean
  hasBody: boolean
  updatedAt: Date
}

export interface SitemapItem {
  kind: CatalogItemKind
  guid: string
  slug: string
  updatedAt: Date
  /** Events: when it ends (an event that is over leaves the site's lists). */
  endsAt: Date | null
}

type ListingName = 'calendar' | 'courses' | 'events' | 'merchandise' | 'donations' | 'mediagallery'

type GateSettings = Parameters<typeof isPublicListingShown>[0] & Pick<TenantSettings, 'isShowSchedule' | 'isShowCourses' | 'isShowScheduleMenu'>

/** Whether a listing page answers visitors: the same switches as its route. */
function listingShown(name: string, settings: GateSettings): name is ListingName {
  if (!isPublicPageAvailable(name)) return false
  switch (name) {
    case 'calendar':
      return isPublicScheduleShown(settings)
    case 'courses':
      return settings.isShowCourses
    case 'events':
    case 'merchandise':
    case 'donations':
      return isPublicListingShown(settings, name)
    case 'mediagallery':
      return true
    default:
      // The forms page is a menu of forms, not a page of its own.
      return false
  }
}

/** The item page of a catalog item, when its listing is shown; null for kinds with no public page. */
function itemPath(item: SitemapItem, settings: GateSettings): string | null {
  switch (item.kind) {
    case 'course':
      return settings.isShowCourses ? `/courses/details/${encodeURIComponent(item.slug)}` : null
    case 'event':
      return isPublicListingShown(settings, 'events') ? `/events/details/${encodeURIComponent(item.slug)}` : null
    case 'product':
    case 'bundle':
      return isPublicListingShown(settings, 'merchandise') ? `/merchandise/details/${encodeURIComponent(item.slug)}` : null
    case 'donation':
      return isPublicListingShown(settings, 'donations') ? `/donate/${encodeURIComponent(item.guid)}` : null
    default:
      return null
  }
}

const LISTING_KINDS: Readonly<Record<ListingName, readonly CatalogItemKind[]>> = {
  calendar: [],
  courses: ['course'],
  events: ['event'],
  merchandise: ['product', 'bundle'],
  donations: ['donation'],
  mediagallery: [],
}

const latest = (dates: ReadonlyArray<Date | null>): Date | null => dates.reduce<Date | null>((found, date) => (date && (!found || date.getTime() > found.getTime()) ? date : found), null)

/**
 * What a search engine may visit on the tenant's site, in menu order then item by item: every
 * published internal page that shows something (an external link, a 'title::url' link and a
 * page without a body are left out), each listing page that is published and switched on, and
 * the item pages of published, unarchived items whose listing is on (events until they end).
 * `lastModified` is the page's own change, or for a listing the latest of it and its items.
 */
export function sitemapEntriesFrom(input: { pages: readonly SitemapPage[]; items: readonly SitemapItem[]; mediaChangedAt: Date | null; settings: GateSettings; now: Date }): SitemapEntry[] {
  const { settings } = input
  const live = input.items.filter((item) => item.kind !== 'event' || (item.endsAt !== null && item.endsAt.getTime() > input.now.getTime()))
  const entries: SitemapEntry[] = []
  const seen = new Set<string>()
  const add = (path: string, lastModified: Date | null) => {
    const key = path.toLowerCase()
    if (seen.has(key) || entries.length >= MAX_SITEMAP_ENTRIES) return
    seen.add(key)
    entries.push({ path, lastModified })
  }
  for (const page of [...input.pages].sort((a, b) => a.sequence - b.sequence || a.name.localeCompare(b.name))) {
    if (page.isExternalLink || parseTitledUrl(page.url)) continue
    const name = page.name.toLowerCase()
    if (LISTING_PAGE_NAMES.has(name)) {
      if (!listingShown(name, settings)) continue
      const kinds = LISTING_KINDS[name]
      const changed = name === 'mediagallery' ? input.mediaChangedAt : latest(live.filter((item) => kinds.includes(item.kind)).map((item) => item.updatedAt))
      add(`/${name}`, latest([page.updatedAt, changed]))
      continue
    }
    const slug = page.url.replace(/^\/+/, '').trim() || page.name
    // The page route answers one path segment; anything else could not be reached at that address.
    if (!page.hasBody || /[/?#]/.test(slug)) continue
    add(`/${encodeURIComponent(slug)}`, page.updatedAt)
  }
  for (const item of live) {
    const path = itemPath(item, settings)
    if (path) add(path, item.updatedAt)
  }
  return entries
}

/** The tenant's sitemap, read in one transaction. */
export async function loadSitemapEntries(database: DatabaseHandle, tenant: Pick<Tenant, 'id' | 'settings'>, now: Date): Promise<SitemapEntry[]> {
  const { pages, items, mediaChangedAt } = await withTenant(database, tenant.id, async (trx) => {
    const pageRows = await trx
      .selectFrom('web_pages')
      .select((eb) => ['name', 'url', 'sequence', 'is_external_link', 'updated_at', eb('html', '<>', '').as('has_body')])
      .where('is_published', '=', true)
      .execute()
    const itemRows = await trx
      .selectFrom('catalog_items')
      .leftJoin('event_details', 'event_details.item_id', 'catalog_items.id')
      .select(['catalog_items.kind', 'catalog_items.guid', 'catalog_items.slug', 'catalog_items.updated_at', 'event_details.ends_at'])
      .where('catalog_items.kind', 'in', ['course', 'event', 'product', 'bundle', 'donation'])
      .where('catalog_items.is_published', '=', true)
      .where('catalog_items.is_archived', '=', false)
      .orderBy('catalog_items.kind')
      .orderBy('catalog_items.sort_name')
      .orderBy('catalog_items.id')
      .limit(MAX_SITEMAP_ENTRIES)
      .execute()
    const media = await trx
      .selectFrom('media_items')
      .select((eb) => eb.fn.max('updated_at').as('changed'))
      .executeTakeFirst()
    return {
      pages: pageRows.map((row) => ({ name: row.name, url: row.url, sequence: row.sequence, isExternalLink: row.is_external_link, hasBody: Boolean(row.has_body), updatedAt: row.updated_at })),
      items: itemRows.map((row) => ({ kind: row.kind, guid: row.guid, slug: row.slug, updatedAt: row.updated_at, endsAt: row.ends_at ?? null })),
      mediaChangedAt: media?.changed ? new Date(media.changed) : null,
    }
  })
  return sitemapEntriesFrom({ pages, items, mediaChangedAt, settings: tenant.settings, now })
}
