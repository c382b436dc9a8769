import { cancellationOutlook, cancelledMessage, membershipCovers, pickMembership, signupOffer, type HeldMembershipForBooking } from '#server/catalog/bookings/booking-rules'

const now = new Date('2026-11-24T12:00:00Z')
const start = new Date('2026-11-26T14:00:00Z')
const held = (overrides: Partial<HeldMembershipForBooking>): HeldMembershipForBooking => ({
  id: overrides.id ?? 'm',
  name: 'Pass',
  membershipType: 'card',
  status: 'active',
  creditsLeft: 5,
  creditsTotal: 10,
  expiresAt: null,
  trialEndsAt: null,
  ...overrides,
})

describe('which memberships book a class', () => {
  it.each([
    ['a card with credits', held({}), true],
    ['a card without credits', held({ creditsLeft: 0 }), false],
    ['unlimited', held({ membershipType: 'unlimited', creditsLeft: null, creditsTotal: null }), true],
    ['a running trial', held({ membershipType: 'recurring', status: 'trial', trialEndsAt: new Date('2026-11-30T00:00:00Z') }), true],
    ['a trial that ended', held({ membershipType: 'recurring', status: 'trial', trialEndsAt: new Date('2026-11-20T00:00:00Z') }), false],
    ['cancelled', held({ status: 'cancelled' }), false],
    ['expired', held({ status: 'expired' }), false],
    ['paused', held({ status: 'paused' }), false],
    ['expiring before the class starts', held({ expiresAt: new Date('2026-11-26T05:00:00Z') }), false],
    ['expiring after the class starts', held({ expiresAt: new Date('2026-11-27T05:00:00Z') }), true],
  ])('%s: %s', (_name, membership, covers) => {
    expect(membershipCovers(membership, start, now)).toBe(covers)
  })

  it('spends no credit when a membership without credits covers the class, and uses the card that expires first', () => {
    const card = held({ id: 'card', expiresAt: new Date('2027-01-01T00:00:00Z') })
    const soonerCard = held({ id: 'sooner', expiresAt: new Date('2026-12-15T00:00:00Z') })
    const unlimited = held({ id: 'unlimited', membershipType: 'unlimited', creditsLeft: null, creditsTotal: null })
    expect(pickMembership([card, unlimited, soonerCard], start, now)?.id).toBe('unlimited')
    expect(pickMembership([card, soonerCard], start, now)?.id).toBe('sooner')
    expect(pickMembership([held({ creditsLeft: 0 })], start, now)).toBeNull()
  })
})

describe('what the sign-up page offers', () => {
  const occurrence = { start, cancelled: false, spotsLeft: 3, paymentType: 'PAID' as const }
  const offer = (changes: Partial<Parameters<typeof signupOffer>[0]> = {}) =>
    signupOffer({ occurrence, now, alreadyBooked: false, memberships: [], isCheckoutAvailable: false, ...changes }).kind
  it.each([
    ['already booked', { alreadyBooked: true }, 'booked'],
    ['cancelled by the studio', { occurrence: { ...occurrence, cancelled: true } }, 'cancelled'],
    ['already started', { now: start }, 'past'],
    ['full', { occurrence: { ...occurrence, spotsLeft: 0 } }, 'full'],
    ['free', { occurrence: { ...occurrence, paymentType: 'FREE' as const } }, 'free'],
    ['sold elsewhere', { occurrence: { ...occurrence, paymentType: 'EXTERNAL' as const } }, 'external'],
    ['paid by a card', { memberships: [held({})] }, 'membership'],
    ['paid, checkout open', { isCheckoutAvailable: true }, 'checkout'],
    ['paid, no checkout yet', {}, 'contact-studio'],
  ])('%s', (_name, changes, kind) => {
    expect(offer(changes)).toBe(kind)
  })
})

describe('cancelling', () => {
  it.each([
    ['a day before', new Date('2026-11-25T14:00:00Z'), true, { canCancel: true, returnsCredit: true }],
    ['exactly at the two-hour cut-off', new Date('2026-11-26T12:00:00Z'), true, { canCancel: true, returnsCredit: true }],
    ['an hour before', new Date('2026-11-26T13:00:00Z'), true, { canCancel: true, returnsCredit: false }],
    ['a free booking an hour before', new Date('2026-11-26T13:00:00Z'), false, { canCancel: true, returnsCredit: false }],
    ['once started', start, true, { canCancel: false, returnsCredit: false }],
  ])('%s', (_name, at, usedCredit, outlook) => {
    expect(cancellationOutlook({ startsAt: start, now: at, usedCredit })).toEqual(outlook)
  })

  it('says what happened to the credit', () => {
    expect(cancelledMessage({ usedCredit: true, returnedCredit: true })).toBe('Booking cancelled. The credit is back on your class card.')
    expect(cancelledMessage({ usedCredit: true, returnedCredit: false })).toBe('Booking cancelled. It was less than 2 hours before the class, so the credit is used.')
    expect(cancelledMessage({ usedCredit: false, returnedCredit: false })).toBe('Booking cancelled.')
  })
})
