// `.server`: routes reach sharp (image-variants) through this module only; Remix gives the
// browser build an empty module in its place.
import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import { writeCatalog } from '#server/catalog/write-catalog'
import type { Env } from '#server/env.server'
import { removeImageVariants, renderImageVariants, storeImageVariants, type RenderedVariants, type StoredVariants } from '#server/files/image-variants'
import type { UploadForm } from '#server/files/read-upload-form'
import { IMAGE_TOO_LARGE } from '#server/files/upload-limits'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { COVER_INPUT, COVER_VARIANT_NAMES, COVER_VARIANTS, GALLERY_INPUT, GALLERY_MESSAGES, GALLERY_REMOVE, MAX_GALLERY_IMAGES } from './cover-variants'
import { BUNDLE_FORM_MESSAGES, type BundleLine } from './bundle-form'
import type { DonationInput } from './donation-form'
import { EVENT_FORM_MESSAGES } from './event-form'
import { ITEM_FORM_MESSAGES, type ItemInput } from './item-form'
import { ITEM_KIND_SCREENS, type EditedItemKind } from './item-kinds'
import { chooseItemSlug } from './item-slug'
import { priceOptionColumns } from './price-option-rows'
import { resolveSupplier } from './suppliers'

export interface SaveItem {
  platform: Pick<Platform, 'database' | 'caches'>
  env: Pick<Env, 'DATA_DIR'>
  tenant: Pick<Tenant, 'id'>
  actorContactId: string
  kind: EditedItemKind
  /** The item's guid (already checked to be a guid), or null to add one. */
  guid: string | null
  input: ItemInput
  upload: UploadForm
  /** Whether staff ticked 'Remove cover image'. */
  removeCover: boolean
}

export type SaveItemOutcome =
  | { status: 'saved'; guid: string; created: boolean }
  | { status: 'not_found' }
  | { status: 'invalid'; errors: Record<string, string[]> }

/** A refusal found inside the transaction: it rolls back whatever it had begun. */
class FieldRefusal extends Error {
  constructor(readonly errors: Record<string, string[]>) {
    super('item form refused')
  }
}

/**
 * Adds or updates an item of one kind from its checked form, in one catalog write: the item,
 * its price options (kept by guid in the posted order; options taken out are archived, so a
 * membership bought with one keeps its history), its supplier and its cover image. A cover
 * upload is checked and rendered before anything is written; the old cover's files go only
 * after the item points at the new one. Another tenant's guid is not_found, and nothing is kept.
 */
