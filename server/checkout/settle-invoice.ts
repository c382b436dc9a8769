import type { TenantExecutor } from '#db/tenant-scope'
import { settleMembershipPeriod } from '#server/memberships/billing-period'
import type { Tenant } from '#server/tenancy/tenant'
import { factsForLines } from './cart-lines'
import type { PricedFacts } from './cart-view'
import { fulfilLine, SaleRefused, saleContextFor } from './fulfil-line'

/**
 * Gives the buyer what a pending invoice sold, now that its payment has arrived, inside the
 * caller's transaction (which has locked the invoice): each line is fulfilled from the catalog
 * as it is now (seats, stock and enrolment are checked again, since the buyer was away on the
 * provider's page), its line records what it gave, and the invoice becomes paid. A line that
 * can no longer be given throws SaleRefused, so the caller rolls back and refunds.
 */
export async function settlePendingInvoice(trx: TenantExecutor, tenant: Tenant, invoiceId: string, now: Date): Promise<void> {
  const invoice = await trx.selectFrom('invoices').select(['id', 'contact_id', 'source']).where('id', '=', invoiceId).executeTakeFirstOrThrow()
  // A membership's period gives no new membership: the one held moves on to its next billing.
  if (invoice.source === 'membership') await settleMembershipPeriod(trx, tenant, invoiceId, now)
  else await fulfilInvoiceLines(trx, tenant, invoice, now)
  await trx.updateTable('invoices').set({ status: 'paid', payment_method: 'card', paid_at: now, updated_at: now }).where('id', '=', invoiceId).execute()
}

async function fulfilInvoiceLines(trx: TenantExecutor, tenant: Tenant, invoice: { id: string; contact_id: string }, now: Date): Promise<void> {
  const invoiceId = invoice.id
  const lines = await trx
    .selectFrom('invoice_lines')
    .select(['id', 'item_id', 'price_option_id', 'quantity', 'membership_type', 'item_type', 'unit_price_minor'])
    .where('invoice_id', '=', invoiceId)
    .orderBy('sequence')
    .execute()
  const facts = await factsForLines(
    trx,
    // A gift's line holds its amount as its unit price (write-sale.ts).
    lines.map((line) => ({ guid: line.id, quantity: line.quantity, amountMinor: line.item_type === 'donation' ? Number(line.unit_price_minor) : null, itemId: line.item_id, priceOptionId: line.price_option_id })),
  )
  const sale = saleContextFor(tenant, invoice.contact_id, now)
  for (const line of lines) {
    const wanted = facts.find((fact) => fact.guid === line.id)
    if (!wanted || wanted.option === null) throw new SaleRefused('An item of this order is no longer sold.')
    const given = await fulfilLine(trx, wanted as PricedFacts, sale)
    await trx
      .updateTable('invoice_lines')
      .set({ membership_id: given.membershipId, enrolment_id: given.enrolmentId, event_registration_id: given.eventRegistrationId })
      .where('id', '=', line.id)
      .execute()
  }
}
