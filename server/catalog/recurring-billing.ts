import { addDays, addMonthsClamped, daysInMonth, pad2, parseCalendarDate } from './calendar-date'
import { periodEndsOn } from './membership-expiry'
import type { BillingFrequency, PeriodUnit } from './price-options'

/** What a recurring membership's billing needs from its price option. */
export interface RecurringTerms {
  frequency: BillingFrequency
  /** 1-31, or null: no set day. A day a month lacks is that month's last day. */
  billingDayOfMonth: number | null
  isBillFromNextMonth: boolean
  trial: { duration: number; unit: PeriodUnit } | null
}

/** The spec's words for the first charge after a trial. */
export const AFTER_TRIAL_PERIOD = 'After Trial Period'

/**
 * When a recurring membership bought on `purchasedOn` is first billed (spec 002 section 4:
 * "a trial period leads to 'After Trial Period' for the next billing; otherwise billing is on a
 * set day of the month or today"):
 * - with a trial, the day the trial ends;
 * - with a billing day, that day this month, or next month when it has passed or when the
 *   option bills from next month;
 * - otherwise the purchase day itself.
 * Null for a date that is not a calendar date.
 */
export function firstBillingOn(purchasedOn: string, terms: RecurringTerms): { on: string; isAfterTrial: boolean } | null {
  if (parseCalendarDate(purchasedOn) === null) return null
  if (terms.trial && terms.trial.duration > 0) {
    const on = periodEndsOn(purchasedOn, terms.trial.duration, terms.trial.unit)
    return on === null ? null : { on, isAfterTrial: true }
  }
  if (terms.billingDayOfMonth === null) return { on: purchasedOn, isAfterTrial: false }
  const [year, month, day] = purchasedOn.split('-').map(Number) as [number, number, number]
  const thisMonth = dayOfMonth(year, month, terms.billingDayOfMonth)
  const billsThisMonth = !terms.isBillFromNextMonth && Number(thisMonth.slice(8)) >= day
  if (billsThisMonth) return { on: thisMonth, isAfterTrial: false }
  const next = month === 12 ? { year: year + 1, month: 1 } : { year, month: month + 1 }
  return { on: dayOfMonth(next.year, next.month, terms.billingDayOfMonth), isAfterTrial: false }
}

const MONTHS_OF: Partial<Record<BillingFrequency, number>> = { monthly: 1, quarterly: 3, halfyearly: 6, yearly: 12 }

/**
 * The billing after the one on `billedOn`. Month-based frequencies keep the membership's day
 * (its billing day, else the day of its first billing) rather than drifting: billed on the 31st,
 * then 28 February, then 31 March.
 */
export function nextBillingOn(billedOn: string, terms: Pick<RecurringTerms, 'frequency' | 'billingDayOfMonth'>, firstBilledOn: string = billedOn): string | null {
  if (terms.frequency === 'daily') return addDays(billedOn, 1)
  if (terms.frequency === 'weekly') return addDays(billedOn, 7)
  const months = MONTHS_OF[terms.frequency]
  if (months === undefined || parseCalendarDate(billedOn) === null || parseCalendarDate(firstBilledOn) === null) return null
  const moved = addMonthsClamped(billedOn, months)
  if (moved === null) return null
  const anchorDay = terms.billingDayOfMonth ?? Number(firstBilledOn.slice(8))
  const [year, month] = moved.split('-').map(Number) as [number, number]
  return dayOfMonth(year, month, anchorDay)
}

/** The billing dates of a membership from its first: `count` of them (for a schedule shown to the buyer). */
export function billingDates(firstOn: string, terms: Pick<RecurringTerms, 'frequency' | 'billingDayOfMonth'>, count: number): string[] {
  const dates: string[] = []
  let current: string | null = firstOn
  while (current !== null && dates.length < count) {
    dates.push(current)
    current = nextBillingOn(current, terms, firstOn)
  }
  return dates
}

function dayOfMonth(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(Math.min(day, daysInMonth(year, month)))}`
}
