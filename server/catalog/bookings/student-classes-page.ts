import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import type { ItemPaymentType } from '#db/tables/catalog'
import { addDays } from '#server/catalog/calendar-date'
import { formatClsStartTime, occurrenceId } from '#server/catalog/occurrence-key'
import type { CalendarQuery } from '#server/catalog/schedule/calendar-query'
import { loadPublicCalendarPage, type CalendarEntry, type PublicCalendarPage } from '#server/catalog/schedule/public-calendar-page'
import { TIME_PATTERN } from '#server/dates/date-formats'
import { formatPattern } from '#server/dates/date-pattern'
import { dateInputValue, zonedTimeToInstant } from '#server/dates/local-time'
import { formatInZone } from '#server/dates/tenant-dates'
import { isPublicPathAvailable } from '#server/navigation/available-paths'
import { CHECKOUT_TAKES } from '#server/checkout/sold-online'
import type { Tenant } from '#server/tenancy/tenant'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { cancellationOutlook, cutOffText, signupOffer, type HeldMembershipForBooking } from './booking-rules'
import { selectBookingMemberships } from './held-memberships'

/** What the student can do with one occurrence of the week. */
export type StudentEntryAction =
  | { kind: 'booked'; bookingId: string; canCancel: boolean; returnsCredit: boolean; usedCredit: boolean }
  /** Book at once with a POST to the sign-up address (free, or a membership pays). */
  | { kind: 'book'; href: string; paidBy: string | null }
  /** Open the sign-up page (pay at checkout, or how to book). */
  | { kind: 'details'; href: string }
  | { kind: 'none' }

export interface StudentCalendarEntry extends CalendarEntry {
  action: StudentEntryAction
}

export interface UpcomingBooking {
  bookingId: string
  className: string
  /** 'Mon 11/30/2026 07:00 AM' in the tenant's zone. */
  whenText: string
  startIso: string
  canCancel: boolean
  returnsCredit: boolean
  usedCredit: boolean
  signupHref: string
  /** The class's online meeting link; only ever on the student's own bookings. */
  meetingUrl: string | null
}

export interface StudentClassesPage {
  calendar: Omit<PublicCalendarPage, 'weeks'> & { weeks: Array<Array<Omit<PublicCalendarPage['weeks'][number][number], 'entries'> & { entries: StudentCalendarEntry[] }>> }
  upcoming: UpcomingBooking[]
  memberships: Array<{ id: string; name: string; creditsText: string | null }>
  cutOffText: string
}

/**
 * The student Calendar (/classes): the week of the public schedule with the student's own
 * bookings laid over it, what each occurrence lets them do, and their coming bookings.
 */
