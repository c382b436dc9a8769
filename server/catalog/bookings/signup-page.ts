import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { spotsText } from '#server/catalog/schedule/public-calendar-page'
import { LONG_DATE_PATTERN, TIME_PATTERN } from '#server/dates/date-formats'
import { formatPattern } from '#server/dates/date-pattern'
import { isPublicPathAvailable } from '#server/navigation/available-paths'
import { CHECKOUT_TAKES } from '#server/checkout/sold-online'
import { signupPathFor } from '#server/shell/landing-path'
import type { Tenant } from '#server/tenancy/tenant'
import { signupOffer, type SignupOffer } from './booking-rules'
import type { FoundOccurrence } from './find-class-occurrence'
import { selectBookingMemberships } from './held-memberships'
import { creditsText } from './student-classes-page'

/** The class sign-up page's facts, text ready. */
export interface SignupSummary {
  className: string
  summary: string
  /** 'Monday, November 30, 2026' */
  dateText: string
  /** '07:00 AM - 08:00 AM' */
  timeText: string
  startIso: string
  teacherName: string | null
  roomName: string | null
  spotsText: string | null
  /** This page's own address, the way back after signing in (the pending event). */
  signupPath: string
  /** Where paying at checkout starts, with the event parameters (used once checkout exists). */
  checkoutHref: string
  externalLink: string | null
}

/** What the signed-in student is offered, text ready (no Dates: loader data is JSON). */
export type StudentSignupOffer =
  | Exclude<SignupOffer, { kind: 'membership' }>
  | { kind: 'membership'; membershipName: string; creditsText: string | null; usesCredit: boolean }

export function signupSummaryOf(tenant: Tenant, found: FoundOccurrence): SignupSummary {
  const { occurrence, item } = found
  const timeZone = tenant.settings.timezone
  return {
    className: item.name,
    summary: item.summary,
    dateText: formatPattern(occurrence.start, timeZone, LONG_DATE_PATTERN),
    timeText: `${formatPattern(occurrence.start, timeZone, TIME_PATTERN)} - ${formatPattern(occurrence.end, timeZone, TIME_PATTERN)}`,
    startIso: occurrence.start.toISOString(),
    teacherName: occurrence.teacherName,
    roomName: tenant.settings.isShowRoomName ? occurrence.roomName : null,
    spotsText: occurrence.cancelled ? null : spotsText(occurrence.spotsLeft),
    signupPath: signupPathFor({ classId: occurrence.classId, clsStartTime: occurrence.clsStartTime, scheduleId: occurrence.scheduleId }),
    checkoutHref: `/checkout?${new URLSearchParams({ classId: occurrence.classId, clsStartTime: occurrence.clsStartTime, scheduleId: occurrence.scheduleId }).toString()}`,
    externalLink: item.paymentType === 'EXTERNAL' ? item.externalLink : null,
  }
}

/** What the sign-up page offers this student for this occurrence now. */
export async function studentSignupOffer(
  database: DatabaseHandle,
  input: { tenantId: string; contactId: string; found: FoundOccurrence; now: Date },
): Promise<StudentSignupOffer> {
  const { occurrence, item } = input.found
  const { memberships, booked } = await withTenant(database, input.tenantId, async (trx) => ({
    memberships: await selectBookingMemberships(trx, input.contactId),
    booked: await trx
      .selectFrom('class_bookings')
      .innerJoin('class_occurrences', 'class_occurrences.id', 'class_bookings.occurrence_id')
      .select('class_bookings.id')
      .where('class_bookings.contact_id', '=', input.contactId)
      .where('class_bookings.status', '<>', 'cancelled')
      .where('class_occurrences.schedule_id', '=', occurrence.scheduleId)
      .where('class_occurrences.occurrence_date', '=', occurrenceDateOf(occurrence.clsStartTime))
      .executeTakeFirst(),
  }))
  const offer = signupOffer({
    occurrence: { start: occurrence.start, cancelled: occurrence.cancelled, spotsLeft: occurrence.spotsLeft, paymentType: item.paymentType },
    now: input.now,
    alreadyBooked: booked !== undefined,
    memberships,
    isCheckoutAvailable: isPublicPathAvailable('/checkout') && CHECKOUT_TAKES.classDropIns,
  })
  if (offer.kind !== 'membership') return offer
  return {
    kind: 'membership',
    membershipName: offer.membership.name,
    creditsText: creditsText(offer.membership),
    usesCredit: offer.membership.membershipType === 'card',
  }
}

// '20260309T090000' names the local date 2026-03-09.
function occurrenceDateOf(clsStartTime: string): string {
  return `${clsStartTime.slice(0, 4)}-${clsStartTime.slice(4, 6)}-${clsStartTime.slice(6, 8)}`
}
