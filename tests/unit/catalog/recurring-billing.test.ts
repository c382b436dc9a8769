import { billingDates, firstBillingOn, nextBillingOn, type RecurringTerms } from '#server/catalog/recurring-billing'

const monthly: RecurringTerms = { frequency: 'monthly', billingDayOfMonth: null, isBillFromNextMonth: false, trial: null }

describe('the first billing of a recurring membership', () => {
  it('is the purchase day without a trial or a billing day', () => {
    expect(firstBillingOn('2026-11-24', monthly)).toEqual({ on: '2026-11-24', isAfterTrial: false })
  })

  it("is the trial's end, marked 'After Trial Period', with a trial", () => {
    expect(firstBillingOn('2026-11-24', { ...monthly, trial: { duration: 7, unit: 'days' } })).toEqual({ on: '2026-12-01', isAfterTrial: true })
    expect(firstBillingOn('2026-01-31', { ...monthly, trial: { duration: 1, unit: 'months' }, billingDayOfMonth: 5 })).toEqual({ on: '2026-02-28', isAfterTrial: true })
  })

  it('is the billing day this month while it is still ahead, else next month', () => {
    expect(firstBillingOn('2026-11-10', { ...monthly, billingDayOfMonth: 15 })?.on).toBe('2026-11-15')
    expect(firstBillingOn('2026-11-15', { ...monthly, billingDayOfMonth: 15 })?.on).toBe('2026-11-15')
    expect(firstBillingOn('2026-11-16', { ...monthly, billingDayOfMonth: 15 })?.on).toBe('2026-12-15')
    expect(firstBillingOn('2026-12-20', { ...monthly, billingDayOfMonth: 1 })?.on).toBe('2027-01-01')
  })

  it('is next month when the option bills from next month, on the month’s last day when it lacks the billing day', () => {
    expect(firstBillingOn('2026-11-10', { ...monthly, billingDayOfMonth: 15, isBillFromNextMonth: true })?.on).toBe('2026-12-15')
    expect(firstBillingOn('2027-01-10', { ...monthly, billingDayOfMonth: 31, isBillFromNextMonth: true })?.on).toBe('2027-02-28')
    expect(firstBillingOn('2028-01-10', { ...monthly, billingDayOfMonth: 30, isBillFromNextMonth: true })?.on).toBe('2028-02-29')
  })

  it('refuses a date that is not a calendar date', () => {
    expect(firstBillingOn('2026-02-30', monthly)).toBeNull()
  })
})

describe('the billings after the first', () => {
  it('move by a day, a week, or months by the frequency', () => {
    expect(nextBillingOn('2026-12-31', { frequency: 'daily', billingDayOfMonth: null })).toBe('2027-01-01')
    expect(nextBillingOn('2026-12-29', { frequency: 'weekly', billingDayOfMonth: null })).toBe('2027-01-05')
    expect(nextBillingOn('2026-11-15', { frequency: 'quarterly', billingDayOfMonth: null })).toBe('2027-02-15')
    expect(nextBillingOn('2026-11-15', { frequency: 'halfyearly', billingDayOfMonth: null })).toBe('2027-05-15')
    expect(nextBillingOn('2028-02-29', { frequency: 'yearly', billingDayOfMonth: null })).toBe('2029-02-28')
  })

  it('keep the day of the month instead of drifting after a short month', () => {
    expect(billingDates('2027-01-31', { frequency: 'monthly', billingDayOfMonth: null }, 4)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30'])
    expect(billingDates('2027-01-30', { frequency: 'monthly', billingDayOfMonth: 30 }, 3)).toEqual(['2027-01-30', '2027-02-28', '2027-03-30'])
  })
})
