import { dateInputValue, timeInputValue } from '#server/dates/local-time'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import { imageVariantUrl } from '#server/files/image-variant-names'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { COVER_VARIANT_CARD } from './cover-variants'
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
    const priceOptions = options.map(storedPriceOptionValues)
    return {
      guid: item.guid,
      name: item.name,
      slug: item.slug,
      isArchived: item.is_archived,
      isPublished: item.is_published,
      coverUrl: imageVariantUrl(cover?.image_key, COVER_VARIANT_CARD),
      values: { fields, priceOptions: priceOptions.length > 0 ? priceOptions : [blankPriceOptionRow()] },
    }
  })
}

/** What the editor of a kind needs besides the item: the suppliers to choose from for merchandise. */
export async function loadEditorChoices(platform: Pick<Platform, 'database'>, tenant: Pick<Tenant, 'id'>, kind: EditedItemKind): Promise<{ suppliers: SupplierChoice[] }> {
  if (kind !== 'product') return { suppliers: [] }
  return { suppliers: await withTenant(platform.database, tenant.id, (trx) => listSuppliers(trx)) }
}
