import { cardPriceText, eventStateOf, placesLeftText, priceOf } from '#server/catalog/public/item-views'
import type { EventDetailsRow, PublicItemRow, PublicPriceRow } from '#server/catalog/public/public-item-rows'
import { moneyText } from '#server/catalog/public/price-text'

const now = new Date('2026-12-01T12:00:00Z')
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000)

const event = (changes: Partial<EventDetailsRow>): EventDetailsRow => ({
  itemId: 'e1',
  startsAt: hours(48),
  endsAt: hours(50),
  timeZone: 'America/New_York',
  capacity: 30,
  registeredCount: 10,
  registrationClosesAt: null,
  venueName: null,
  addressLine1: null,
  addressLine2: null,
  city: null,
  state: null,
  zip: null,
  country: null,
  ...changes,
})

describe('eventStateOf', () => {
  it.each([
    { name: 'open with places left', changes: {}, state: 'open' },
    { name: 'open without a limit', changes: { capacity: null, registeredCount: 500 }, state: 'open' },
    { name: 'full at capacity', changes: { registeredCount: 30 }, state: 'full' },
    { name: 'closed once registration closes', changes: { registrationClosesAt: hours(-1) }, state: 'closed' },
    { name: 'open until the closing moment', changes: { registrationClosesAt: hours(1) }, state: 'open' },
    { name: 'closed once it has started', changes: { startsAt: hours(-1) }, state: 'closed' },
    { name: 'ended after its end, even when full', changes: { startsAt: hours(-3), endsAt: hours(-1), registeredCount: 30 }, state: 'ended' },
    { name: 'closed before full when both hold', changes: { registrationClosesAt: hours(-1), registeredCount: 30 }, state: 'closed' },
  ])('is $state when $name', ({ changes, state }) => {
    expect(eventStateOf(event(changes), now)).toBe(state)
  })

  it.each([
    { capacity: 30, registeredCount: 10, text: '20 places left' },
    { capacity: 30, registeredCount: 29, text: '1 place left' },
    { capacity: 30, registeredCount: 30, text: null },
    { capacity: null, registeredCount: 3, text: null },
  ])('says $text with $registeredCount of $capacity taken', ({ capacity, registeredCount, text }) => {
    expect(placesLeftText(event({ capacity, registeredCount }))).toBe(text)
  })
})

describe('prices', () => {
  const option = (changes: Partial<PublicPriceRow>): PublicPriceRow => ({
    itemId: 'i1',
    guid: 'p1',
    name: 'Ticket',
    priceMinor: 4500,
    currency: 'USD',
    discountMinor: 0,
    isOtherPrice: false,
    otherPriceMinor: null,
    maxQuantity: 4,
    registrationFeeMinor: 0,
    membershipType: null,
    frequency: null,
    ...changes,
  })
  const item = { paymentType: 'PAID' } as PublicItemRow

  it('writes amounts in their currency', () => {
    expect(moneyText(4500, 'USD')).toBe('$45.00')
    expect(moneyText(250000, 'INR')).toBe('₹2,500.00')
    expect(moneyText(500, 'JPY')).toBe('¥500')
  })

  it('takes the discount off, marks recurring prices and keeps quantities within 1-9', () => {
    expect(priceOf(option({ discountMinor: 500 })).priceText).toBe('$40.00')
    expect(priceOf(option({ membershipType: 'recurring', frequency: 'monthly', priceMinor: 42000 })).priceText).toBe('$420.00 / month')
    expect(priceOf(option({ maxQuantity: 40 })).maxQuantity).toBe(9)
    expect(priceOf(option({ priceMinor: 0 })).priceText).toBe('Free')
    expect(priceOf(option({ isOtherPrice: true, otherPriceMinor: 1000 })).minimumText).toBe('$10.00')
  })

  it('offers online only what costs nothing until payments are connected', () => {
    expect(priceOf(option({})).isSoldOnline).toBe(false)
    expect(priceOf(option({ priceMinor: 0 })).isSoldOnline).toBe(true)
    expect(priceOf(option({ priceMinor: 500, discountMinor: 500 })).isSoldOnline).toBe(true)
    expect(priceOf(option({ priceMinor: 0, registrationFeeMinor: 1000 })).isSoldOnline).toBe(false)
    expect(priceOf(option({ priceMinor: 0, isOtherPrice: true, otherPriceMinor: 0 })).isSoldOnline).toBe(false)
  })

  it('shows one price on a card, or the lowest with From when options differ', () => {
    expect(cardPriceText(item, [priceOf(option({}))])).toBe('$45.00')
    expect(cardPriceText(item, [priceOf(option({})), priceOf(option({ guid: 'p2', priceMinor: 3500 }))])).toBe('From $35.00')
    expect(cardPriceText({ paymentType: 'FREE' } as PublicItemRow, [])).toBe('Free')
  })
})
