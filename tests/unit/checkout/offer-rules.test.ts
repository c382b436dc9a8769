import { describe, expect, it } from 'vitest'
import { applyOffer, normaliseOfferCode, OFFER_MESSAGES as M, type OfferCartLine, type OfferRule } from '#server/checkout/offer-rules'

const now = new Date('2026-06-15T12:00:00Z')

function offer(overrides: Partial<OfferRule> = {}): OfferRule {
  return {
    code: 'SUMMER10',
    offerType: 'flat',
    discountType: 'amount',
    discountPercent: null,
    discountMinor: 500,
    primaryItemCategory: 'item',
    primaryItemGuid: null,
    status: 'ACTIVE',
    validFrom: null,
    validUntil: null,
    usageLimit: null,
    timesUsed: 0,
    ...overrides,
  }
}

const product: OfferCartLine = { itemGuid: 'prod-mat', category: 'product', amountDueMinor: 2000 }
const bundle: OfferCartLine = { itemGuid: 'bundle-starter', category: 'bundle', amountDueMinor: 3000 }
const course: OfferCartLine = { itemGuid: 'course-yoga-101', category: 'course', amountDueMinor: 5000 }
const yogaClass: OfferCartLine = { itemGuid: 'class-flow', category: 'class', amountDueMinor: 1500 }
const event: OfferCartLine = { itemGuid: 'event-retreat', category: 'event', amountDueMinor: 800 }
// A recurring membership with a trial: only the $25.00 registration fee is due now.
const membership: OfferCartLine = { itemGuid: 'mem-monthly', category: 'membership', amountDueMinor: 2500 }
const donation: OfferCartLine = { itemGuid: 'don-general', category: 'donation', amountDueMinor: 1000 }
const everything = [donation, product, bundle, course, yogaClass, event, membership]

const refused = (message: string) => ({ ok: false, error: 'invalid_input', message })
const applied = (lineIndex: number, discountMinor = 500) => ({ ok: true, value: { lineIndex, discountMinor } })

describe('which line an offer category applies to', () => {
  // Spec: "an offer applying to an item category is valid when the cart has a matching course
  // type, a matching product, or (for the generic item) always."
  it.each([
    ['item: the first line that is not a donation', 'item', [donation, product], applied(1)],
    ['item: a cart of only a donation', 'item', [donation], refused(M.notForThisItem)],
    ['item: a membership', 'item', [membership], applied(0)],
    ['product: a product', 'product', [yogaClass, product], applied(1)],
    ['product: a bundle is merchandise', 'product', [yogaClass, bundle], applied(1)],
    ['product: no merchandise in the cart', 'product', [yogaClass, membership, donation], refused(M.notForThisItem)],
    ['course: a course', 'course', [product, course], applied(1)],
    ['course: a class is a course type', 'course', [product, yogaClass], applied(1)],
    ['course: an event is a course type', 'course', [event], applied(0)],
    ['course: no course type in the cart', 'course', [product, membership], refused(M.notForThisItem)],
    ['membership: a membership', 'membership', [product, membership], applied(1)],
    ['membership: none in the cart', 'membership', [product, yogaClass], refused(M.notForThisItem)],
    ['account: paying a balance is never a cart line', 'account', everything, refused(M.notForThisItem)],
    ['an empty cart', 'item', [], refused(M.notForThisItem)],
  ] as const)('%s', (_name, primaryItemCategory, lines, expected) => {
    expect(applyOffer(offer({ primaryItemCategory }), lines, now)).toEqual(expected)
  })
})

describe('an offer for a specific item', () => {
  // Spec: "An offer for a specific course or product is valid when that id is in the cart."
  it.each([
    ['the course is in the cart', offer({ primaryItemCategory: 'course', primaryItemGuid: 'course-yoga-101' }), everything, applied(3)],
    ['the product is in the cart', offer({ primaryItemCategory: 'product', primaryItemGuid: 'prod-mat' }), [yogaClass, product], applied(1)],
    ['another line of the category is not enough', offer({ primaryItemCategory: 'course', primaryItemGuid: 'course-pilates' }), everything, refused(M.notForThisItem)],
  ])('%s', (_name, rule, lines, expected) => {
    expect(applyOffer(rule, lines, now)).toEqual(expected)
  })
})

