import { err, ok, type WordedResult } from '#server/errors/result'
import { coversStart } from './membership-expiry'
import type { MembershipType } from './price-options'

/**
 * A student's membership as class bookings see it. A card pays for one class booking per
 * credit; recurring and unlimited memberships book without credits while they run.
 */
export interface HeldMembership {
  membershipType: MembershipType
  /** Credits left on a card; null for recurring and unlimited. */
  creditsLeft: number | null
  /** Credits the card was bought with: a returned credit never takes it above. */
  creditsTotal: number | null
  /** The first local day it no longer works (membershipExpiresOn); null: never. */
  expiresOn: string | null
  /** A recurring membership stopped by hand or after its last billing cycle no longer books. */
  stopped: boolean
}

export type BookingRefusal = 'expired' | 'stopped' | 'no-credits'

/** What the student reads when a membership cannot pay for the class. */
export const BOOKING_REFUSAL_MESSAGES: Readonly<Record<BookingRefusal, string>> = {
  expired: 'This membership has expired by the time the class starts.',
  stopped: 'This membership has been stopped.',
  'no-credits': 'This class card has no credits left.',
}

export type BookingCharge = WordedResult<{ membership: HeldMembership; usedCredit: boolean }, 'conflict', { reason: BookingRefusal }>

const refused = (reason: BookingRefusal): BookingCharge => err('conflict', BOOKING_REFUSAL_MESSAGES[reason], { reason })

/**
 * Books one class occurrence starting at `startsAt` (tenant zone `timeZone`) on a membership:
 * a card gives up one credit, never going below zero; a membership that has expired by the
 * class's start, or is stopped, does not book.
 */
export function chargeBooking(membership: HeldMembership, startsAt: Date, timeZone: string): BookingCharge {
  if (membership.stopped) return refused('stopped')
  if (!coversStart(membership.expiresOn, startsAt, timeZone)) return refused('expired')
  if (membership.membershipType !== 'card') return ok({ membership, usedCredit: false })
  const left = membership.creditsLeft ?? 0
  if (left < 1) return refused('no-credits')
  return ok({ membership: { ...membership, creditsLeft: left - 1 }, usedCredit: true })
}

/**
 * Whether cancelling a booking gives its credit back: always when the studio cancels the
 * occurrence; when the student cancels, only up to `cancelBeforeMinutes` before the start
 * (the tenant's rule; 0 means until it starts). Once the class has started it is used.
 */
export function cancellationReturnsCredit(options: { startsAt: Date; cancelledAt: Date; cancelBeforeMinutes: number; byStudio: boolean }): boolean {
  if (options.byStudio) return true
  const cutOff = options.startsAt.getTime() - Math.max(0, options.cancelBeforeMinutes) * 60_000
  return options.cancelledAt.getTime() <= cutOff && options.cancelledAt.getTime() < options.startsAt.getTime()
}

/** The membership after a booking that used a credit is cancelled within the rules: one credit back, never above what was bought. */
export function returnCredit(membership: HeldMembership): HeldMembership {
  if (membership.membershipType !== 'card') return membership
  const left = (membership.creditsLeft ?? 0) + 1
  return { ...membership, creditsLeft: membership.creditsTotal === null ? left : Math.min(left, membership.creditsTotal) }
}
