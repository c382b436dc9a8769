import { describe, expect, it } from 'vitest'
import { donationBillingCycles, MAX_DONATION_YEARS, membershipBillingCycles } from '#server/catalog/billing-cycles'

describe("a recurring donation's billing cycles (spec 002 section 9)", () => {
  it.each([
    ['-1', { kind: 'unlimited' }],
    [-1, { kind: 'unlimited' }],
    ['1', { kind: 'limited', cycles: 11 }],
    [2, { kind: 'limited', cycles: 23 }],
    [' 5 ', { kind: 'limited', cycles: 59 }],
    [MAX_DONATION_YEARS, { kind: 'limited', cycles: 12 * MAX_DONATION_YEARS - 1 }],
  ])("limit %s gives %o: '-1' is unlimited, otherwise 12 times the years minus 1", (limit, cycles) => {
    expect(donationBillingCycles(limit)).toEqual(cycles)
  })

  it.each(['0', '-2', '1.5', 'two', '', '1e1', String(MAX_DONATION_YEARS + 1), '0x10'])('refuses %j', (limit) => {
    expect(donationBillingCycles(limit)).toBeNull()
  })
})

describe("a recurring membership's billing cycles", () => {
  it.each([
    [1, { kind: 'limited', cycles: 0 }],
    [12, { kind: 'limited', cycles: 11 }],
    [null, { kind: 'unlimited' }],
    [0, { kind: 'unlimited' }],
  ])('numberOfBillingCycles %s gives %o', (count, cycles) => {
    expect(membershipBillingCycles(count)).toEqual(cycles)
  })

  it.each([-1, 2.5, Number.NaN])('refuses %s', (count) => {
    expect(membershipBillingCycles(count)).toBeNull()
  })
})
