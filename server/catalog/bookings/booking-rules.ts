import { cancellationReturnsCredit } from '#server/catalog/membership-credits'
import type { HeldMembershipStatus, ItemPaymentType, MembershipType } from '#db/tables/catalog'

/**
 * The pure rules of booking a class (decision 109): which of a student's memberships pays for
 * an occurrence, what the sign-up page offers, and what cancelling does.
 */

/** A membership a student holds, as booking reads it from contact_memberships. */
export interface HeldMembershipForBooking {
  id: string
  name: string
  membershipType: MembershipType
  status: HeldMembershipStatus
  creditsLeft: number | null
  creditsTotal: number | null
  expiresAt: Date | null
  trialEndsAt: Date | null
}

/**
 * The student's cut-off for cancelling with the credit back, in minutes before the class. The
 * spec leaves the rule to the tenant and no setting holds it yet; until one does, every studio
 * gets this (decision 109). Cancelling later is still allowed, until the class starts.
 */
export const STUDENT_CANCEL_CUTOFF_MINUTES = 120

export const BOOKING_MESSAGES = {
  full: 'Sorry, this class is full.',
  past: 'This class has already started, so it can no longer be booked.',
  cancelled: 'This class has been cancelled by the studio.',
  alreadyBooked: 'You are already booked into this class.',
  noMembership: 'You need a class pass or membership to book this class.',
  noCredits: 'Your class card has no credits left.',
  contactStudio: 'Online payment is not available yet. Please contact the studio to book this class.',
  notFound: 'That booking was not found.',
  cancelStarted: 'This class has already started, so the booking can no longer be cancelled.',
  chooseBook: 'Choose Book this class to book.',
} as const

/** "Course enrolled successfully" in the spec's words, for a class. */
export function bookedMessage(className: string): string {
  return `${className} booked successfully`
}

/** Whether a held membership pays for a class starting at `startsAt`, booked at `now`. */
export function membershipCovers(membership: HeldMembershipForBooking, startsAt: Date, now: Date): boolean {
  if (membership.status === 'trial') {
    if (membership.trialEndsAt !== null && membership.trialEndsAt.getTime() <= now.getTime()) return false
  } else if (membership.status !== 'active') {
    return false
  }
  if (membership.expiresAt !== null && membership.expiresAt.getTime() <= startsAt.getTime()) return false
  if (membership.membershipType === 'card') return (membership.creditsLeft ?? 0) > 0
  return true
}

/**
 * The membership that pays for the booking: one that books without credits (unlimited,
 * recurring, a running trial) before a card, so no credit is spent needlessly; among cards the
 * one that expires first. Null when none covers the class.
 */
export function pickMembership(held: readonly HeldMembershipForBooking[], startsAt: Date, now: Date): HeldMembershipForBooking | null {
  const usable = held.filter((membership) => membershipCovers(membership, startsAt, now))
  usable.sort((a, b) => {
    const cardOrder = Number(a.membershipType === 'card') - Number(b.membershipType === 'card')
    if (cardOrder !== 0) return cardOrder
    const aEnds = a.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY
    const bEnds = b.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY
    return aEnds - bEnds || a.id.localeCompare(b.id)
  })
  return usable[0] ?? null
}

/** An occurrence as the sign-up page sees it. */
export interface SignupOccurrence {
  start: Date
  cancelled: boolean
  /** Null: no limit. */
  spotsLeft: number | null
  paymentType: ItemPaymentType
}

/**
 * What the sign-up page offers a signed-in student:
 * - booked: they already hold a place; past / cancelled / full: nothing to book;
 * - free: a free class, booked at once; membership: paid by the named membership;
 * - checkout: pay at checkout (only once checkout exists); contact-studio: no way to pay online;
 * - external: the studio sells this class elsewhere.
 */
export type SignupOffer =
  | { kind: 'booked' }
  | { kind: 'past' }
  | { kind: 'cancelled' }
  | { kind: 'full' }
  | { kind: 'free' }
  | { kind: 'membership'; membership: HeldMembershipForBooking }
  | { kind: 'checkout' }
  | { kind: 'contact-studio' }
  | { kind: 'external' }

export function signupOffer(input: {
  occurrence: SignupOccurrence
  now: Date
  alreadyBooked: boolean
  memberships: readonly HeldMembershipForBooking[]
  isCheckoutAvailable: boolean
}): SignupOffer {
  const { occurrence, now } = input
  if (input.alreadyBooked) return { kind: 'booked' }
  if (occurrence.cancelled) return { kind: 'cancelled' }
  if (occurrence.start.getTime() <= now.getTime()) return { kind: 'past' }
  if (occurrence.spotsLeft !== null && occurrence.spotsLeft <= 0) return { kind: 'full' }
  if (occurrence.paymentType === 'FREE') return { kind: 'free' }
  if (occurrence.paymentType === 'EXTERNAL') return { kind: 'external' }
  const membership = pickMembership(input.memberships, occurrence.start, now)
  if (membership) return { kind: 'membership', membership }
  return input.isCheckoutAvailable ? { kind: 'checkout' } : { kind: 'contact-studio' }
}

/** What cancelling a booking now does: allowed until the class starts; the credit comes back before the cut-off. */
export function cancellationOutlook(input: { startsAt: Date; now: Date; usedCredit: boolean; cutOffMinutes?: number }): { canCancel: boolean; returnsCredit: boolean } {
  if (input.now.getTime() >= input.startsAt.getTime()) return { canCancel: false, returnsCredit: false }
  const cancelBeforeMinutes = input.cutOffMinutes ?? STUDENT_CANCEL_CUTOFF_MINUTES
  const inTime = cancellationReturnsCredit({ startsAt: input.startsAt, cancelledAt: input.now, cancelBeforeMinutes, byStudio: false })
  return { canCancel: true, returnsCredit: input.usedCredit && inTime }
}

/** What the student reads after cancelling. */
export function cancelledMessage(outcome: { usedCredit: boolean; returnedCredit: boolean }): string {
  if (!outcome.usedCredit) return 'Booking cancelled.'
  if (outcome.returnedCredit) return 'Booking cancelled. The credit is back on your class card.'
  return `Booking cancelled. It was less than ${cutOffText()} before the class, so the credit is used.`
}

/** '2 hours', the cut-off in words. */
export function cutOffText(minutes: number = STUDENT_CANCEL_CUTOFF_MINUTES): string {
  if (minutes % 60 === 0) return minutes === 60 ? '1 hour' : `${minutes / 60} hours`
  return `${minutes} minutes`
}
