import type { TenantExecutor } from '#db/tenant-scope'
import type { InvoiceSource, InvoiceStatus, LedgerMethod, PaymentMethod } from '#db/tables/checkout'
import type { Tenant } from '#server/tenancy/tenant'
import type { PricedCart } from './cart-view'
import { activeMemberRefusal } from '#server/plans/active-member-limit'
import { takeOfferUse } from './cart-offer'
import { nextInvoiceNumber } from './invoice-number'
import { fulfilLine, NOTHING_GIVEN, SaleRefused, saleContextFor } from './fulfil-line'
import { CART_MESSAGES } from './cart-line-rules'
import { isBookedInto } from '#server/catalog/bookings/book-class'
import { BOOKING_MESSAGES } from '#server/catalog/bookings/booking-rules'

export interface SaleBuyer {
  contactId: string
  firstName: string
  lastName: string
  email: string
  phone: string
  note: string
}

export interface WrittenSale {
  invoiceGuid: string
  invoiceNumber: number
}

/**
 * Writes a priced cart as a sale inside the caller's transaction: the next invoice number, the
 * invoice (paid now, owed on account, or pending until a card payment arrives), its lines copied from the catalog with what each
 * gave the buyer (fulfil-line.ts), one use of its offer code counted, and the cart emptied. On account, the contact's balance
 * goes down by the total (a negative balance is owed). The caller has locked the cart and
 * checked its lines; a refusal thrown here rolls the whole sale back.
 */
export async function writeSale(
  trx: TenantExecutor,
  tenant: Tenant,
  input: {
    cartId: string
    priced: PricedCart
    buyer: SaleBuyer
    source: InvoiceSource
    paymentMethod: PaymentMethod
    salesPersonId: string | null
    idempotencyKey: string | null
    now: Date
    /**
     * Paid for later on a provider's page: the invoice waits as pending and nothing is given
     * until the payment arrives (settle-invoice.ts fulfils it then).
     */
    awaitingPayment?: boolean
  },
): Promise<WrittenSale> {
  const { priced, buyer, now } = input
  const { totals } = priced
  // An offer code that no longer takes anything off stops the sale, rather than vanishing from it.
  if (priced.offerRefusal !== null) throw new SaleRefused(priced.offerRefusal)
  // A gift on repeat bills like a membership but makes nobody a member.
  const givesMembership = priced.lines.some((line) => line.facts.option.membershipType !== null && line.facts.item.kind !== 'donation')
  const memberRefusal = await activeMemberRefusal(trx, tenant.id, { contactId: buyer.contactId, givesMembership })
  if (memberRefusal) throw new SaleRefused(memberRefusal)
  // A place the buyer holds already is refused before any card is asked for, not refunded after.
  for (const { facts: line } of priced.lines) {
    if (line.dropIn && (await isBookedInto(trx, buyer.contactId, line.dropIn))) throw new SaleRefused(CART_MESSAGES.classState(line.item.name, BOOKING_MESSAGES.alreadyBooked))
  }
  if (priced.appliedOffer) await takeOfferUse(trx, priced.appliedOffer.id, priced.appliedOffer.code)
  const awaiting = input.awaitingPayment === true && totals.totalMinor > 0
  const onAccount = input.paymentMethod === 'account' && totals.totalMinor > 0
  const status: InvoiceStatus = awaiting ? 'pending' : onAccount ? 'unpaid' : 'paid'
  const invoice = await trx
    .insertInto('invoices')
    .values({
      tenant_id: tenant.id,
      number: await nextInvoiceNumber(trx, tenant.id),
      contact_id: buyer.contactId,
      status,
      source: input.source,
      payment_method: totals.totalMinor === 0 ? 'free' : input.paymentMethod,
      currency: priced.currency,
      subtotal_minor: totals.subtotalMinor,
      discount_minor: totals.discountMinor,
      card_fees_minor: totals.cardFeesMinor,
      tax_minor: totals.taxMinor,
      total_minor: totals.totalMinor,
      balance_minor: onAccount || awaiting ? totals.totalMinor : 0,
      paid_minor: status === 'paid' ? totals.totalMinor : 0,
      tax_label: tenant.settings.taxLabel1.trim().slice(0, 100),
      offer_code: priced.appliedOffer?.code ?? null,
      offer_id: priced.appliedOffer?.id ?? null,
      first_name: buyer.firstName.slice(0, 100),
      last_name: buyer.lastName.slice(0, 100),
      email: buyer.email.slice(0, 254),
      phone: buyer.phone || null,
      note: buyer.note.slice(0, 1000),
      sales_person_id: input.salesPersonId,
      idempotency_key: input.idempotencyKey,
      paid_at: onAccount || awaiting ? null : now,
    })
    .returning(['id', 'guid', 'number'])
    .executeTakeFirstOrThrow()
  const sale = saleContextFor(tenant, buyer.contactId, now)
  let sequence = 0
  for (const { facts: line, priced: amounts } of priced.lines) {
    const given = awaiting ? NOTHING_GIVEN : await fulfilLine(trx, line, sale)
    sequence += 1
    await trx
      .insertInto('invoice_lines')
      .values({
        tenant_id: tenant.id,
        invoice_id: invoice.id,
        sequence,
        item_id: line.item.id,
        price_option_id: line.option.id,
        item_name: line.item.name,
        item_type: line.item.kind,
        option_name: line.option.name.slice(0, 200),
        quantity: line.option.membershipType === 'recurring' ? 1 : line.quantity,
        unit_price_minor: Math.max(0, line.option.priceMinor - line.option.discountMinor),
        price_minor: amounts.priceMinor,
        discount_minor: amounts.discountMinor,
        card_fees_minor: amounts.cardFeesMinor,
        tax_minor: amounts.taxMinor,
        total_minor: amounts.totalMinor,
        membership_type: line.option.membershipType,
        credits: line.option.membershipType === 'card' ? line.option.credits : null,
        membership_id: given.membershipId,
        enrolment_id: given.enrolmentId,
        event_registration_id: given.eventRegistrationId,
        booking_id: given.bookingId,
        schedule_id: line.dropIn?.scheduleId ?? null,
        occurrence_date: line.dropIn?.date ?? null,
        occurrence_starts_at: line.classOccurrence?.occurrence.start ?? null,
        gift_years: line.gift?.recurring ? line.gift.years : null,
      })
      .execute()
  }
  // Paid at the till in cash or otherwise: the ledger's row for the sales report.
  if (status === 'paid' && totals.totalMinor > 0) {
    await trx
      .insertInto('invoice_payments')
      .values({ tenant_id: tenant.id, invoice_id: invoice.id, method: ledgerMethodOf(input.paymentMethod), amount_minor: totals.totalMinor, currency: priced.currency, recorded_by: input.salesPersonId, paid_at: now })
      .execute()
  }
  if (onAccount) {
    await trx
      .updateTable('contacts')
      .set((eb) => ({ balance_minor: eb('balance_minor', '-', totals.totalMinor), updated_at: now }))
      .where('id', '=', buyer.contactId)
      .execute()
  }
  await trx.deleteFrom('cart_lines').where('cart_id', '=', input.cartId).execute()
  await trx.updateTable('carts').set({ offer_code: null, updated_at: now }).where('id', '=', input.cartId).execute()
  return { invoiceGuid: invoice.guid, invoiceNumber: invoice.number }
}

/** A sale paid on the spot is cash or other at the till; a card is only ever taken through a provider's attempt. */
function ledgerMethodOf(method: PaymentMethod): LedgerMethod {
  return method === 'cash' || method === 'other' ? method : 'card'
}