describe('the discount', () => {
  it.each([
    // $20.00 less a $5.00 offer
    ['an amount', offer({ discountMinor: 500 }), [product], applied(0, 500)],
    ['an amount equal to the price makes it free', offer({ discountMinor: 2000 }), [product], applied(0, 2000)],
    // 15% of $19.99 = $2.9985, so $3.00
    ['a percentage, rounded to 2 decimals', offer({ discountType: 'percentage', discountPercent: 15, discountMinor: null }), [{ ...product, amountDueMinor: 1999 }], applied(0, 300)],
    // 12.5% of $10.04 = $1.255: a half, so $1.26
    ['a percentage on a half rounds up', offer({ discountType: 'percentage', discountPercent: 12.5, discountMinor: null }), [{ ...product, amountDueMinor: 1004 }], applied(0, 126)],
    ['100% is the whole amount', offer({ discountType: 'percentage', discountPercent: 100, discountMinor: null }), [product], applied(0, 2000)],
    // Spec: "A discount larger than the amount (price, or registration fees for a recurring
    // membership) is rejected with alert "Offer code '{code}' is invalid. Discount is greater than amount"."
    ['an amount above the price', offer({ discountMinor: 2001 }), [product], refused("Offer code 'SUMMER10' is invalid. Discount is greater than amount")],
    ['an amount above a membership’s registration fee', offer({ primaryItemCategory: 'membership', discountMinor: 3000 }), [membership], refused(M.greaterThanAmount('SUMMER10'))],
    ['the line the offer matched is the one compared', offer({ primaryItemCategory: 'course', discountMinor: 1000 }), [product, event], refused(M.greaterThanAmount('SUMMER10'))],
  ])('%s', (_name, rule, lines, expected) => {
    expect(applyOffer(rule, lines, now)).toEqual(expected)
  })

  it('quotes the code as the studio wrote it', () => {
    expect(applyOffer(offer({ code: 'Spring-25', discountMinor: 99_999 }), [product], now)).toEqual(refused("Offer code 'Spring-25' is invalid. Discount is greater than amount"))
  })

  it('a stored offer missing the field its discount type names is a bug, not a refusal', () => {
    expect(() => applyOffer(offer({ discountType: 'percentage', discountPercent: null }), [product], now)).toThrow(RangeError)
    expect(() => applyOffer(offer({ discountMinor: null }), [product], now)).toThrow(RangeError)
    expect(() => applyOffer(offer({ discountMinor: -1 }), [product], now)).toThrow(RangeError)
  })
})

describe('buy-first-and-get-other', () => {
  // Spec: "type buy-first-and-get-other is rejected with alert 'Not a valid code for this item'."
  it('is refused even when a line matches', () => {
    expect(applyOffer(offer({ offerType: 'buyFirstAndGetOther' }), [product], now)).toEqual(refused('Not a valid code for this item'))
  })
})

describe('status, dates and usage come first', () => {
  const day = 24 * 60 * 60 * 1000
  it.each([
    ['disabled', offer({ status: 'DISABLED' }), refused(M.notActive('SUMMER10'))],
    ['marked expired', offer({ status: 'EXPIRED' }), refused(M.expired('SUMMER10'))],
    ['before its first day', offer({ validFrom: new Date(now.getTime() + day) }), refused(M.notYetValid('SUMMER10'))],
    ['from its first instant', offer({ validFrom: now }), applied(0)],
    ['after its last instant', offer({ validUntil: new Date(now.getTime() - 1) }), refused(M.expired('SUMMER10'))],
    ['up to its last instant', offer({ validUntil: now }), applied(0)],
    ['inside its dates', offer({ validFrom: new Date(now.getTime() - day), validUntil: new Date(now.getTime() + day) }), applied(0)],
    ['used as often as allowed', offer({ usageLimit: 10, timesUsed: 10 }), refused(M.usedUp('SUMMER10'))],
    ['a limit of 0', offer({ usageLimit: 0 }), refused(M.usedUp('SUMMER10'))],
    ['one use left', offer({ usageLimit: 10, timesUsed: 9 }), applied(0)],
    ['no limit', offer({ usageLimit: null, timesUsed: 10_000 }), applied(0)],
    // Status is checked before the offer type, and both before the discount.
    ['disabled and buy-first-and-get-other', offer({ status: 'DISABLED', offerType: 'buyFirstAndGetOther' }), refused(M.notActive('SUMMER10'))],
    ['used up and too large', offer({ usageLimit: 1, timesUsed: 1, discountMinor: 99_999 }), refused(M.usedUp('SUMMER10'))],
  ])('%s', (_name, rule, expected) => {
    expect(applyOffer(rule, [product], now)).toEqual(expected)
  })
})

describe('messages and codes', () => {
  it.each([
    ['summer10', 'SUMMER10'],
    ['  Summer10 \t', 'SUMMER10'],
    ['SUMMER10', 'SUMMER10'],
    ['', ''],
  ])('%j is compared as %j', (text, expected) => {
    expect(normaliseOfferCode(text)).toBe(expected)
  })

  it('words every refusal plainly', () => {
    expect(M.notForThisItem).toBe('Not a valid code for this item')
    expect(M.unknown('X1')).toBe("Offer code 'X1' is not valid.")
    expect(M.notActive('X1')).toBe("Offer code 'X1' is no longer active.")
    expect(M.notYetValid('X1')).toBe("Offer code 'X1' is not valid yet.")
    expect(M.expired('X1')).toBe("Offer code 'X1' has expired.")
    expect(M.usedUp('X1')).toBe("Offer code 'X1' has been used up.")
  })
})
