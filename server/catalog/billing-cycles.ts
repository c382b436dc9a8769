/**
 * How many further charges a recurring payment makes after the first, which checkout takes.
 * Spec 002 section 9: "Recurring donation limit '-1' means unlimited; otherwise billing cycles
 * are 12 times the years chosen, minus 1. Recurring membership billing cycles are
 * numberOfBillingCycles minus 1."
 */
export type BillingCycles = { kind: 'unlimited' } | { kind: 'limited'; cycles: number }

/** The donation limit that means "until cancelled". */
export const UNLIMITED_DONATION_LIMIT = '-1'

/** The most years a recurring donation can be limited to; the spec shows no choices, this keeps the count sane. */
export const MAX_DONATION_YEARS = 50

const WHOLE_NUMBER = /^\d{1,3}$/

/**
 * The billing cycles of a monthly recurring donation for the limit the donor chose: '-1'
 * (unlimited) or a number of years (1 year is 12 monthly payments: the first at checkout and
 * 11 cycles). Null for anything else, which a form reports as an invalid choice.
 */
export function donationBillingCycles(limit: string | number): BillingCycles | null {
  const text = String(limit).trim()
  if (text === UNLIMITED_DONATION_LIMIT) return { kind: 'unlimited' }
  if (!WHOLE_NUMBER.test(text)) return null
  const years = Number(text)
  if (years < 1 || years > MAX_DONATION_YEARS) return null
  return { kind: 'limited', cycles: 12 * years - 1 }
}

/**
 * The billing cycles of a recurring membership: numberOfBillingCycles minus 1 (the first is
 * paid at checkout). No number (null, or 0 as forms leave it) bills until the membership is
 * stopped by hand: "Billing ends after N billing cycles or by manual request". Null for a
 * count that is not a whole number of at least 0.
 */
export function membershipBillingCycles(numberOfBillingCycles: number | null): BillingCycles | null {
  if (numberOfBillingCycles === null || numberOfBillingCycles === 0) return { kind: 'unlimited' }
  if (!Number.isInteger(numberOfBillingCycles) || numberOfBillingCycles < 0) return null
  return { kind: 'limited', cycles: numberOfBillingCycles - 1 }
}
