import type { Selectable } from 'kysely'
import type { ContactMembershipsTable } from '#db/tables/catalog'
import type { TenantExecutor } from '#db/tenant-scope'
import { nextInvoiceNumber } from '#server/checkout/invoice-number'
import { priceLine } from '#server/checkout/pricing'
import type { Tenant } from '#server/tenancy/tenant'

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
 * The invoice of one billing period of a recurring membership, inside the caller's transaction:
 * the period's price from the terms the membership was bought on, with card fees and tax at the
 * studio's rates of today (Payment Settings), addressed to the member as their contact reads
 * now. It waits as pending until the period is paid.
 */
export async function writeMembershipInvoice(trx: TenantExecutor, tenant: Tenant, membership: HeldMembership, periodOn: string, now: Date): Promise<string> {
  const contact = await trx.selectFrom('contacts').select(['first_name', 'last_name', 'email', 'phone']).where('id', '=', membership.contact_id).executeTakeFirstOrThrow()
  const item = await trx.selectFrom('catalog_items').select('name').where('id', '=', membership.item_id).executeTakeFirstOrThrow()
  if (membership.period_price_minor === null || membership.currency === null) throw new Error(`membership ${membership.id} has no billing terms`)
  const periodPriceMinor = Number(membership.period_price_minor)
  const priced = periodCharges(membership, tenant)
  const invoice = await trx
    .insertInto('invoices')
    .values({
      tenant_id: tenant.id,
      number: await nextInvoiceNumber(trx, tenant.id),
      contact_id: membership.contact_id,
      status: 'pending',
      source: 'membership',
      payment_method: null,
      currency: membership.currency,
      subtotal_minor: priced.priceMinor,
      card_fees_minor: priced.cardFeesMinor,
      tax_minor: priced.taxMinor,
      total_minor: priced.totalMinor,
      balance_minor: priced.totalMinor,
      tax_label: tenant.settings.taxLabel1.trim().slice(0, 100),
      first_name: contact.first_name.slice(0, 100),
      last_name: contact.last_name.slice(0, 100),
      email: (contact.email ?? '').slice(0, 254),
      phone: contact.phone,
      note: `${membership.name}: the period from ${periodOn}`.slice(0, 1000),
      idempotency_key: `membership-${membership.id}-${periodOn}`,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await trx
    .insertInto('invoice_lines')
    .values({
      tenant_id: tenant.id,
      invoice_id: invoice.id,
      sequence: 1,
      item_id: membership.item_id,
      price_option_id: membership.price_option_id,
      item_name: item.name,
      // A gift on repeat bills as a gift: the donor's list, receipts and the sales report say so.
      item_type: membership.is_gift ? 'donation' : 'membership',
      option_name: membership.name.slice(0, 200),
      quantity: 1,
      unit_price_minor: periodPriceMinor,
      price_minor: priced.priceMinor,
      discount_minor: 0,
      card_fees_minor: priced.cardFeesMinor,
      tax_minor: priced.taxMinor,
      total_minor: priced.totalMinor,
      membership_type: 'recurring',
      membership_id: membership.id,
    })
    .execute()
  return invoice.id
}
