import type { DatabaseHandle } from '#db/connection'
import { withTenant } from '#db/tenant-scope'
import { spotsText } from '#server/catalog/schedule/public-calendar-page'
import { LONG_DATE_PATTERNS, TIME_PATTERNS } from '#server/dates/date-formats'
import { formatPattern } from '#server/dates/date-pattern'
import type { Language } from '#server/i18n/languages'
import { isPublicPathAvailable } from '#server/navigation/available-paths'
import { CHECKOUT_TAKES } from '#server/checkout/sold-online'
import { DROP_IN_PRICE_NAME } from '#server/catalog/classes/save-class'
import { moneyText } from '#server/catalog/public/price-text'
import { signupPathFor } from '#server/shell/landing-path'
import type { Tenant } from '#server/tenancy/tenant'
import { signupOffer, type SignupOffer } from './booking-rules'
import type { FoundOccurrence } from './find-class-occurrence'
import { selectBookingMemberships } from './held-memberships'
import { isBookedInto } from './book-class'
import { creditsText } from './student-classes-page'

/** The class sign-up page's facts, text ready. */
export interface SignupSummary {
  className: string
  summary: string
  /** 'Monday, November 30, 2026'; '30 Kasım 2026 Pazartesi' */
  dateText: string
  /** '07:00 AM - 08:00 AM'; '07:00 - 08:00' */
  timeText: string
  startIso: string
  teacherName: string | null
  roomName: string | null
  spotsText: string | null
  /** This page's own address, the way back after signing in (the pending event). */
  signupPath: string
  /** The occurrence as the checkout's drop-in form posts it. */
  dropIn: { classId: string; clsStartTime: string }
  externalLink: string | null
}

/** What the signed-in student is offered, text ready (no Dates: loader data is JSON). */
export type StudentSignupOffer =
  | Exclude<SignupOffer, { kind: 'membership' | 'checkout' }>
  | { kind: 'membership'; membershipName: string; creditsText: string | null; usesCredit: boolean }
  /** Pay for this one class at checkout: its drop-in price ('$15.00'). */
  | { kind: 'checkout'; dropInPriceText: string }

export function signupSummaryOf(tenant: Tenant, found: FoundOccurrence, language: Language = 'en'): SignupSummary {
  const { occurrence, item } = found
  const timeZone = tenant.settings.timezone
  const time = (at: Date) => formatPattern(at, timeZone, TIME_PATTERNS[language], language)
  return {
    className: item.name,
    summary: item.summary,
    dateText: formatPattern(occurrence.start, timeZone, LONG_DATE_PATTERNS[language], language),
    timeText: `${time(occurrence.start)} - ${time(occurrence.end)}`,
    startIso: occurrence.start.toISOString(),
    teacherName: occurrence.teacherName,
    roomName: tenant.settings.isShowRoomName ? occurrence.roomName : null,
    spotsText: occurrence.cancelled ? null : spotsText(occurrence.spotsLeft, language),
    signupPath: signupPathFor({ classId: occurrence.classId, clsStartTime: occurrence.clsStartTime, scheduleId: occurrence.scheduleId }),
    dropIn: { classId: occurrence.classId, clsStartTime: occurrence.clsStartTime },
    externalLink: item.paymentType === 'EXTERNAL' ? item.externalLink : null,
  }
}

/** What the sign-up page offers this student for this occurrence now. */
export async function studentSignupOffer(
  database: DatabaseHandle,
  input: { tenantId: string; contactId: string; found: FoundOccurrence; now: Date; takesCards: boolean; language?: Language },
): Promise<StudentSignupOffer> {
  const { occurrence, item } = input.found
  const language = input.language ?? 'en'
  const { memberships, booked, dropIn } = await withTenant(database, input.tenantId, async (trx) => ({
    memberships: await selectBookingMemberships(trx, input.contactId),
    booked: await isBookedInto(trx, input.contactId, { scheduleId: occurrence.scheduleId, date: occurrenceDateOf(occurrence.clsStartTime) }),
    dropIn:
      item.paymentType === 'PAID'
        ? await trx
            .selectFrom('item_price_options')
            .select(['price_minor', 'discount_minor', 'currency'])
            .where('item_id', '=', item.id)
            .where('name', '=', DROP_IN_PRICE_NAME)
            .where('is_archived', '=', false)
            .executeTakeFirst()
        : undefined,
  }))
  const offer = signupOffer({
    occurrence: { start: occurrence.start, cancelled: occurrence.cancelled, spotsLeft: occurrence.spotsLeft, paymentType: item.paymentType },
    now: input.now,
    alreadyBooked: booked,
    memberships,
    isCheckoutAvailable: isPublicPathAvailable('/checkout') && CHECKOUT_TAKES.classDropIns && input.takesCards && dropIn !== undefined,
  })
  if (offer.kind === 'checkout') {
    return { kind: 'checkout', dropInPriceText: dropIn ? moneyText(Math.max(0, dropIn.price_minor - dropIn.discount_minor), dropIn.currency, language) : '' }
  }
  if (offer.kind !== 'membership') return offer
  return {
    kind: 'membership',
    membershipName: offer.membership.name,
    creditsText: creditsText(offer.membership, language),
    usesCredit: offer.membership.membershipType === 'card',
  }
}

// '20260309T090000' names the local date 2026-03-09.
function occurrenceDateOf(clsStartTime: string): string {
  return `${clsStartTime.slice(0, 4)}-${clsStartTime.slice(4, 6)}-${clsStartTime.slice(6, 8)}`
}
