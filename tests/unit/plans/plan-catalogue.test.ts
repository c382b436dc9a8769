import { describe, expect, it } from 'vitest'
import {
  limitsOfPlan,
  paymentDateText,
  PLAN_IDS,
  planNameText,
  planPrice,
  planRegionOf,
  periodEnd,
  priceText,
  transactionStatusText,
  type PlanId,
} from '#server/plans/plan-catalogue'
import { planOptions } from '#server/plans/plan-options'

describe('the plan catalogue (settings spec 9)', () => {
  it('has the spec internal ids', () => {
    expect(PLAN_IDS).toEqual(['free_plan', 'organize_monthly_plan', 'organize_yearly_plan', 'expand_monthly_plan', 'expand_yearly_plan', 'leap_monthly_plan', 'leap_yearly_plan'])
  })

  it.each<[PlanId, number, number]>([
    ['free_plan', 0, 0],
    ['organize_monthly_plan', 2500, 294_500],
    ['expand_monthly_plan', 6500, 478_600],
    ['leap_monthly_plan', 12_900, 949_800],
    ['organize_yearly_plan', 30_000, 3_094_100],
    ['expand_yearly_plan', 66_000, 4_862_000],
    ['leap_yearly_plan', 132_000, 9_724_000],
  ])('%s costs %i cents in USD and %i paise in INR', (id, usd, inr) => {
    expect(planPrice(id, 'US')).toEqual({ amountMinor: usd, currency: 'USD' })
    expect(planPrice(id, 'IN')).toEqual({ amountMinor: inr, currency: 'INR' })
  })

  it.each([
    [{ country: 'India', defaultCurrency: 'USD' }, 'IN'],
    [{ country: 'United States', defaultCurrency: 'INR' }, 'IN'],
    [{ country: 'United States', defaultCurrency: 'USD' }, 'US'],
    [{ country: '', defaultCurrency: 'USD' }, 'US'],
  ])('a studio with %o pays in region %s', (settings, region) => {
    expect(planRegionOf(settings)).toBe(region)
  })

  it.each([
    [null, 'Free Plan'],
    ['', 'Free Plan'],
    ['organize_monthly_plan', 'organize monthly plan'],
    ['expand_yearly_plan', 'expand yearly plan'],
  ])('the plan name %o reads %s', (name, text) => {
    expect(planNameText(name)).toBe(text)
  })

  it.each([
    [null, { contacts: null, activeMembers: null, customDomain: true }],
    ['free_plan', { contacts: 100, activeMembers: 10, customDomain: false }],
    ['organize_yearly_plan', { contacts: 2000, activeMembers: 100, customDomain: false }],
    ['expand_monthly_plan', { contacts: 10_000, activeMembers: 250, customDomain: true }],
    ['leap_yearly_plan', { contacts: 50_000, activeMembers: null, customDomain: true }],
  ] as const)('%s limits a studio to %o', (id, limits) => {
    expect(limitsOfPlan(id)).toEqual(limits)
  })

  it.each([
    ['SETTLED', 'Completed'],
    ['FAILED', 'Failed'],
    ['EXPIRED', 'Failed'],
    [null, 'Failed'],
  ])('transaction status %o shows %s', (status, text) => {
    expect(transactionStatusText(status)).toBe(text)
  })

  it.each([
    [0, 'Jan 01, 1970'],
    [1_764_288_000, 'Nov 28, 2025'],
    // 23:59:59 UTC stays on its UTC day whatever the machine's zone.
    [1_767_225_599, 'Dec 31, 2025'],
  ])('epoch seconds %i read %s (MMM dd, YYYY in UTC)', (seconds, text) => {
    expect(paymentDateText(seconds)).toBe(text)
  })

  it.each([
    [2500, 'USD', '$25'],
    [3_094_100, 'INR', '₹30,941'],
    [1999, 'USD', '$19.99'],
  ])('%i minor units of %s read %s', (minor, currency, text) => {
    expect(priceText(minor, currency)).toBe(text)
  })

  it('a period ends a calendar month or year later, the 31st on the month end', () => {
    expect(periodEnd(new Date('2026-01-31T10:00:00Z'), 'monthly').toISOString()).toBe('2026-02-28T10:00:00.000Z')
    expect(periodEnd(new Date('2026-03-15T00:00:00Z'), 'monthly').toISOString()).toBe('2026-04-15T00:00:00.000Z')
    expect(periodEnd(new Date('2028-02-29T00:00:00Z'), 'yearly').toISOString()).toBe('2029-02-28T00:00:00.000Z')
  })

  it('the upgrade list flags the current plan, Free for a studio without one, and sends Leap to Contact Us', () => {
    const yearly = planOptions('yearly', 'IN', 'organize_yearly_plan')
    expect(yearly.map((option) => [option.name, option.price, option.isCurrentPlan, option.contactUs])).toEqual([
      ['Free', '₹0', false, false],
      ['Organize', '₹30,941', true, false],
      ['Growth', '₹48,620', false, false],
      ['Leap', '₹97,240', false, true],
    ])
    expect(planOptions('monthly', 'US', null).find((option) => option.isCurrentPlan)?.planName).toBe('free_plan')
    expect(planOptions('monthly', 'US', null).find((option) => option.tier === 'expand')?.features).toContain('Custom domains')
  })
})
