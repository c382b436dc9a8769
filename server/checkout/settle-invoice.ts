import type { TenantExecutor } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { factsForLines, lineOccurrenceOf } from './cart-lines'
import type { PricedFacts } from './cart-view'
import { fulfilLine, SaleRefused, saleContextFor } from './fulfil-line'

/**
 * Gives the buyer what an invoice sold, now that it is wholly paid (take-payment.ts calls this
 * with the invoice locked): each catalog line is fulfilled from the catalog as it is now (seats,
 * stock and enrolment are checked again, since the buyer was away on the provider's page) and
 * records what it gave. Free-text lines of a staff invoice give nothing. A line that can no
 * longer be given throws SaleRefused, so the caller rolls back (and refunds a card).
 */
export async function fulfilInvoiceLines(trx: TenantExecutor, tenant: Tenant, invoice: { id: string; contact_id: string }, now: Date): Promise<void> {
  const invoiceId = invoice.id
  const lines = await trx
    .selectFrom('invoice_lines')
    .select(['id', 'item_id', 'price_option_id', 'quantity', 'membership_type', 'item_type', 'unit_price_minor', 'schedule_id', 'occurrence_date', 'gift_years'])
    .where('invoice_id', '=', invoiceId)
    .where('item_id', 'is not', null)
    .orderBy('sequence')
    .execute()
  const facts = await factsForLines(
    trx,
    // A gift's line holds its amount as its unit price (write-sale.ts).
    lines.map((line) => ({
      guid: line.id,
      quantity: line.quantity,
      amountMinor: line.item_type === 'donation' ? Number(line.unit_price_minor) : null,
      itemId: line.item_id as string,
      priceOptionId: line.price_option_id,
      dropIn: lineOccurrenceOf(line),
      gift: line.item_type === 'donation' ? { recurring: line.membership_type === 'recurring', years: line.gift_years } : null,
    })),
  )
  const sale = saleContextFor(tenant, invoice.contact_id, now)
  for (const line of lines) {
    const wanted = facts.find((fact) => fact.guid === line.id)
    if (!wanted || wanted.option === null) throw new SaleRefused('An item of this order is no longer sold.')
    const given = await fulfilLine(trx, wanted as PricedFacts, sale)
    await trx
      .updateTable('invoice_lines')
      .set({ membership_id: given.membershipId, enrolment_id: given.enrolmentId, event_registration_id: given.eventRegistrationId, booking_id: given.bookingId })
      .where('id', '=', line.id)
      .execute()
  }
}
