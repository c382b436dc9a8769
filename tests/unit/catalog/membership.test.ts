import { describe, expect, it } from 'vitest'
import { addMonthsClamped } from '#server/catalog/calendar-date'
import { BOOKING_REFUSAL_MESSAGES, cancellationReturnsCredit, chargeBooking, returnCredit, type BookingRefusal, type HeldMembership } from '#server/catalog/membership-credits'
import { coversStart, membershipExpiresOn, periodEndsOn } from '#server/catalog/membership-expiry'

const NY = 'America/New_York'

describe('months are added as people count them', () => {
  it.each([
    ['2026-01-31', 1, '2026-02-28'],
    ['2028-01-31', 1, '2028-02-29'],
    ['2026-03-31', 1, '2026-04-30'],
    ['2026-01-30', 1, '2026-02-28'],
    ['2026-01-15', 1, '2026-02-15'],
    ['2026-08-31', 6, '2027-02-28'],
    ['2026-12-31', 2, '2027-02-28'],
    ['2026-11-30', 3, '2027-02-28'],
    ['2028-02-29', 12, '2029-02-28'],
    ['2026-05-31', -1, '2026-04-30'],
  ])('%s plus %i months is %s', (date, months, expected) => {
    expect(addMonthsClamped(date, months)).toBe(expected)
  })

  it('refuses what is not a date', () => {
    expect(addMonthsClamped('2026-02-30', 1)).toBeNull()
    expect(addMonthsClamped('2026-01-31', 1.5)).toBeNull()
  })
})

describe("a membership's expiry after the tenant's itemExpiresAfter months", () => {
  it('expires on the same day of the month, or the last day of a shorter month', () => {
    expect(membershipExpiresOn('2026-01-31', 1)).toBe('2026-02-28')
    expect(membershipExpiresOn('2026-03-10', 12)).toBe('2027-03-10')
  })

  it('does not expire when the tenant has no expiry period', () => {
    expect(membershipExpiresOn('2026-01-31', null)).toBeNull()
    expect(membershipExpiresOn('2026-01-31', 0)).toBeNull()
  })

  it('covers a class that starts before the first moment of the expiry day in the tenant’s zone', () => {
    // 2026-02-28 00:00 in New York is 05:00 UTC.
    expect(coversStart('2026-02-28', new Date('2026-02-28T04:59:00Z'), NY)).toBe(true)
    expect(coversStart('2026-02-28', new Date('2026-02-28T05:00:00Z'), NY)).toBe(false)
    expect(coversStart(null, new Date('2099-01-01T00:00:00Z'), NY)).toBe(true)
  })

  it('a trial of days, months or years ends on the day its first billing falls', () => {
    expect(periodEndsOn('2026-03-05', 7, 'days')).toBe('2026-03-12')
    expect(periodEndsOn('2026-01-31', 1, 'months')).toBe('2026-02-28')
    expect(periodEndsOn('2028-02-29', 1, 'years')).toBe('2029-02-28')
    expect(periodEndsOn('2026-03-05', -1, 'days')).toBeNull()
  })
})

const refusal = (reason: BookingRefusal) => ({ ok: false, error: 'conflict', message: BOOKING_REFUSAL_MESSAGES[reason], details: { reason } })

describe('credits: one per class booking', () => {
  const card: HeldMembership = { membershipType: 'card', creditsLeft: 2, creditsTotal: 10, expiresOn: '2026-07-01', stopped: false }
  const june = new Date('2026-06-10T13:00:00Z')

  it('a booking uses one credit, down to zero and no further', () => {
    const first = chargeBooking(card, june, NY)
    if (!first.ok) throw new Error(first.message)
    expect([first.value.membership.creditsLeft, first.value.usedCredit]).toEqual([1, true])
    const second = chargeBooking(first.value.membership, june, NY)
    if (!second.ok) throw new Error(second.message)
    expect(second.value.membership.creditsLeft).toBe(0)
    expect(chargeBooking(second.value.membership, june, NY)).toEqual(refusal('no-credits'))
  })

  it('a class after the expiry day, or a stopped membership, does not book', () => {
    expect(chargeBooking(card, new Date('2026-07-01T12:00:00Z'), NY)).toEqual(refusal('expired'))
    expect(chargeBooking({ ...card, stopped: true }, june, NY)).toEqual(refusal('stopped'))
  })

  it('recurring and unlimited memberships book without credits', () => {
    const unlimited: HeldMembership = { membershipType: 'unlimited', creditsLeft: null, creditsTotal: null, expiresOn: null, stopped: false }
    const recurring: HeldMembership = { ...unlimited, membershipType: 'recurring' }
    for (const membership of [unlimited, recurring]) {
      for (let i = 0; i < 3; i++) expect(chargeBooking(membership, june, NY)).toEqual({ ok: true, value: { membership, usedCredit: false } })
    }
  })

  it('cancelling within the rules returns the credit, never above what was bought', () => {
    expect(returnCredit({ ...card, creditsLeft: 0 }).creditsLeft).toBe(1)
    expect(returnCredit({ ...card, creditsLeft: 10 }).creditsLeft).toBe(10)
    const unlimited: HeldMembership = { membershipType: 'unlimited', creditsLeft: null, creditsTotal: null, expiresOn: null, stopped: false }
    expect(returnCredit(unlimited)).toBe(unlimited)
  })

  it("a student's cancellation returns the credit only before the tenant's cut-off; the studio's always", () => {
    const startsAt = new Date('2026-06-10T13:00:00Z')
    const at = (iso: string, cancelBeforeMinutes: number, byStudio = false) => cancellationReturnsCredit({ startsAt, cancelledAt: new Date(iso), cancelBeforeMinutes, byStudio })
    expect(at('2026-06-09T13:00:00Z', 120)).toBe(true)
    expect(at('2026-06-10T11:00:00Z', 120)).toBe(true)
    expect(at('2026-06-10T11:00:01Z', 120)).toBe(false)
    expect(at('2026-06-10T12:59:00Z', 0)).toBe(true)
    expect(at('2026-06-10T13:00:00Z', 0)).toBe(false)
    expect(at('2026-06-10T14:00:00Z', 0, true)).toBe(true)
  })
})
