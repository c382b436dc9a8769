import { z } from 'zod'
import { withTenant } from '#db/tenant-scope'
import { BOOKING_MESSAGES } from '#server/catalog/bookings/booking-rules'
import { isBookedInto } from '#server/catalog/bookings/book-class'
import { findClassOccurrenceIn } from '#server/catalog/bookings/find-class-occurrence'
import { DROP_IN_PRICE_NAME } from '#server/catalog/classes/save-class'
import { parseClsStartTime } from '#server/catalog/occurrence-key'
import { err, ok, type WordedResult } from '#server/errors/result'
import { takesCardPayments } from '#server/payments/card-payments'
import type { Platform } from '#server/platform'
import { CART_MESSAGES } from './cart-line-rules'
import { cartForAdding, type AddedToCart } from './cart-store'
import { isSoldOnline } from './sold-online'

/** The sign-up page's 'Continue to checkout' form: the occurrence as its address names it. */
export const addDropInSchema = z.object({
  classId: z.string().trim().max(64),
  clsStartTime: z.string().trim().max(32),
})

export const DROP_IN_MESSAGES = {
  notFound: 'That class is no longer on the schedule.',
} as const

/**
 * Puts one place at a class occurrence in the buyer's cart, at the class's drop-in price (the
 * sign-up page sends a student here when no membership pays for the class). The occurrence must
 * be one the schedule gives, still open, with a place left, and not already booked by the
 * signed-in buyer; the same occurrence twice stays one line. Nothing is booked yet: paying for
 * the order books the place (fulfil-line.ts), checking all of this again.
 */
export async function addClassDropInToCart(
  platform: Pick<Platform, 'database' | 'env'>,
  input: { tenantId: string; token: string | null; contactId: string | null; posted: unknown },
): Promise<WordedResult<AddedToCart, 'invalid_input' | 'not_found' | 'conflict'>> {
  const parsed = addDropInSchema.safeParse(input.posted)
  if (!parsed.success) return err('not_found', DROP_IN_MESSAGES.notFound)
  const takesCards = await takesCardPayments(platform, input.tenantId)
  return withTenant(platform.database, input.tenantId, async (trx) => {
    const found = await findClassOccurrenceIn(trx, parsed.data)
    const scheduled = found ? parseClsStartTime(found.occurrence.clsStartTime) : null
    if (!found || !scheduled) return err('not_found', DROP_IN_MESSAGES.notFound)
    const { item, occurrence } = found
    if (occurrence.cancelled) return err('conflict', CART_MESSAGES.classState(item.name, BOOKING_MESSAGES.cancelled))
    if (occurrence.start.getTime() <= Date.now()) return err('conflict', CART_MESSAGES.classState(item.name, BOOKING_MESSAGES.past))
    if (occurrence.spotsLeft !== null && occurrence.spotsLeft < 1) return err('conflict', CART_MESSAGES.classState(item.name, BOOKING_MESSAGES.full))
    const option =
      item.paymentType === 'PAID'
        ? await trx
            .selectFrom('item_price_options')
            .select(['id', 'price_minor', 'discount_minor', 'registration_fee_minor', 'is_other_price'])
            .where('item_id', '=', item.id)
            .where('name', '=', DROP_IN_PRICE_NAME)
            .where('is_archived', '=', false)
            .executeTakeFirst()
        : undefined
    const terms = option && { priceMinor: option.price_minor, discountMinor: option.discount_minor, registrationFeeMinor: option.registration_fee_minor, isOtherPrice: option.is_other_price }
    if (!option || !terms || !isSoldOnline(terms, takesCards)) return err('conflict', CART_MESSAGES.notOnline(item.name))
    const key = { scheduleId: occurrence.scheduleId, date: scheduled.date }
    if (input.contactId && (await isBookedInto(trx, input.contactId, key))) return err('conflict', CART_MESSAGES.classState(item.name, BOOKING_MESSAGES.alreadyBooked))

    const { cartId, newToken } = await cartForAdding(trx, input)
    const held = await trx
      .selectFrom('cart_lines')
      .select('id')
      .where('cart_id', '=', cartId)
      .where('schedule_id', '=', key.scheduleId)
      .where('occurrence_date', '=', key.date)
      .executeTakeFirst()
    if (!held) {
      await trx
        .insertInto('cart_lines')
        .values({ tenant_id: input.tenantId, cart_id: cartId, item_id: item.id, price_option_id: option.id, quantity: 1, schedule_id: key.scheduleId, occurrence_date: key.date })
        .execute()
    }
    await trx.updateTable('carts').set({ updated_at: new Date() }).where('id', '=', cartId).execute()
    return ok({ itemName: item.name, newToken })
  })
}
