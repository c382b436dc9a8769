import { zonedTimeToInstant } from '#server/dates/local-time'
import { addDays, addMonthsClamped } from './calendar-date'
import type { PeriodUnit } from './price-options'

/**
 * The first local day a card or unlimited membership bought on `purchasedOn` no longer
 * works, after the tenant's membership expiry period (itemExpiresAfter, "membership expiry
 * in months"). Months are counted as people count them: bought 2026-01-31 with 1 month, it
 * expires on 2026-02-28 (the month's last day, never 03-03). Null when the tenant has no
 * expiry period (not set, or 0): the membership does not expire.
 */
export function membershipExpiresOn(purchasedOn: string, itemExpiresAfter: number | null): string | null {
  if (itemExpiresAfter === null || itemExpiresAfter === 0) return null
  if (!Number.isInteger(itemExpiresAfter) || itemExpiresAfter < 0) throw new Error(`not a membership expiry period: ${itemExpiresAfter}`)
  const expires = addMonthsClamped(purchasedOn, itemExpiresAfter)
  if (expires === null) throw new Error(`not a purchase date: ${purchasedOn}`)
  return expires
}

/** The local day a period of days, months or years from `from` ends on (a trial's end: the first billing day after it). */
export function periodEndsOn(from: string, duration: number, unit: PeriodUnit): string | null {
  if (!Number.isInteger(duration) || duration < 0) return null
  if (unit === 'days') return addDays(from, duration)
  return addMonthsClamped(from, unit === 'months' ? duration : duration * 12)
}

/**
 * Whether a membership that expires on `expiresOn` (null: never) still covers something that
 * starts at `startsAt`: it works up to the first moment of that day in the tenant's zone.
 */
export function coversStart(expiresOn: string | null, startsAt: Date, timeZone: string): boolean {
  if (expiresOn === null) return true
  const end = zonedTimeToInstant(expiresOn, '00:00', timeZone)
  return end !== null && startsAt.getTime() < end.getTime()
}
