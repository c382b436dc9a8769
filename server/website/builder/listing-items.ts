import { withTenant } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import type { ListingPageName } from './page-rules'

/** What a listing page shows in the builder: the items of its area and where staff manage them. */
export interface BuilderListing {
  page: ListingPageName
  manageHref: string
  manageLabel: string
  items: { id: string; name: string; isPublished: boolean }[]
  /** More exist than are shown. */
  more: boolean
}

const SHOWN = 25

const AREAS: Record<ListingPageName, { href: string; label: string; kind: 'event' | 'course' | 'product' | 'donation' | 'class' | null }> = {
  events: { href: '/rules', label: 'Manage events', kind: 'event' },
  calendar: { href: '/schedule', label: 'Manage classes', kind: 'class' },
  courses: { href: '/services', label: 'Manage courses', kind: 'course' },
  merchandise: { href: '/products', label: 'Manage merchandise', kind: 'product' },
  donations: { href: '/donation', label: 'Manage donations', kind: 'donation' },
  forms: { href: '/customforms', label: 'Manage forms', kind: null },
  mediagallery: { href: '/website/media', label: 'Manage media', kind: null },
}

/** The list a listing page shows in the builder, read from the area it lists. */
export async function loadBuilderListing(platform: Pick<Platform, 'database'>, tenant: Pick<Tenant, 'id'>, page: ListingPageName): Promise<BuilderListing> {
  const area = AREAS[page]
  const rows = await withTenant(platform.database, tenant.id, async (trx) => {
    if (page === 'forms') {
      const forms = await trx
        .selectFrom('custom_forms')
        .select(['guid as id', 'name', 'is_published'])
        .orderBy('name')
        .limit(SHOWN + 1)
        .execute()
      return forms.map((form) => ({ id: form.id, name: form.name, isPublished: form.is_published }))
    }
    if (!area.kind) return []
    const items = await trx
      .selectFrom('catalog_items')
      .select(['guid as id', 'name', 'is_published'])
      .where('kind', '=', area.kind)
      .where('is_archived', '=', false)
      .orderBy('sort_name')
      .limit(SHOWN + 1)
      .execute()
    return items.map((item) => ({ id: item.id, name: item.name, isPublished: item.is_published }))
  })
  return { page, manageHref: area.href, manageLabel: area.label, items: rows.slice(0, SHOWN), more: rows.length > SHOWN }
}
