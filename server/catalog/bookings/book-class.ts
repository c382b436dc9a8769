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
export class BookingRefused extends Error {
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
      const row = await claimPlace(trx, { ...input, scheduledDate: scheduled.date })
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
    const refusal = bookingRefusalOf(error)
    if (refusal !== null) return err('conflict', refusal)
    throw error
  }
}

/**
 * The occurrence's row once it is sure to take this contact: not cancelled, not started, a place
 * left, not booked by them already. Throws BookingRefused otherwise.
 */
async function claimPlace(
  trx: TenantExecutor,
  input: { tenantId: string; contactId: string; found: FoundOccurrence; scheduledDate: string; now: Date },
): Promise<{ id: string; starts_at: Date }> {
  const row = await occurrenceRow(trx, input)
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
  return row
}

/**
 * Books a class drop-in that a sale paid for, inside the sale's transaction (fulfil-line.ts):
 * the same checks as a booking, no membership and no credit. Throws BookingRefused, or the
 * capacity and once-per-contact constraint errors when another booking won the place first;
 * the sale rolls back (and a card is refunded) with words from bookingRefusalOf.
 */
export async function bookPaidDropIn(trx: TenantExecutor, input: { tenantId: string; contactId: string; found: FoundOccurrence; now: Date }): Promise<string> {
  const scheduled = parseClsStartTime(input.found.occurrence.clsStartTime)
  if (!scheduled) throw new Error(`occurrence without a scheduled start: ${input.found.occurrence.id}`)
  const row = await claimPlace(trx, { ...input, scheduledDate: scheduled.date })
  const booking = await trx
    .insertInto('class_bookings')
    .values({ tenant_id: input.tenantId, occurrence_id: row.id, contact_id: input.contactId, membership_id: null, credits_used: 0, booked_by: input.contactId })
    .returning('id')
    .executeTakeFirstOrThrow()
  return booking.id
}

/** Whether the contact holds a place (not cancelled) at the occurrence its schedule gives on that local date. */
export async function isBookedInto(trx: TenantExecutor, contactId: string, occurrence: { scheduleId: string; date: string }): Promise<boolean> {
  const held = await trx
    .selectFrom('class_bookings')
    .innerJoin('class_occurrences', 'class_occurrences.id', 'class_bookings.occurrence_id')
    .select('class_bookings.id')
    .where('class_bookings.contact_id', '=', contactId)
    .where('class_bookings.status', '<>', 'cancelled')
    .where('class_occurrences.schedule_id', '=', occurrence.scheduleId)
    .where('class_occurrences.occurrence_date', '=', occurrence.date)
    .executeTakeFirst()
  return held !== undefined
}

/** The words for a booking that could not be made, or null when the error is not a refusal. */
export function bookingRefusalOf(error: unknown): string | null {
  if (error instanceof BookingRefused) return error.refusal
  if (violates(error, 'class_occurrences_within_capacity')) return BOOKING_MESSAGES.full
  if (violates(error, 'class_bookings_once_per_contact')) return BOOKING_MESSAGES.alreadyBooked
  return null
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