export async function loadStudentClassesPage(
  database: DatabaseHandle,
  input: { tenant: Tenant; contactId: string; query: CalendarQuery; now: Date; language?: Language },
): Promise<StudentClassesPage> {
  const language = input.language ?? 'en'
  const { tenant, now } = input
  const timeZone = tenant.settings.timezone
  const page = await loadPublicCalendarPage(database, tenant, { ...input.query, view: 'week' }, now, language)
  const days = page.weeks.flat()
  const firstDay = days[0]?.date ?? input.query.date
  const lastDay = days[days.length - 1]?.date ?? input.query.date
  const from = zonedTimeToInstant(addDays(firstDay, -1) ?? firstDay, '00:00', timeZone) ?? now
  const to = zonedTimeToInstant(addDays(lastDay, 2) ?? lastDay, '00:00', timeZone) ?? now

  const loaded = await withTenant(database, tenant.id, async (trx) => {
    const bookings = await trx
      .selectFrom('class_bookings')
      .innerJoin('class_occurrences', 'class_occurrences.id', 'class_bookings.occurrence_id')
      .innerJoin('class_schedules', 'class_schedules.id', 'class_occurrences.schedule_id')
      .innerJoin('catalog_items', 'catalog_items.id', 'class_occurrences.class_id')
      // The class's online meeting: this query reads only the student's own live bookings.
      .leftJoin('meeting_links', 'meeting_links.item_id', 'class_occurrences.class_id')
      .select([
        'meeting_links.meeting_url',
        'class_bookings.id', 'class_bookings.credits_used', 'class_bookings.membership_id', 'class_occurrences.class_id', 'class_occurrences.schedule_id',
        'class_occurrences.occurrence_date', 'class_occurrences.starts_at', 'class_schedules.start_time', 'catalog_items.name',
      ])
      .where('class_bookings.contact_id', '=', input.contactId)
      .where('class_bookings.status', '<>', 'cancelled')
      .where((eb) => eb.or([eb.and([eb('class_occurrences.starts_at', '>=', from), eb('class_occurrences.starts_at', '<', to)]), eb('class_occurrences.starts_at', '>', now)]))
      .orderBy('class_occurrences.starts_at')
      .limit(200)
      .execute()
    const classes = await trx.selectFrom('catalog_items').select(['id', 'payment_type']).where('kind', '=', 'class').execute()
    const memberships = await selectBookingMemberships(trx, input.contactId)
    return { bookings, classes, memberships }
  })

  const paymentTypes = new Map<string, ItemPaymentType>(loaded.classes.map((row) => [row.id, row.payment_type]))
  const bookingByOccurrence = new Map(
    loaded.bookings.map((booking) => {
      const scheduled = { date: String(booking.occurrence_date), time: booking.start_time }
      return [occurrenceId(booking.class_id, scheduled), booking] as const
    }),
  )
  const checkout = isPublicPathAvailable('/checkout') && CHECKOUT_TAKES.classDropIns
  const entryOf = (entry: CalendarEntry): StudentCalendarEntry => ({ ...entry, action: actionOf(entry) })
  const actionOf = (entry: CalendarEntry): StudentEntryAction => {
    const booking = bookingByOccurrence.get(entry.id)
    if (booking) {
      const usedCredit = booking.credits_used > 0 && booking.membership_id !== null
      return { kind: 'booked', bookingId: booking.id, usedCredit, ...cancellationOutlook({ startsAt: booking.starts_at, now, usedCredit }) }
    }
    if (!entry.signupHref) return { kind: 'none' }
    const classId = entry.id.slice(0, entry.id.indexOf('/'))
    const offer = signupOffer({
      occurrence: { start: new Date(entry.startIso), cancelled: entry.cancelled, spotsLeft: entry.isFull ? 0 : null, paymentType: paymentTypes.get(classId) ?? 'PAID' },
      now,
      alreadyBooked: false,
      memberships: loaded.memberships,
      isCheckoutAvailable: checkout,
    })
    if (offer.kind === 'free') return { kind: 'book', href: entry.signupHref, paidBy: null }
    if (offer.kind === 'membership') return { kind: 'book', href: entry.signupHref, paidBy: offer.membership.name }
    return { kind: 'details', href: entry.signupHref }
  }

  const relink = (href: string) => href.replace(/^\/calendar\?/, '/classes?')
  const calendar = {
    ...page,
    links: {
      previous: relink(page.links.previous),
      next: relink(page.links.next),
      today: relink(page.links.today),
      week: relink(page.links.week),
      month: relink(page.links.month),
    },
    weeks: page.weeks.map((week) => week.map((day) => ({ ...day, entries: day.entries.map(entryOf) }))),
  }

  const upcoming = loaded.bookings
    .filter((booking) => booking.starts_at.getTime() > now.getTime())
    .slice(0, 10)
    .map((booking): UpcomingBooking => {
      const usedCredit = booking.credits_used > 0 && booking.membership_id !== null
      const scheduled = { date: String(booking.occurrence_date), time: booking.start_time }
      return {
        bookingId: booking.id,
        className: booking.name,
        whenText: whenText(booking.starts_at, tenant, language),
        startIso: booking.starts_at.toISOString(),
        usedCredit,
        ...cancellationOutlook({ startsAt: booking.starts_at, now, usedCredit }),
        signupHref: `/signup/${booking.class_id}/${formatClsStartTime(scheduled)}?scheduleId=${booking.schedule_id}`,
        meetingUrl: booking.meeting_url,
      }
    })

  return {
    calendar,
    upcoming,
    memberships: loaded.memberships.map((membership) => ({ id: membership.id, name: membership.name, creditsText: creditsText(membership, language) })),
    cutOffText: cutOffText(),
  }
}

/** '7 of 10 credits left' for a card; null for memberships without credits. */
/** 'Mon 11/30/2026 07:00 AM' in the studio's date format; Turkish: 'Pzt 30 Kas 2026 07:00'. */
function whenText(startsAt: Date, tenant: Tenant, language: Language): string {
  const timeZone = tenant.settings.timezone
  if (language !== 'en') return formatPattern(startsAt, timeZone, 'ddd DD MMM YYYY HH:mm', language)
  return `${formatPattern(startsAt, timeZone, 'ddd')} ${formatInZone(startsAt, tenant.settings, 'date')} ${formatPattern(startsAt, timeZone, TIME_PATTERN)}`
}

export function creditsText(membership: Pick<HeldMembershipForBooking, 'membershipType' | 'creditsLeft' | 'creditsTotal'>, language: Language = 'en'): string | null {
  if (membership.membershipType !== 'card') return null
  const left = membership.creditsLeft ?? 0
  const total = membership.creditsTotal ?? left
  // Counted by the total: '1 of 1 credit left', '0 of 1 credit left', '3 of 10 credits left'.
  return tFor(language, 'portal')('creditsOf', { count: total, left, total })
}

/** The week shown: `?date=` (any day of it), else today. */
export function studentWeekQuery(search: URLSearchParams, tenant: Tenant, now: Date): CalendarQuery {
  const date = search.get('date')
  const today = dateInputValue(now, tenant.settings.timezone)
  return { view: 'week', date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) && addDays(date, 0) ? date : today, classId: null, teacherId: null }
}

