import { dateInputValue, timeInputValue } from '#server/dates/local-time'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { imageVariantUrl } from '#server/files/image-variant-names'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { COVER_VARIANT_CARD } from './cover-variants'
import { BLANK_DONATION_FIELDS, donationFieldValues } from './donation-form'
import { blankPriceOptionRow, storedPriceOptionValues } from './price-option-rows'
import type { ItemFormValues } from './item-form'
import type { EditedItemKind } from './item-kinds'
import { listSuppliers, type SupplierChoice } from './suppliers'

export interface LoadedItem {
  guid: string
  name: string
  slug: string
  isArchived: boolean
  isPublished: boolean
  coverUrl: string | null
  /** A product's further pictures, in order: the key the removal checkbox posts, and a small picture. */
  gallery: Array<{ key: string; url: string }>
  values: ItemFormValues
}

/** The item of this kind with this guid, in the tenant's own rows only; null otherwise (a 404). */
export async function findItemId(trx: TenantExecutor, kind: EditedItemKind, guid: string): Promise<{ id: string; name: string; isArchived: boolean } | null> {
  const row = await trx.selectFrom('catalog_items').select(['id', 'name', 'is_archived']).where('guid', '=', guid).where('kind', '=', kind).executeTakeFirst()
  return row ? { id: row.id, name: row.name, isArchived: row.is_archived } : null
}

/** One item of a kind as its editor shows it: its fields, live price options and cover. */
export async function loadItem(platform: Pick<Platform, 'database'>, tenant: Pick<Tenant, 'id'>, kind: EditedItemKind, guid: string, timeZone = 'UTC'): Promise<LoadedItem | null> {
  return withTenant(platform.database, tenant.id, async (trx) => {
    const item = await trx.selectFrom('catalog_items').selectAll().where('guid', '=', guid).where('kind', '=', kind).executeTakeFirst()
    if (!item) return null
    const options = await trx
      .selectFrom('item_price_options')
      .select([
        'guid', 'name', 'price_minor', 'currency', 'is_other_price', 'other_price_minor', 'discount_minor', 'max_quantity', 'is_taxable',
        'is_charge_card_fees', 'membership_type', 'registration_fee_minor', 'credits', 'frequency', 'billing_day_of_month',
        'is_bill_from_next_month', 'number_of_billing_cycles', 'is_trial_period', 'trial_duration', 'trial_duration_unit',
      ])
      .where('item_id', '=', item.id)
      .where('is_archived', '=', false)
      .orderBy('sequence')
      .orderBy('id')
      .execute()
    const cover = await trx.selectFrom('item_images').select('image_key').where('item_id', '=', item.id).where('is_cover', '=', true).executeTakeFirst()
    const gallery = kind === 'product' ? await trx.selectFrom('item_images').select('image_key').where('item_id', '=', item.id).where('is_cover', '=', false).orderBy('sequence').execute() : []
    let supplierGuId = ''
    if (item.supplier_id) {
      const supplier = await trx.selectFrom('item_suppliers').select('guid').where('id', '=', item.supplier_id).executeTakeFirst()
      supplierGuId = supplier?.guid ?? ''
    }
    const fields: Record<string, string> = {
      name: item.name,
      slug: item.slug,
      summary: item.summary,
      description: item.description_html,
      isPublished: item.is_published ? 'on' : '',
    }
    if (kind === 'course') {
      fields.paymentType = item.payment_type
      fields.externalLink = item.external_link ?? ''
      fields.isAllowDemoChapters = item.is_allow_demo_chapters ? 'on' : ''
    }
    if (kind === 'product') {
      fields.stockQuantity = item.stock_quantity === null ? '' : String(item.stock_quantity)
      fields.supplierGuId = supplierGuId
      fields.newSupplierName = ''
    }
    if (kind === 'event') {
      const event = await trx.selectFrom('event_details').selectAll().where('item_id', '=', item.id).executeTakeFirst()
      const local = (at: Date | null) => (at ? `${dateInputValue(new Date(at), timeZone)}T${timeInputValue(new Date(at), timeZone)}` : '')
      fields.startsAt = local(event?.starts_at ?? null)
      fields.endsAt = local(event?.ends_at ?? null)
      fields.registrationClosesAt = local(event?.registration_closes_at ?? null)
      fields.capacity = event?.capacity == null ? '' : String(event.capacity)
      fields.isFeatured = item.is_featured ? 'on' : ''
      for (const name of ['venueName', 'addressLine1', 'addressLine2', 'city', 'state', 'zip', 'country'] as const) {
        const column = { venueName: 'venue_name', addressLine1: 'address_line1', addressLine2: 'address_line2', city: 'city', state: 'state', zip: 'zip', country: 'country' }[name] as
          'venue_name' | 'address_line1' | 'address_line2' | 'city' | 'state' | 'zip' | 'country'
        fields[name] = event?.[column] ?? ''
      }
    }
    let contents: Record<string, string> | undefined
    if (kind === 'donation') {
      const donation = await trx.selectFrom('donation_details').selectAll().where('item_id', '=', item.id).executeTakeFirst()
      Object.assign(fields, donation ? donationFieldValues(donation) : BLANK_DONATION_FIELDS)
    }
    if (kind === 'bundle') {
      const lines = await trx
        .selectFrom('bundle_items')
        .innerJoin('catalog_items as product', 'product.id', 'bundle_items.item_id')
        .select(['product.guid', 'bundle_items.quantity'])
        .where('bundle_items.bundle_id', '=', item.id)
        .orderBy('bundle_items.sequence')
        .execute()
      contents = Object.fromEntries(lines.map((line) => [line.guid, String(line.quantity)]))
    }
    const priceOptions = options.map(storedPriceOptionValues)
    return {
      guid: item.guid,
      name: item.name,
      slug: item.slug,
      isArchived: item.is_archived,
      isPublished: item.is_published,
      coverUrl: imageVariantUrl(cover?.image_key, COVER_VARIANT_CARD),
      gallery: gallery.flatMap((row) => {
        const url = imageVariantUrl(row.image_key, COVER_VARIANT_CARD)
        return url ? [{ key: row.image_key, url }] : []
      }),
      values: {
        fields,
        // A campaign has no price options; every other kind shows at least one row to fill.
        priceOptions: kind === 'donation' ? [] : priceOptions.length > 0 ? priceOptions : [blankPriceOptionRow()],
        ...(contents ? { contents } : {}),
      },
    }
  })
}

