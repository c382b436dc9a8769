import type { BillingFrequency, PeriodUnit } from '#db/tables/catalog'
import { membershipBillingCycles } from '#server/catalog/billing-cycles'
import { firstBillingOn } from '#server/catalog/recurring-billing'
import { afterPaidPeriod } from './billing-schedule'

/** A recurring option's terms as a sale reads them. */
export interface RecurringOptionTerms {
  frequency: BillingFrequency
  billingDayOfMonth: number | null
  isBillFromNextMonth: boolean
  numberOfBillingCycles: number | null
  trial: { duration: number; unit: PeriodUnit } | null
}

/** How a recurring membership bought on a day starts billing. */
export interface StartingBilling {
  /** The day the trial ends, or null without one. */
  trialEndsOn: string | null
  /** The first day the schedule charges; null when nothing is left to charge. */
  nextBillingOn: string | null
  /** Charges the schedule still makes; null until cancelled. */
  cyclesLeft: number | null
  /** The day month-based periods keep. */
  firstBillingOn: string
  /** The day the membership ends when checkout paid its only period; else null. */
  endsOn: string | null
}

/**
 * Where billing starts for a recurring membership bought on `purchasedOn` (spec 002 section 4
 * and section 9). When checkout takes the first period, the schedule charges the
 * numberOfBillingCycles minus 1 that follow, from the next period on. With a trial or a later
 * billing day nothing of a period is paid at checkout, so the schedule charges every cycle from
 * the first billing day. No number of cycles bills until cancelled.
 */
export function startingBilling(purchasedOn: string, terms: RecurringOptionTerms, firstPeriodPaidNow: boolean): StartingBilling | null {
  const first = firstBillingOn(purchasedOn, terms)
  const cycles = membershipBillingCycles(terms.numberOfBillingCycles)
  if (first === null || cycles === null) return null
  const trialEndsOn = first.isAfterTrial ? first.on : null
  if (!firstPeriodPaidNow) {
    const all = cycles.kind === 'limited' ? cycles.cycles + 1 : null
    return { trialEndsOn, nextBillingOn: first.on, cyclesLeft: all, firstBillingOn: first.on, endsOn: null }
  }
  // The period paid at checkout counts as billed: what follows is the schedule's.
  const after = afterPaidPeriod(first.on, { ...terms, firstBillingOn: first.on, cyclesLeft: cycles.kind === 'limited' ? cycles.cycles + 1 : null })
  if (after === null) return null
  return after.kind === 'last'
    ? { trialEndsOn, nextBillingOn: null, cyclesLeft: 0, firstBillingOn: first.on, endsOn: after.endsOn }
    : { trialEndsOn, nextBillingOn: after.nextOn, cyclesLeft: after.cyclesLeft, firstBillingOn: first.on, endsOn: null }
}
