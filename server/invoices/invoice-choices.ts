import type { DatabaseHandle } from '#db/connection'
import { withTenant, type TenantExecutor } from '#db/tenant-scope'
import type { CatalogItemKind } from '#db/tables/catalog'
import { moneyText } from '#server/catalog/public/price-text'
import { STAFF_ROLES } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'

/**
 * What a staff invoice may sell from the catalog: one-time price options of live items. Class
 * drop-ins need an occurrence and gifts an amount, and a recurring membership bills itself, so
 * those are sold through the desk or checkout instead.
 */
export const INVOICEABLE_KINDS: readonly CatalogItemKind[] = ['course', 'event', 'product', 'bundle', 'membership']

export interface InvoiceItemChoice {
  guid: string
  label: string
  kind: CatalogItemKind
}

export interface StaffChoice {
  guid: string
  name: string
}

/** A catalog price option as an invoice line copies it. */
export interface InvoiceableOption {
  id: string
  guid: string
  name: string
  priceMinor: number
  discountMinor: number
  maxQuantity: number
  isTaxable: boolean
  isChargeCardFees: boolean
  membershipType: 'card' | 'unlimited' | null
  credits: number | null
  item: { id: string; name: string; kind: CatalogItemKind }
}

function invoiceableOptions(trx: TenantExecutor) {
  return trx
    .selectFrom('item_price_options as option')
    .innerJoin('catalog_items as item', 'item.id', 'option.item_id')
    .select([
      'option.id',
      'option.guid',
      'option.name',
      'option.price_minor',
      'option.discount_minor',
      'option.max_quantity',
      'option.is_taxable',
      'option.is_charge_card_fees',
      'option.membership_type',
      'option.credits',
      'option.currency',
      'item.id as item_id',
      'item.name as item_name',
      'item.kind as item_kind',
    ])
    .where('option.is_archived', '=', false)
    .where('item.is_archived', '=', false)
    .where('option.is_other_price', '=', false)
    .where('item.kind', 'in', INVOICEABLE_KINDS)
    .where((eb) => eb.or([eb('option.membership_type', 'is', null), eb('option.membership_type', '<>', 'recurring')]))
}

/** The options a staff invoice's lines offer, by kind and name, and the staff who may be its sales person. */
export async function loadInvoiceChoices(database: DatabaseHandle, tenant: Tenant): Promise<{ items: InvoiceItemChoice[]; staff: StaffChoice[] }> {
  return withTenant(database, tenant.id, async (trx) => {
    const options = await invoiceableOptions(trx).orderBy('item.kind').orderBy('item.sort_name').orderBy('option.sequence').limit(500).execute()
    const staff = await trx
      .selectFrom('contacts')
      .select(['guid', 'first_name', 'last_name'])
      .where('role', 'in', STAFF_ROLES)
      .where('is_archived', '=', false)
      .orderBy('first_name')
      .orderBy('last_name')
      .limit(200)
      .execute()
    return {
      items: options.map((option) => ({
        guid: option.guid,
        kind: option.item_kind,
        label: `${option.item_name}${option.name && option.name !== option.item_name ? `: ${option.name}` : ''} (${moneyText(
          Math.max(0, option.price_minor - option.discount_minor),
          option.currency,
        )})`,
      })),
      staff: staff.map((person) => ({ guid: person.guid, name: `${person.first_name} ${person.last_name}`.trim() })),
    }
  })
}

/** The chosen options by guid, only those an invoice may sell. */
export async function findInvoiceableOptions(trx: TenantExecutor, guids: readonly string[]): Promise<Map<string, InvoiceableOption>> {
  if (guids.length === 0) return new Map()
  const rows = await invoiceableOptions(trx).where('option.guid', 'in', guids).execute()
  return new Map(
    rows.map((row) => [
      row.guid,
      {
        id: row.id,
        guid: row.guid,
        name: row.name,
        priceMinor: row.price_minor,
        discountMinor: row.discount_minor,
        maxQuantity: row.max_quantity,
        isTaxable: row.is_taxable,
        isChargeCardFees: row.is_charge_card_fees,
        membershipType: row.membership_type === 'card' || row.membership_type === 'unlimited' ? row.membership_type : null,
        credits: row.credits,
        item: { id: row.item_id, name: row.item_name, kind: row.item_kind },
      },
    ]),
  )
}
