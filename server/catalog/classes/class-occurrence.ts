import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import { parseClsStartTime, type LocalStart } from '#server/catalog/occurrence-key'
import { writeCatalog } from '#server/catalog/write-catalog'
import { dateInLanguage } from '#server/dates/language-dates'
import { err, ok, type Err, type Ok } from '#server/errors/result'
import { addToOutbox, sendFromOutbox } from '#server/mail/outbox-email'
import { recipientLanguage } from '#server/i18n/recipient-language'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { classCancellationEmail } from './class-cancellation-email'
import { ensureOccurrenceRow, findClass, locateOccurrence, occurrenceTimes, selectOccurrenceRows, selectSchedules, type LocatedOccurrence, type StoredClass } from './class-rows'
import { OCCURRENCE_MESSAGES, type OccurrenceChangeInput } from './occurrence-form-schema'
import { refuseClassForm, type ClassFormRefusal, type ClassPlatform } from './save-class'

type Found = { item: StoredClass; located: LocatedOccurrence; scheduled: LocalStart }

/** The class and the occurrence a staff address names (both typed by anyone), or null. */
export async function findClassOccurrence(trx: TenantExecutor, unverifiedGuid: string | undefined, unverifiedStart: string | undefined): Promise<Found | null> {
  const scheduled = parseClsStartTime(unverifiedStart ?? '')
  if (!scheduled) return null
  const item = await findClass(trx, unverifiedGuid)
  if (!item) return null
  const schedules = await selectSchedules(trx, [item.id])
  const rows = await selectOccurrenceRows(trx, [item.id])
  const located = locateOccurrence(schedules, rows, scheduled)
  return located ? { item, located, scheduled } : null
}

/** What was done, worded for the toast; or no such occurrence (or booking); or a refusal next to the field. */
export type OccurrenceOutcome = Ok<{ message: string }> | Err<'not_found'> | ClassFormRefusal

/** Moves one occurrence and/or gives it another teacher, room or capacity; never below its bookings. */
export async function changeOccurrence(platform: ClassPlatform, tenant: Tenant, input: { unverifiedGuid?: string; unverifiedStart?: string; change: OccurrenceChangeInput }): Promise<OccurrenceOutcome> {
  const { change } = input
  return writeCatalog(platform, tenant.id, async (trx): Promise<OccurrenceOutcome> => {
    const found = await findClassOccurrence(trx, input.unverifiedGuid, input.unverifiedStart)
    if (!found) return err('not_found')
    const { schedule } = found.located
    const row = await ensureOccurrenceRow(trx, tenant.id, schedule, found.scheduled.date)
    if (change.capacity < row.booked_count) return refuseClassForm('invalid_input', 'capacity', OCCURRENCE_MESSAGES.belowBooked(row.booked_count))
    const moved = change.date !== found.scheduled.date || change.time !== found.scheduled.time
    const next = {
      moved_to_date: moved ? change.date : null,
      moved_to_time: moved ? change.time : null,
      teacher_id: change.teacherId !== schedule.teacher_id ? change.teacherId : null,
      room_id: change.roomId !== schedule.room_id ? change.roomId : null,
      capacity: change.capacity,
      is_capacity_overridden: change.capacity !== schedule.capacity,
    }
    const times = occurrenceTimes(schedule, { ...row, ...next })
    await trx
      .updateTable('class_occurrences')
      .set({ ...next, starts_at: times.startsAt, ends_at: times.endsAt, updated_at: new Date() })
      .where('id', '=', row.id)
      .execute()
    return ok({ message: OCCURRENCE_MESSAGES.changed })
  })
}

/**
 * Cancels one occurrence: its live bookings are cancelled, card credits go back (the studio
 * cancelled, decision 103), and each booked student is emailed through the outbox in the same
 * transaction; the send jobs are queued once it has committed.
 */