export async function saveItem(save: SaveItem): Promise<SaveItemOutcome> {
  const screen = ITEM_KIND_SCREENS[save.kind]
  let rendered: Awaited<ReturnType<typeof renderImageVariants>> | null = null
  if (save.upload.oversized.has(COVER_INPUT)) return { status: 'invalid', errors: { [COVER_INPUT]: [IMAGE_TOO_LARGE] } }
  const file = save.upload.form.get(COVER_INPUT)
  if (file instanceof Blob && file.size > 0) {
    rendered = await renderImageVariants(file, COVER_VARIANTS)
    if (!rendered.ok) return { status: 'invalid', errors: { [COVER_INPUT]: [rendered.message] } }
  }

  // A product's further pictures: each checked and rendered before anything is written, like the cover.
  const galleryFiles = save.kind === 'product' ? save.upload.form.getAll(GALLERY_INPUT).filter((entry): entry is File => entry instanceof Blob && entry.size > 0) : []
  if (save.kind === 'product' && save.upload.oversized.has(GALLERY_INPUT)) return { status: 'invalid', errors: { [GALLERY_INPUT]: [IMAGE_TOO_LARGE] } }
  if (galleryFiles.length > MAX_GALLERY_IMAGES) return { status: 'invalid', errors: { [GALLERY_INPUT]: [GALLERY_MESSAGES.tooMany] } }
  const galleryRendered: RenderedVariants[] = []
  for (const galleryFile of galleryFiles) {
    const each = await renderImageVariants(galleryFile, COVER_VARIANTS)
    if (!each.ok) return { status: 'invalid', errors: { [GALLERY_INPUT]: [each.message] } }
    galleryRendered.push(each.value)
  }

  const stored = rendered?.ok ? await storeImageVariants(save.env, save.tenant, rendered.value) : null
  const galleryStored: StoredVariants[] = []
  for (const each of galleryRendered) galleryStored.push(await storeImageVariants(save.env, save.tenant, each))
  const gallery: GalleryChange = {
    // The item page's picture size, as the cover records it (the large variant's box).
    added: galleryStored.map((each) => ({ key: each.key, size: COVER_VARIANTS[0] ? { width: COVER_VARIANTS[0].width, height: COVER_VARIANTS[0].height } : null })),
    removedKeys: save.kind === 'product' ? save.upload.form.getAll(GALLERY_REMOVE).filter((value): value is string => typeof value === 'string').slice(0, 50) : [],
  }
  const dropNew = async () => {
    if (stored) await removeImageVariants(save.env, save.tenant, stored.key, COVER_VARIANT_NAMES)
    for (const each of galleryStored) await removeImageVariants(save.env, save.tenant, each.key, COVER_VARIANT_NAMES)
  }
  let result: { guid: string; created: boolean; previousCover: string | null; removedGallery: string[] } | null
  try {
    result = await writeCatalog(save.platform, save.tenant.id, (trx) => writeItem(trx, save, screen.slugFallback, stored?.key ?? null, gallery))
  } catch (error) {
    await dropNew()
    if (error instanceof FieldRefusal) return { status: 'invalid', errors: error.errors }
    if (isSlugClash(error)) return { status: 'invalid', errors: { slug: [ITEM_FORM_MESSAGES.slugTaken(screen.singular)] } }
    throw error
  }
  if (!result) {
    await dropNew()
    return { status: 'not_found' }
  }
  if (result.previousCover) await removeImageVariants(save.env, save.tenant, result.previousCover, COVER_VARIANT_NAMES)
  for (const key of result.removedGallery) await removeImageVariants(save.env, save.tenant, key, COVER_VARIANT_NAMES)
  return { status: 'saved', guid: result.guid, created: result.created }
}

async function writeItem(
  trx: TenantExecutor,
  save: SaveItem,
  slugFallback: string,
  coverKey: string | null,
  gallery: GalleryChange,
): Promise<{ guid: string; created: boolean; previousCover: string | null; removedGallery: string[] } | null> {
  const { input, kind } = save
  let existing: { id: string; slug: string } | undefined
  if (save.guid !== null) {
    existing = await trx.selectFrom('catalog_items').select(['id', 'slug']).where('guid', '=', save.guid).where('kind', '=', kind).forUpdate().executeTakeFirst()
    if (!existing) return null
  }
  const slug = await chooseItemSlug(trx, { kind, itemId: existing?.id ?? null, currentSlug: existing?.slug ?? null, typed: input.slug, name: input.name, fallback: slugFallback })
  if (slug === null) throw new FieldRefusal({ slug: [ITEM_FORM_MESSAGES.slugTaken(ITEM_KIND_SCREENS[kind].singular)] })

  let supplierId: string | null = null
  if (kind === 'product' && input.supplier) {
    supplierId = await resolveSupplier(trx, save.tenant.id, input.supplier)
    if (supplierId === null) throw new FieldRefusal({ supplierGuId: [ITEM_FORM_MESSAGES.supplierUnknown] })
  }

  const columns = {
    name: input.name,
    slug,
    summary: input.summary,
    description_html: input.descriptionHtml,
    is_published: input.isPublished,
    payment_type: input.paymentType,
    external_link: input.externalLink,
    is_allow_demo_chapters: input.isAllowDemoChapters,
    stock_quantity: kind === 'product' ? input.stockQuantity : null,
    supplier_id: kind === 'product' ? supplierId : null,
  }
  // Only an event's editor shows 'featured': other kinds keep what they have.
  const featured = kind === 'event' && input.event ? { is_featured: input.event.isFeatured } : {}
  let item: { id: string; guid: string }
  if (existing) {
    item = await trx.updateTable('catalog_items').set({ ...columns, ...featured, updated_at: sql`now()` }).where('id', '=', existing.id).returning(['id', 'guid']).executeTakeFirstOrThrow()
  } else {
    item = await trx
      .insertInto('catalog_items')
      .values({ ...columns, ...featured, tenant_id: save.tenant.id, kind, created_by: save.actorContactId })
      .returning(['id', 'guid'])
      .executeTakeFirstOrThrow()
  }

  if (kind === 'event' && input.event) await writeEventDetails(trx, save.tenant.id, item.id, input.event)
  if (kind === 'donation' && input.donation) await writeDonationDetails(trx, save.tenant.id, item.id, input.donation)
  if (kind === 'bundle' && input.bundle) await writeBundleItems(trx, save.tenant.id, item.id, input.bundle)
  await writePriceOptions(trx, save.tenant.id, item.id, input)
  const previousCover = await writeCover(trx, save.tenant.id, item.id, coverKey, save.removeCover)
  const removedGallery = await writeGallery(trx, save.tenant.id, item.id, gallery)
  return { guid: item.guid, created: !existing, previousCover, removedGallery }
}

