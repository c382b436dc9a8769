import { z } from 'zod'
import { sql } from 'kysely'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { writeCatalog } from '#server/catalog/write-catalog'
import { BOOKING_MESSAGES, cancellationOutlook } from './booking-rules'

export interface BookingCancelled {
  className: string
  usedCredit: boolean
  returnedCredit: boolean
}

const uuid = z.string().uuid()

/**
 * A student cancels their own booking: allowed until the class starts; a credit the booking
 * spent goes back on the card when cancelled before the cut-off, never above what was bought.
 * Another contact's booking, or another tenant's, is not found.
 */
export async function cancelOwnBooking(
  platform: Pick<Platform, 'database' | 'caches'>,
  input: { tenantId: string; contactId: string; unverifiedBookingId: string; now: Date },
): Promise<WordedResult<BookingCancelled, 'not_found' | 'conflict'>> {
  const bookingId = uuid.safeParse(input.unverifiedBookingId)
  if (!bookingId.success) return err('not_found', BOOKING_MESSAGES.notFound)
  return writeCatalog(platform, input.tenantId, async (trx) => {
    const booking = await trx
      .selectFrom('class_bookings')
      .innerJoin('class_occurrences', 'class_occurrences.id', 'class_bookings.occurrence_id')
      .innerJoin('catalog_items', 'catalog_items.id', 'class_occurrences.class_id')
      .select(['class_bookings.id', 'class_bookings.membership_id', 'class_bookings.credits_used', 'class_occurrences.starts_at', 'catalog_items.name'])
      .where('class_bookings.id', '=', bookingId.data)
      .where('class_bookings.contact_id', '=', input.contactId)
      .where('class_bookings.status', '=', 'booked')
      .forUpdate('class_bookings')
      .executeTakeFirst()
    if (!booking) return err('not_found', BOOKING_MESSAGES.notFound)
    const usedCredit = booking.credits_used > 0 && booking.membership_id !== null
    const outlook = cancellationOutlook({ startsAt: booking.starts_at, now: input.now, usedCredit })
    if (!outlook.canCancel) return err('conflict', BOOKING_MESSAGES.cancelStarted)
    await trx.updateTable('class_bookings').set({ status: 'cancelled', cancelled_at: input.now, updated_at: input.now }).where('id', '=', booking.id).execute()
    if (outlook.returnsCredit && booking.membership_id) {
      await trx
        .updateTable('contact_memberships')
        .set({ credits_left: sql<number>`least(credits_left + ${booking.credits_used}, credits_total)`, updated_at: input.now })
        .where('id', '=', booking.membership_id)
        .where('membership_type', '=', 'card')
        .execute()
    }
    return ok({ className: booking.name, usedCredit, returnedCredit: outlook.returnsCredit })
  }, ['memberships'])
}