export async function cancelOccurrence(platform: ClassPlatform & Pick<Platform, 'jobs' | 'env'>, tenant: Tenant, input: { unverifiedGuid?: string; unverifiedStart?: string; note: string }): Promise<OccurrenceOutcome> {
  const queued: Array<{ emailId: string; tenantId: string }> = []
  const outcome = await writeCatalog(platform, tenant.id, async (trx): Promise<OccurrenceOutcome> => {
    const found = await findClassOccurrence(trx, input.unverifiedGuid, input.unverifiedStart)
    if (!found) return err('not_found')
    const row = await ensureOccurrenceRow(trx, tenant.id, found.located.schedule, found.scheduled.date)
    if (row.status === 'cancelled') return refuseClassForm('conflict', '', OCCURRENCE_MESSAGES.alreadyCancelled)
    const now = platform.clock.now()
    await trx
      .updateTable('class_occurrences')
      .set({ status: 'cancelled', cancelled_at: now, note: input.note || null, updated_at: now })
      .where('id', '=', row.id)
      .execute()
    const bookings = await trx
      .updateTable('class_bookings')
      .set({ status: 'cancelled', cancelled_at: now, checked_in_at: null, updated_at: now })
      .where('occurrence_id', '=', row.id)
      .where('status', '<>', 'cancelled')
      .returning(['contact_id', 'membership_id', 'credits_used'])
      .execute()
    for (const booking of bookings) {
      if (booking.membership_id && booking.credits_used > 0) {
        await trx
          .updateTable('contact_memberships')
          .set({ credits_left: sql<number>`least(credits_total, coalesce(credits_left, 0) + ${booking.credits_used}::int)`, updated_at: now })
          .where('id', '=', booking.membership_id)
          .where('credits_total', 'is not', null)
          .execute()
      }
    }
    const contacts = bookings.length
      ? await trx.selectFrom('contacts').select(['email', 'first_name', 'language']).where('id', 'in', bookings.map((booking) => booking.contact_id)).where('email', 'is not', null).execute()
      : []
    for (const contact of contacts) {
      // Each student reads it in their language, the session's day and time written in it too.
      const language = recipientLanguage(contact.language, tenant)
      const when = dateInLanguage(row.starts_at, tenant.settings, 'dateTime', language)
      const email = classCancellationEmail({ firstName: contact.first_name, className: found.item.name, when, studio: tenant.name, note: input.note }, language)
      queued.push(await addToOutbox(trx, platform.env, { tenantId: tenant.id, to: contact.email as string, ...email }))
    }
    return ok({ message: OCCURRENCE_MESSAGES.cancelled(contacts.length) })
  }, ['memberships'])
  for (const email of queued) await sendFromOutbox(platform, email)
  return outcome
}

/**
 * Takes back a cancellation made by mistake: the session is on the schedule again and open to
 * bookings. The bookings cancelled with it stay cancelled (their students were told and had
 * their credits back); a session that has started stays as it is.
 */
export async function restoreOccurrence(platform: ClassPlatform, tenant: Tenant, input: { unverifiedGuid?: string; unverifiedStart?: string }): Promise<OccurrenceOutcome> {
  return writeCatalog(platform, tenant.id, async (trx): Promise<OccurrenceOutcome> => {
    const found = await findClassOccurrence(trx, input.unverifiedGuid, input.unverifiedStart)
    if (!found) return err('not_found')
    const row = await ensureOccurrenceRow(trx, tenant.id, found.located.schedule, found.scheduled.date)
    if (row.status !== 'cancelled') return refuseClassForm('conflict', '', OCCURRENCE_MESSAGES.notCancelled)
    const now = platform.clock.now()
    if (new Date(row.starts_at).getTime() <= now.getTime()) return refuseClassForm('conflict', '', OCCURRENCE_MESSAGES.restorePast)
    await trx.updateTable('class_occurrences').set({ status: 'scheduled', cancelled_at: null, note: null, updated_at: now }).where('id', '=', row.id).execute()
    return ok({ message: OCCURRENCE_MESSAGES.restored })
  })
}

/** Checks a booked student in, or undoes it; a cancelled booking is left alone. */
export async function setCheckIn(platform: ClassPlatform, tenant: Tenant, input: { unverifiedGuid?: string; unverifiedStart?: string; unverifiedBookingGuid: string; checkedIn: boolean }): Promise<OccurrenceOutcome> {
  return writeCatalog(platform, tenant.id, async (trx): Promise<OccurrenceOutcome> => {
    const found = await findClassOccurrence(trx, input.unverifiedGuid, input.unverifiedStart)
    const rowId = found?.located.row?.id
    if (!found || !rowId || !/^[0-9a-f-]{36}$/i.test(input.unverifiedBookingGuid)) return err('not_found')
    const now = platform.clock.now()
    const updated = await trx
      .updateTable('class_bookings')
      .set(input.checkedIn ? { status: 'checked_in', checked_in_at: now, updated_at: now } : { status: 'booked', checked_in_at: null, updated_at: now })
      .where('guid', '=', input.unverifiedBookingGuid.toLowerCase())
      .where('occurrence_id', '=', rowId)
      .where('status', '=', input.checkedIn ? 'booked' : 'checked_in')
      .returning('contact_id')
      .executeTakeFirst()
    if (!updated) return err('not_found')
    const contact = await trx.selectFrom('contacts').select(sql<string>`coalesce(nullif(trim(first_name || ' ' || last_name), ''), email, 'Student')`.as('name')).where('id', '=', updated.contact_id).executeTakeFirstOrThrow()
    return ok({ message: input.checkedIn ? OCCURRENCE_MESSAGES.checkedIn(contact.name) : OCCURRENCE_MESSAGES.undone(contact.name) })
  })
}