/** A product's further pictures changed by one save: the new ones stored, and the keys of those ticked for removal. */
interface GalleryChange {
  added: Array<{ key: string; size: { width: number; height: number } | null }>
  removedKeys: string[]
}

/**
 * Takes out the pictures ticked for removal (only this item's, never its cover) and adds the new
 * ones after the others, within the most a product shows. Answers the removed keys, whose files
 * go once the save has committed.
 */
async function writeGallery(trx: TenantExecutor, tenantId: string, itemId: string, gallery: GalleryChange): Promise<string[]> {
  if (gallery.added.length === 0 && gallery.removedKeys.length === 0) return []
  const removed =
    gallery.removedKeys.length === 0
      ? []
      : await trx.deleteFrom('item_images').where('item_id', '=', itemId).where('is_cover', '=', false).where('image_key', 'in', gallery.removedKeys).returning('image_key').execute()
  const kept = await trx.selectFrom('item_images').select(['sequence']).where('item_id', '=', itemId).where('is_cover', '=', false).orderBy('sequence', 'desc').execute()
  if (kept.length + gallery.added.length > MAX_GALLERY_IMAGES) throw new FieldRefusal({ [GALLERY_INPUT]: [GALLERY_MESSAGES.tooMany] })
  let sequence = kept[0]?.sequence ?? 0
  for (const picture of gallery.added) {
    sequence += 1
    await trx
      .insertInto('item_images')
      .values({ tenant_id: tenantId, item_id: itemId, image_key: picture.key, is_cover: false, sequence, width: picture.size?.width ?? null, height: picture.size?.height ?? null })
      .execute()
  }
  return removed.map((row) => row.image_key)
}

async function writeEventDetails(trx: TenantExecutor, tenantId: string, itemId: string, event: NonNullable<ItemInput['event']>): Promise<void> {
  const columns = {
    starts_at: event.startsAt,
    ends_at: event.endsAt,
    time_zone: event.timeZone,
    capacity: event.capacity,
    registration_closes_at: event.registrationClosesAt,
    venue_name: event.venueName,
    address_line1: event.addressLine1,
    address_line2: event.addressLine2,
    city: event.city,
    state: event.state,
    zip: event.zip,
    country: event.country,
  }
  const current = await trx.selectFrom('event_details').select('registered_count').where('item_id', '=', itemId).forUpdate().executeTakeFirst()
  if (current && event.capacity !== null && current.registered_count > event.capacity) {
    throw new FieldRefusal({ capacity: [EVENT_FORM_MESSAGES.capacityBelowTaken(current.registered_count)] })
  }
  await trx
    .insertInto('event_details')
    .values({ ...columns, item_id: itemId, tenant_id: tenantId })
    .onConflict((oc) => oc.column('item_id').doUpdateSet(columns))
    .execute()
}

