import type { BillingFrequency } from '#db/tables/catalog'
import { nextBillingOn } from '#server/catalog/recurring-billing'

/** Days after a period's due day on which a refused charge is tried again (dunning); after the last, the membership is suspended. */
export const RETRY_AFTER_DAYS = [1, 3, 7] as const

/** A retry that falls in the past (the job ran late) waits at least this long, so retries never follow each other at once. */
const LEAST_RETRY_WAIT_MS = 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000

/** What a failed charge leads to: another try at `retryAt`, or suspension after the last. */
export type AfterFailure = { kind: 'retry'; retryAt: Date; failedCharges: number } | { kind: 'suspend'; failedCharges: number }

/**
 * What follows the `failedCharges`-th refused charge of a period due at `dueAt`: tries on days
 * 1, 3 and 7 after the due day, then suspension (issue: "retries on days 1, 3 and 7, then the
 * membership is suspended").
 */
export function afterFailedCharge(dueAt: Date, failedCharges: number, now: Date): AfterFailure {
  const wait = RETRY_AFTER_DAYS[failedCharges - 1]
  if (wait === undefined) return { kind: 'suspend', failedCharges }
  const planned = dueAt.getTime() + wait * DAY_MS
  return { kind: 'retry', retryAt: new Date(Math.max(planned, now.getTime() + LEAST_RETRY_WAIT_MS)), failedCharges }
}

/** The terms a held recurring membership bills on (copied from its option at purchase). */
export interface HeldBillingTerms {
  frequency: BillingFrequency
  billingDayOfMonth: number | null
  /** 'YYYY-MM-DD': the first billing, whose day month-based periods keep. */
  firstBillingOn: string
  /** Charges still to make after this one is paid; null until cancelled. */
  cyclesLeft: number | null
}

/** Where a membership stands once the period due on `periodOn` is paid. */
export type AfterPaidPeriod =
  /** The next period is due on `nextOn`. */
  | { kind: 'next'; nextOn: string; cyclesLeft: number | null }
  /** The last charge is made: the membership runs until `endsOn` and bills no more. */
  | { kind: 'last'; endsOn: string }

/**
 * The billing after a paid period: the next due day (month-based frequencies keep the
 * membership's day, so billed on the 31st it is 28 February, then 31 March), or the end of the
 * membership when its billing cycles are used up (spec: "Billing ends after N billing cycles or
 * by manual request"). Null for terms no date can follow (a malformed date).
 */
export function afterPaidPeriod(periodOn: string, terms: HeldBillingTerms): AfterPaidPeriod | null {
  const nextOn = nextBillingOn(periodOn, terms, terms.firstBillingOn)
  if (nextOn === null) return null
  if (terms.cyclesLeft === null) return { kind: 'next', nextOn, cyclesLeft: null }
  const cyclesLeft = terms.cyclesLeft - 1
  return cyclesLeft <= 0 ? { kind: 'last', endsOn: nextOn } : { kind: 'next', nextOn, cyclesLeft }
}
