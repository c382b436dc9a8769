import { afterFailedCharge, afterPaidPeriod, RETRY_AFTER_DAYS } from '#server/memberships/billing-schedule'
import { startingBilling, type RecurringOptionTerms } from '#server/memberships/starting-billing'

const DAY = 24 * 60 * 60 * 1000
const due = new Date('2027-01-31T05:00:00Z')

describe('dunning after a refused charge', () => {
  it('tries again on days 1, 3 and 7 after the due day, then suspends', () => {
    expect(RETRY_AFTER_DAYS).toEqual([1, 3, 7])
    const now = new Date(due.getTime() + 60_000)
    expect(afterFailedCharge(due, 1, now)).toEqual({ kind: 'retry', retryAt: new Date(due.getTime() + DAY), failedCharges: 1 })
    expect(afterFailedCharge(due, 2, new Date(due.getTime() + DAY))).toEqual({ kind: 'retry', retryAt: new Date(due.getTime() + 3 * DAY), failedCharges: 2 })
    expect(afterFailedCharge(due, 3, new Date(due.getTime() + 3 * DAY))).toEqual({ kind: 'retry', retryAt: new Date(due.getTime() + 7 * DAY), failedCharges: 3 })
    expect(afterFailedCharge(due, 4, new Date(due.getTime() + 7 * DAY))).toEqual({ kind: 'suspend', failedCharges: 4 })
  })

  it('a retry that would fall in the past (billing ran late) waits an hour rather than following at once', () => {
    const late = new Date(due.getTime() + 5 * DAY)
    const after = afterFailedCharge(due, 1, late)
    expect(after).toEqual({ kind: 'retry', retryAt: new Date(late.getTime() + 60 * 60 * 1000), failedCharges: 1 })
  })
})

describe('the billing after a paid period', () => {
  const monthly = { frequency: 'monthly' as const, billingDayOfMonth: null }

  it('keeps the day of the first billing across short months', () => {
    const terms = { ...monthly, firstBillingOn: '2027-01-31', cyclesLeft: null }
    expect(afterPaidPeriod('2027-01-31', terms)).toEqual({ kind: 'next', nextOn: '2027-02-28', cyclesLeft: null })
    expect(afterPaidPeriod('2027-02-28', terms)).toEqual({ kind: 'next', nextOn: '2027-03-31', cyclesLeft: null })
    // A leap year's February has its 29th.
    expect(afterPaidPeriod('2028-01-31', { ...terms, firstBillingOn: '2028-01-31' })).toEqual({ kind: 'next', nextOn: '2028-02-29', cyclesLeft: null })
  })

  it("bills on the option's day of the month, the last day when a month lacks it", () => {
    const terms = { frequency: 'monthly' as const, billingDayOfMonth: 31, firstBillingOn: '2027-03-31', cyclesLeft: null }
    expect(afterPaidPeriod('2027-03-31', terms)).toEqual({ kind: 'next', nextOn: '2027-04-30', cyclesLeft: null })
    expect(afterPaidPeriod('2027-04-30', terms)).toEqual({ kind: 'next', nextOn: '2027-05-31', cyclesLeft: null })
  })

  it('weekly, quarterly and yearly periods', () => {
    expect(afterPaidPeriod('2027-12-29', { frequency: 'weekly', billingDayOfMonth: null, firstBillingOn: '2027-12-29', cyclesLeft: null })).toEqual({
      kind: 'next',
      nextOn: '2028-01-05',
      cyclesLeft: null,
    })
    expect(afterPaidPeriod('2027-11-30', { frequency: 'quarterly', billingDayOfMonth: null, firstBillingOn: '2027-11-30', cyclesLeft: null })).toEqual({
      kind: 'next',
      nextOn: '2028-02-29',
      cyclesLeft: null,
    })
    expect(afterPaidPeriod('2028-02-29', { frequency: 'yearly', billingDayOfMonth: null, firstBillingOn: '2028-02-29', cyclesLeft: null })).toEqual({
      kind: 'next',
      nextOn: '2029-02-28',
      cyclesLeft: null,
    })
  })

  it('counts the cycles down and ends the membership on the day the last paid period runs out', () => {
    const terms = { ...monthly, firstBillingOn: '2027-01-15' }
    expect(afterPaidPeriod('2027-01-15', { ...terms, cyclesLeft: 3 })).toEqual({ kind: 'next', nextOn: '2027-02-15', cyclesLeft: 2 })
    expect(afterPaidPeriod('2027-02-15', { ...terms, cyclesLeft: 1 })).toEqual({ kind: 'last', endsOn: '2027-03-15' })
  })

  it('answers null for a date that is not one', () => {
    expect(afterPaidPeriod('2027-02-30', { ...monthly, firstBillingOn: '2027-02-30', cyclesLeft: null })).toBeNull()
  })
})

describe('where billing starts for a membership bought today', () => {
  const plain: RecurringOptionTerms = { frequency: 'monthly', billingDayOfMonth: null, isBillFromNextMonth: false, numberOfBillingCycles: null, trial: null }

  it('checkout pays the first period; the schedule bills from the next, until cancelled', () => {
    expect(startingBilling('2027-01-31', plain, true)).toEqual({ trialEndsOn: null, nextBillingOn: '2027-02-28', cyclesLeft: null, firstBillingOn: '2027-01-31', endsOn: null })
  })

  it('numberOfBillingCycles minus 1 are left to the schedule when checkout paid the first (spec 002 section 9)', () => {
    expect(startingBilling('2027-01-10', { ...plain, numberOfBillingCycles: 12 }, true)).toMatchObject({ nextBillingOn: '2027-02-10', cyclesLeft: 11 })
    // One cycle in all: checkout paid it, nothing is billed, the membership ends after its month.
    expect(startingBilling('2027-01-10', { ...plain, numberOfBillingCycles: 1 }, true)).toEqual({
      trialEndsOn: null,
      nextBillingOn: null,
      cyclesLeft: 0,
      firstBillingOn: '2027-01-10',
      endsOn: '2027-02-10',
    })
  })

  it('a trial bills every cycle from the day it ends', () => {
    const trial: RecurringOptionTerms = { ...plain, numberOfBillingCycles: 6, trial: { duration: 7, unit: 'days' } }
    expect(startingBilling('2027-01-28', trial, false)).toEqual({ trialEndsOn: '2027-02-04', nextBillingOn: '2027-02-04', cyclesLeft: 6, firstBillingOn: '2027-02-04', endsOn: null })
  })

  it('a billing day later this month (or next month) is the first billing', () => {
    expect(startingBilling('2027-01-10', { ...plain, billingDayOfMonth: 15 }, false)).toMatchObject({ trialEndsOn: null, nextBillingOn: '2027-01-15', firstBillingOn: '2027-01-15' })
    expect(startingBilling('2027-01-20', { ...plain, billingDayOfMonth: 15 }, false)).toMatchObject({ nextBillingOn: '2027-02-15' })
    expect(startingBilling('2027-01-10', { ...plain, billingDayOfMonth: 15, isBillFromNextMonth: true }, false)).toMatchObject({ nextBillingOn: '2027-02-15' })
  })
})
