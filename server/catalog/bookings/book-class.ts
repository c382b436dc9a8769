import type { TenantExecutor } from '#db/tenant-scope'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import { parseClsStartTime } from '#server/catalog/occurrence-key'
import { writeCatalog } from '#server/catalog/write-catalog'
import { violates } from '#server/errors/constraint-violation'
import { BOOKING_MESSAGES, pickMembership } from './booking-rules'
import type { FoundOccurrence } from './find-class-occurrence'
import { selectBookingMemberships } from './held-memberships'

export interface ClassBooked {
  bookingId: string
  /** The membership that paid, or null for a free class. */
  membershipName: string | null
  usedCredit: boolean
}

export type BookClassResult = WordedResult<ClassBooked, 'conflict' | 'forbidden'>

/** Thrown inside the transaction to roll back what it wrote (a spent credit) and answer in words. */
class BookingRefused extends Error {
  constructor(readonly refusal: string) {
    super(refusal)
  }
}

/**
 * Books a contact into a class occurrence in one catalog transaction (decisions 104, 107): the
 * occurrence row is written if nobody touched the occurrence yet (capacity copied from its
 * schedule), a card gives up one credit (never below zero), then the booking row goes in and the
 * trigger counts it against capacity. Two people after the last spot: the second one's count
 * update waits for the first to commit and then fails the capacity check, which answers "full".
 */
export async function bookClass(
  platform: Pick<Platform, 'database' | 'caches'>,
  input: { tenantId: string; contactId: string; found: FoundOccurrence; now: Date },
): Promise<BookClassResult> {
  const { occurrence, item } = input.found
  const scheduled = parseClsStartTime(occurrence.clsStartTime)
  if (!scheduled) throw new Error(`occurrence without a scheduled start: ${occurrence.id}`)
  try {
    const booked = await writeCatalog(platform, input.tenantId, async (trx) => {
      const row = await occurrenceRow(trx, { ...input, scheduledDate: scheduled.date })
      if (row.status === 'cancelled') throw new BookingRefused(BOOKING_MESSAGES.cancelled)
      if (row.starts_at.getTime() <= input.now.getTime()) throw new BookingRefused(BOOKING_MESSAGES.past)
      if (row.booked_count >= row.capacity) throw new BookingRefused(BOOKING_MESSAGES.full)
      const existing = await trx
        .selectFrom('class_bookings')
        .select('id')
        .where('occurrence_id', '=', row.id)
        .where('contact_id', '=', input.contactId)
        .where('status', '<>', 'cancelled')
        .executeTakeFirst()
      if (existing) throw new BookingRefused(BOOKING_MESSAGES.alreadyBooked)

      const membership = item.paymentType === 'FREE' ? null : pickMembership(await selectBookingMemberships(trx, input.contactId), row.starts_at, input.now)
      if (item.paymentType !== 'FREE' && !membership) throw new BookingRefused(BOOKING_MESSAGES.noMembership)
      const usedCredit = membership?.membershipType === 'card'
      if (membership && usedCredit) {
        const spent = await trx
          .updateTable('contact_memberships')
          .set((eb) => ({ credits_left: eb('credits_left', '-', 1), updated_at: input.now }))
          .where('id', '=', membership.id)
          .where('credits_left', '>', 0)
          .executeTakeFirst()
        if (Number(spent.numUpdatedRows) === 0) throw new BookingRefused(BOOKING_MESSAGES.noCredits)
      }
      const booking = await trx
        .insertInto('class_bookings')
        .values({
          tenant_id: input.tenantId,
          occurrence_id: row.id,
          contact_id: input.contactId,
          membership_id: membership?.id ?? null,
          credits_used: usedCredit ? 1 : 0,
          booked_by: input.contactId,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      return { bookingId: booking.id, membershipName: membership?.name ?? null, usedCredit }
    }, ['memberships'])
    return ok(booked)
  } catch (error) {
    if (error instanceof BookingRefused) return err('conflict', error.refusal)
    if (violates(error, 'class_occurrences_within_capacity')) return err('conflict', BOOKING_MESSAGES.full)
    if (violates(error, 'class_bookings_once_per_contact')) return err('conflict', BOOKING_MESSAGES.alreadyBooked)
    throw error
  }
}

/** The occurrence's row, written first if nothing has happened to the occurrence yet. */
async function occurrenceRow(
  trx: TenantExecutor,
  input: { tenantId: string; found: FoundOccurrence; scheduledDate: string },
): Promise<{ id: string; status: string; starts_at: Date; capacity: number; booked_count: number }> {
  const { occurrence } = input.found
  if (occurrence.capacity === null) throw new Error(`class schedule without a capacity: ${occurrence.scheduleId}`)
  await trx
    .insertInto('class_occurrences')
    .values({
      tenant_id: input.tenantId,
      schedule_id: occurrence.scheduleId,
      class_id: occurrence.classId,
      occurrence_date: input.scheduledDate,
      starts_at: occurrence.start,
      ends_at: occurrence.end,
      capacity: occurrence.capacity,
    })
    .onConflict((conflict) => conflict.columns(['schedule_id', 'occurrence_date']).doNothing())
    .execute()
  return trx
    .selectFrom('class_occurrences')
    .select(['id', 'status', 'starts_at', 'capacity', 'booked_count'])
    .where('schedule_id', '=', occurrence.scheduleId)
    .where('occurrence_date', '=', input.scheduledDate)
    .executeTakeFirstOrThrow()
}
