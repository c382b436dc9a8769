import type { TenantExecutor } from '#db/tenant-scope'
import type { Tenant } from '#server/tenancy/tenant'
import { membershipExpiresOn } from '#server/catalog/membership-expiry'
import { startingBilling } from '#server/memberships/starting-billing'
import { dateInputValue, zonedTimeToInstant } from '#server/dates/local-time'
import { STATE_TEXT } from '#server/catalog/public/item-views'
import { violates } from '#server/errors/constraint-violation'
import { CART_MESSAGES, firstPeriodDueNow } from './cart-line-rules'
import { bookingRefusalOf, bookPaidDropIn } from '#server/catalog/bookings/book-class'
import type { PricedFacts } from './cart-view'

/** Thrown inside the sale's transaction so nothing of it stays: the words say why. */
export class SaleRefused extends Error {
  constructor(readonly refusal: string) {
    super(refusal)
  }
}

/** What a line gave the buyer, for its invoice line. */
export interface Fulfilment {
  membershipId: string | null
  enrolmentId: string | null
  eventRegistrationId: string | null
  bookingId: string | null
}

/** What a line gives before it is paid for, or when it gives nothing but the item itself. */
export const NOTHING_GIVEN: Fulfilment = { membershipId: null, enrolmentId: null, eventRegistrationId: null, bookingId: null }

export interface SaleContext {
  tenantId: string
  contactId: string
  now: Date
  timeZone: string
  /** Months a card or unlimited membership lasts (the tenant's itemExpiresAfter); null: no end. */
  itemExpiresAfter: number | null
}

/** The sale's context for a buyer of this tenant at `now`. */
export function saleContextFor(tenant: Tenant, contactId: string, now: Date): SaleContext {
  return { tenantId: tenant.id, contactId, now, timeZone: tenant.settings.timezone, itemExpiresAfter: tenant.settings.itemExpiresAfter }
}

/**
 * Gives the buyer what one line sold, inside the sale's transaction (issue: "enrolments,
 * bookings, memberships and stock updated in the same transaction"):
 * - a course enrols them (once: enrolled already is refused);
 * - an event takes its seats (the capacity check of event_details refuses the last seat twice);
 * - a product or a bundle's products leave stock (never below zero: a short stock refuses);
 * - a class drop-in books its occurrence (the same checks as a booking: open, a place left, not booked already);
 * - a membership starts: a card with its credits, unlimited until it expires, recurring with
 *   its trial and first billing date.
 */
export async function fulfilLine(trx: TenantExecutor, line: PricedFacts, sale: SaleContext): Promise<Fulfilment> {
  const { item, option } = line
  switch (item.kind) {
    case 'course': {
      const held = await trx.selectFrom('course_enrolments').select(['id', 'status']).where('course_id', '=', item.id).where('contact_id', '=', sale.contactId).executeTakeFirst()
      if (held && held.status !== 'cancelled') throw new SaleRefused(CART_MESSAGES.alreadyEnrolled(item.name))
      const enrolment = held
        ? await trx.updateTable('course_enrolments').set({ status: 'active', is_demo: false, enrolled_at: sale.now, completed_at: null, updated_at: sale.now }).where('id', '=', held.id).returning('id').executeTakeFirstOrThrow()
        : await trx.insertInto('course_enrolments').values({ tenant_id: sale.tenantId, course_id: item.id, contact_id: sale.contactId }).returning('id').executeTakeFirstOrThrow()
      return { ...NOTHING_GIVEN, enrolmentId: enrolment.id }
    }
    case 'event': {
      const held = await trx.selectFrom('event_registrations').select('id').where('event_id', '=', item.id).where('contact_id', '=', sale.contactId).where('status', '<>', 'cancelled').executeTakeFirst()
      if (held) throw new SaleRefused(CART_MESSAGES.alreadyRegistered(item.name))
      try {
        const registration = await trx
          .insertInto('event_registrations')
          .values({ tenant_id: sale.tenantId, event_id: item.id, contact_id: sale.contactId, quantity: line.quantity })
          .returning('id')
          .executeTakeFirstOrThrow()
        return { ...NOTHING_GIVEN, eventRegistrationId: registration.id }
      } catch (error) {
        // Someone took the last seats, or registered this person, since the cart was read.
        if (violates(error, 'event_details_within_capacity')) throw new SaleRefused(CART_MESSAGES.eventState(item.name, STATE_TEXT.full))
        if (violates(error, 'event_registrations_once_per_contact')) throw new SaleRefused(CART_MESSAGES.alreadyRegistered(item.name))
        throw error
      }
    }
    case 'product': {
      await takeStock(trx, item.id, item.name, line.quantity)
      return NOTHING_GIVEN
    }
    case 'bundle': {
      const parts = await trx.selectFrom('bundle_items').select(['item_id', 'quantity']).where('bundle_id', '=', item.id).execute()
      for (const part of parts) await takeStock(trx, part.item_id, item.name, part.quantity * line.quantity)
      return NOTHING_GIVEN
    }
    case 'class': {
      if (!line.classOccurrence) throw new SaleRefused(CART_MESSAGES.classGone(item.name))
      try {
        const bookingId = await bookPaidDropIn(trx, { tenantId: sale.tenantId, contactId: sale.contactId, found: line.classOccurrence, now: sale.now })
        return { ...NOTHING_GIVEN, bookingId }
      } catch (error) {
        const refusal = bookingRefusalOf(error)
        if (refusal !== null) throw new SaleRefused(CART_MESSAGES.classState(item.name, refusal))
        throw error
      }
    }
    case 'donation':
      // A gift gives nothing back (the invoice is its receipt); a gift on repeat starts its billing.
      return option.membershipType === 'recurring' ? startHeldMembership(trx, line, sale, { isGift: true }) : NOTHING_GIVEN
    case 'membership':
      return startHeldMembership(trx, line, sale, { isGift: false })
    default:
      throw new SaleRefused(CART_MESSAGES.notSold(item.name))
  }
}

