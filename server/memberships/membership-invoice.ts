import type { Selectable } from 'kysely'
import type { ContactMembershipsTable } from '#db/tables/catalog'
import type { TenantExecutor } from '#db/tenant-scope'
import { nextInvoiceNumbers } from '#server/checkout/invoice-number'
import { priceLine } from '#server/checkout/pricing'
import type { Tenant } from '#server/tenancy/tenant'
import { invoiceAddressee } from '#server/invoices/invoice-addressee'

export type HeldMembership = Selectable<ContactMembershipsTable>

/**
 * One period of a membership priced on the terms it was bought on, with card fees and tax at
 * the studio's rates of today (Payment Settings): what its invoice and its "Next payment" say.
 */
export function periodCharges(terms: Pick<HeldMembership, 'period_price_minor' | 'is_taxable' | 'is_charge_card_fees'>, tenant: Pick<Tenant, 'settings'>) {
  return priceLine(
    { unitPriceMinor: Number(terms.period_price_minor ?? 0), unitDiscountMinor: 0, quantity: 1, isTaxable: terms.is_taxable, isChargeCardFees: terms.is_charge_card_fees, offerDiscountMinor: 0, recurring: null },
    { cardFeePercent: tenant.settings.cardFees, taxPercent: tenant.settings.taxValue1 },
  )
}

/**
 * The invoices of billing periods of recurring memberships of one studio, inside the caller's
 * transaction (which holds the memberships locked): each period's price from the terms its
 * membership was bought on, with card fees and tax at the studio's rates of today (Payment
 * Settings), addressed to the member as their contact reads now. They wait as pending until
 * the period is paid. Written together, whatever their number: the contacts and items read in
 * one statement each, the numbers taken in one, the invoices and their lines in one insert
 * each. Answers each membership's invoice id.
 */
export async function writeMembershipInvoices(trx: TenantExecutor, tenant: Tenant, periods: ReadonlyArray<{ membership: HeldMembership; periodOn: string }>, now: Date): Promise<Map<string, string>> {
  const written = new Map<string, string>()
  if (periods.length === 0) return written
  for (const { membership } of periods) {
    if (membership.period_price_minor === null || membership.currency === null) throw new Error(`membership ${membership.id} has no billing terms`)
  }
  const contacts = await trx
    .selectFrom('contacts')
    .select(['id', 'first_name', 'last_name', 'email', 'phone'])
    .where('id', 'in', [...new Set(periods.map(({ membership }) => membership.contact_id))])
    .execute()
  const items = await trx
    .selectFrom('catalog_items')
    .select(['id', 'name'])
    .where('id', 'in', [...new Set(periods.map(({ membership }) => membership.item_id))])
    .execute()
  const contactOf = new Map(contacts.map((contact) => [contact.id, contact]))
  const itemOf = new Map(items.map((item) => [item.id, item]))
  const numbers = await nextInvoiceNumbers(trx, tenant.id, periods.length)
  const priced = periods.map(({ membership, periodOn }, index) => {
    const contact = contactOf.get(membership.contact_id)
    const item = itemOf.get(membership.item_id)
    if (!contact || !item) throw new Error(`membership ${membership.id} names a contact or item that is gone`)
    return { membership, periodOn, contact, item, number: numbers[index] ?? 0, charges: periodCharges(membership, tenant), key: `membership-${membership.id}-${periodOn}` }
  })
  const invoices = await trx
    .insertInto('invoices')
    .values(
      priced.map(({ membership, periodOn, contact, number, charges, key }) => ({
        tenant_id: tenant.id,
        number,
        contact_id: membership.contact_id,
        status: 'pending' as const,
        source: 'membership' as const,
        payment_method: null,
        currency: membership.currency ?? '',
        subtotal_minor: charges.priceMinor,
        card_fees_minor: charges.cardFeesMinor,
        tax_minor: charges.taxMinor,
        total_minor: charges.totalMinor,
        balance_minor: charges.totalMinor,
        tax_label: tenant.settings.taxLabel1.trim().slice(0, 100),
        ...invoiceAddressee(contact),
        note: `${membership.name}: the period from ${periodOn}`.slice(0, 1000),
        idempotency_key: key,
        created_at: now,
        updated_at: now,
      })),
    )
    .returning(['id', 'idempotency_key'])
    .execute()
  // Told apart by their keys: an insert's returned rows are not promised in the order given.
  const invoiceOf = new Map(invoices.map((invoice) => [invoice.idempotency_key, invoice.id]))
  await trx
    .insertInto('invoice_lines')
    .values(
      priced.map(({ membership, item, charges, key }) => ({
        tenant_id: tenant.id,
        invoice_id: invoiceOf.get(key) ?? '',
        sequence: 1,
        item_id: membership.item_id,
        price_option_id: membership.price_option_id,
        item_name: item.name,
        // A gift on repeat bills as a gift: the donor's list, receipts and the sales report say so.
        item_type: membership.is_gift ? ('donation' as const) : ('membership' as const),
        option_name: membership.name.slice(0, 200),
        quantity: 1,
        unit_price_minor: Number(membership.period_price_minor),
        price_minor: charges.priceMinor,
        discount_minor: 0,
        card_fees_minor: charges.cardFeesMinor,
        tax_minor: charges.taxMinor,
        total_minor: charges.totalMinor,
        membership_type: 'recurring' as const,
        membership_id: membership.id,
      })),
    )
    .execute()
  for (const { membership, key } of priced) written.set(membership.id, invoiceOf.get(key) ?? '')
  return written
}