/** A product a bundle may hold. */
export interface BundleProductChoice {
  guid: string
  name: string
  isArchived: boolean
}

/** The most products a bundle's editor lists. */
export const MAX_BUNDLE_PRODUCT_CHOICES = 500

/**
 * What the editor of a kind needs besides the item: the suppliers to choose from for
 * merchandise; for a bundle, the live products by name, and any archived one it still holds.
 */
export async function loadEditorChoices(
  platform: Pick<Platform, 'database'>,
  tenant: Pick<Tenant, 'id'>,
  kind: EditedItemKind,
  bundleGuid: string | null = null,
): Promise<{ suppliers: SupplierChoice[]; products: BundleProductChoice[] }> {
  if (kind === 'product') return { suppliers: await withTenant(platform.database, tenant.id, (trx) => listSuppliers(trx)), products: [] }
  if (kind !== 'bundle') return { suppliers: [], products: [] }
  return withTenant(platform.database, tenant.id, async (trx) => {
    let query = trx
      .selectFrom('catalog_items')
      .select(['guid', 'name', 'is_archived'])
      .where('kind', '=', 'product')
      .orderBy('name')
      .orderBy('id')
      .limit(MAX_BUNDLE_PRODUCT_CHOICES)
    query = bundleGuid
      ? query.where((eb) =>
          eb.or([
            eb('is_archived', '=', false),
            eb(
              'id',
              'in',
              eb.selectFrom('bundle_items').innerJoin('catalog_items as bundle', 'bundle.id', 'bundle_items.bundle_id').select('bundle_items.item_id').where('bundle.guid', '=', bundleGuid),
            ),
          ]),
        )
      : query.where('is_archived', '=', false)
    const rows = await query.execute()
    return { suppliers: [], products: rows.map((row) => ({ guid: row.guid, name: row.name, isArchived: row.is_archived })) }
  })
}