/**
 * Starts what a membership option sells: a card with its credits, unlimited until it expires,
 * recurring with its trial and first billing date. A gift on repeat starts the same recurring
 * billing, marked as a gift so it never counts as a membership.
 */
async function startHeldMembership(trx: TenantExecutor, line: PricedFacts, sale: SaleContext, kind: { isGift: boolean }): Promise<Fulfilment> {
  const { item, option } = line
  const type = option.membershipType
  if (type === null) return NOTHING_GIVEN
  const today = dateInputValue(sale.now, sale.timeZone)
  const atMidnight = (date: string | null) => (date === null ? null : zonedTimeToInstant(date, '00:00', sale.timeZone))
  const billing = type === 'recurring' && option.frequency ? startingBilling(today, { ...option, frequency: option.frequency }, firstPeriodDueNow(option)) : null
  if (type === 'recurring' && billing === null) throw new SaleRefused(CART_MESSAGES.notSold(item.name))
  const membership = await trx
    .insertInto('contact_memberships')
    .values({
      tenant_id: sale.tenantId,
      contact_id: sale.contactId,
      item_id: item.id,
      is_gift: kind.isGift,
      price_option_id: option.id,
      name: option.name,
      membership_type: type,
      status: billing?.trialEndsOn ? 'trial' : 'active',
      credits_total: type === 'card' ? option.credits : null,
      credits_left: type === 'card' ? option.credits : null,
      starts_at: sale.now,
      trial_ends_at: atMidnight(billing?.trialEndsOn ?? null),
      expires_at: billing ? atMidnight(billing.endsOn) : atMidnight(membershipExpiresOn(today, sale.itemExpiresAfter)),
      next_billing_at: atMidnight(billing?.nextBillingOn ?? null),
      billing_cycles_left: billing?.cyclesLeft ?? null,
      ...(billing && option.frequency
        ? {
            period_price_minor: Math.max(0, option.priceMinor - option.discountMinor),
            currency: option.currency,
            frequency: option.frequency,
            billing_day_of_month: option.billingDayOfMonth,
            first_billing_on: billing.firstBillingOn,
            is_taxable: option.isTaxable,
            is_charge_card_fees: option.isChargeCardFees,
          }
        : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { ...NOTHING_GIVEN, membershipId: membership.id }
}

/** Takes `quantity` from a counted product's stock in one guarded statement; uncounted stock (null) is left alone. */
async function takeStock(trx: TenantExecutor, itemId: string, name: string, quantity: number): Promise<void> {
  const row = await trx.selectFrom('catalog_items').select('stock_quantity').where('id', '=', itemId).executeTakeFirst()
  if (!row) throw new SaleRefused(CART_MESSAGES.notSold(name))
  if (row.stock_quantity === null) return
  const taken = await trx
    .updateTable('catalog_items')
    .set((eb) => ({ stock_quantity: eb('stock_quantity', '-', quantity), updated_at: new Date() }))
    .where('id', '=', itemId)
    .where('stock_quantity', '>=', quantity)
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) === 0) throw new SaleRefused(CART_MESSAGES.soldOut(name))
}