async function writeDonationDetails(trx: TenantExecutor, tenantId: string, itemId: string, donation: DonationInput): Promise<void> {
  const columns = {
    currency: donation.currency,
    suggested_amounts_minor: donation.suggestedAmountsMinor,
    is_other_amount_allowed: donation.isOtherAmountAllowed,
    is_one_time_allowed: donation.isOneTimeAllowed,
    is_recurring_allowed: donation.isRecurringAllowed,
    recurring_frequency: donation.recurringFrequency,
    goal_minor: donation.goalMinor,
  }
  await trx
    .insertInto('donation_details')
    .values({ ...columns, item_id: itemId, tenant_id: tenantId })
    .onConflict((oc) => oc.column('item_id').doUpdateSet(columns))
    .execute()
}

/** Replaces what the bundle holds; a product guid that is not one of the tenant's products refuses the save. */
async function writeBundleItems(trx: TenantExecutor, tenantId: string, bundleId: string, lines: readonly BundleLine[]): Promise<void> {
  const products = await trx
    .selectFrom('catalog_items')
    .select(['id', 'guid'])
    .where('kind', '=', 'product')
    .where('guid', 'in', lines.map((line) => line.productGuId))
    .execute()
  const idOf = new Map(products.map((product) => [product.guid, product.id]))
  const unknown = lines.filter((line) => !idOf.has(line.productGuId))
  if (unknown.length > 0) throw new FieldRefusal({ contents: [BUNDLE_FORM_MESSAGES.productUnknown] })
  await trx.deleteFrom('bundle_items').where('bundle_id', '=', bundleId).execute()
  await trx
    .insertInto('bundle_items')
    .values(lines.map((line, index) => ({ tenant_id: tenantId, bundle_id: bundleId, item_id: idOf.get(line.productGuId) ?? '', quantity: line.quantity, sequence: index + 1 })))
    .execute()
}

async function writePriceOptions(trx: TenantExecutor, tenantId: string, itemId: string, input: ItemInput): Promise<void> {
  const live = await trx.selectFrom('item_price_options').select(['id', 'guid']).where('item_id', '=', itemId).where('is_archived', '=', false).execute()
  const kept = new Set<string>()
  for (const [index, row] of input.priceOptions.entries()) {
    const columns = { ...priceOptionColumns(row), sequence: index + 1 }
    const match = row.guId ? live.find((option) => option.guid === row.guId && !kept.has(option.id)) : undefined
    if (match) {
      kept.add(match.id)
      await trx.updateTable('item_price_options').set({ ...columns, updated_at: sql`now()` }).where('id', '=', match.id).execute()
    } else {
      await trx.insertInto('item_price_options').values({ ...columns, tenant_id: tenantId, item_id: itemId }).execute()
    }
  }
  const gone = live.filter((option) => !kept.has(option.id)).map((option) => option.id)
  if (gone.length > 0) await trx.updateTable('item_price_options').set({ is_archived: true, updated_at: sql`now()` }).where('id', 'in', gone).execute()
}

/** Points the item at its new cover (or none when removed); answers the key of the one it had, for deleting its files. */
async function writeCover(trx: TenantExecutor, tenantId: string, itemId: string, coverKey: string | null, remove: boolean): Promise<string | null> {
  if (coverKey === null && !remove) return null
  const previous = await trx.selectFrom('item_images').select(['id', 'image_key']).where('item_id', '=', itemId).where('is_cover', '=', true).executeTakeFirst()
  if (previous) await trx.deleteFrom('item_images').where('id', '=', previous.id).execute()
  if (coverKey !== null) {
    const large = COVER_VARIANTS[0]
    await trx.insertInto('item_images').values({ tenant_id: tenantId, item_id: itemId, image_key: coverKey, is_cover: true, width: large?.width ?? null, height: large?.height ?? null }).execute()
  }
  return previous?.image_key ?? null
}

function isSlugClash(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string } | null
  return e?.code === '23505' && (e.constraint === 'catalog_items_tenant_kind_slug' || (e.message ?? '').includes('catalog_items_tenant_kind_slug'))
}
