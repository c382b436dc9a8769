import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { MAX_AMOUNT_MINOR } from '#server/catalog/money'
import { percentOfMinor, priceCart, priceLine, type LineInput, type PricingRates } from '#server/checkout/pricing'

// Spec: "Pricing: percent amounts rounded to 2 decimals; card-fee and tax percentages apply to
// price; tax also applies to price plus card fees."

const rates: PricingRates = { cardFeePercent: 2.9, taxPercent: 8.875 }

function line(overrides: Partial<LineInput> = {}): LineInput {
  return {
    unitPriceMinor: 10000,
    unitDiscountMinor: 0,
    quantity: 1,
    isTaxable: true,
    isChargeCardFees: true,
    offerDiscountMinor: 0,
    recurring: null,
    ...overrides,
  }
}

describe('percentOfMinor: a percent of an amount, to a whole minor unit', () => {
  it.each([
    // $10.05 at 2.9% = 29.145 cents: 29
    [1005, 2.9, 29],
    // 50 cents at 1% = 0.5 cents: a half rounds up, 1
    [50, 1, 1],
    [49, 1, 0],
    [150, 1, 2],
    // 2.5 rounds to 3, not to the even 2
    [250, 1, 3],
    [10000, 2.9, 290],
    // $102.90 at 8.875% = 913.2375 cents: 913
    [10290, 8.875, 913],
    [0, 50, 0],
    [12345, 0, 0],
    [12345, 100, 12345],
    // The largest amounts stay exact: 9,999,999,999 × 8.875% = 887,499,999.91125
    [MAX_AMOUNT_MINOR, 8.875, 887_500_000],
    [MAX_AMOUNT_MINOR - 1, 8.875, 887_500_000],
    [MAX_AMOUNT_MINOR, 0.001, 100_000],
    [MAX_AMOUNT_MINOR, 100, MAX_AMOUNT_MINOR],
    // A zero-digit currency (JPY) is already in whole units, so the rule is the same:
    // ¥1,500 at 8% = ¥120; ¥1,234 at 10% = ¥123.4, so ¥123
    [1500, 8, 120],
    [1234, 10, 123],
  ])('%d at %d%% is %d', (amountMinor, percent, expected) => {
    expect(percentOfMinor(amountMinor, percent)).toBe(expected)
  })

  // Each is a true half that floats compute a hair below (3000 × 4.35 / 100 = 130.49999999999997),
  // so Math.round on the float would round it down.
  it.each([
    [3000, 4.35, 131],
    [3000, 1.15, 35],
    [5500, 0.7, 39],
    [10000, 1.005, 101],
    [6000, 0.575, 35],
    [3000, 2.55, 77],
  ])('a true half is never lost to float residue: %d at %d%% is %d', (amountMinor, percent, expected) => {
    expect(percentOfMinor(amountMinor, percent)).toBe(expected)
  })

  it.each([
    [-1, 10],
    [10.5, 10],
    [Number.NaN, 10],
    [Number.MAX_SAFE_INTEGER + 1, 10],
    [100, -0.001],
    [100, 100.001],
    [100, Number.NaN],
    [100, Number.POSITIVE_INFINITY],
  ])('refuses %d at %d%% as a programming error', (amountMinor, percent) => {
    expect(() => percentOfMinor(amountMinor, percent)).toThrow(RangeError)
  })

  it('is within half a minor unit of the exact share', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_AMOUNT_MINOR }), fc.integer({ min: 0, max: 100_000 }), (amountMinor, thousandths) => {
        const result = percentOfMinor(amountMinor, thousandths / 1000)
        // Compared in thousandths of a minor unit, in BigInt: result × 100,000 against amount × thousandths.
        const gap = BigInt(result) * 100_000n - BigInt(amountMinor) * BigInt(thousandths)
        expect(gap >= -50_000n && gap <= 50_000n).toBe(true)
      }),
    )
  })
})

describe('priceLine: a one-time line', () => {
  it.each([
    [
      // $100.00 at 2.9% card fees = $2.90; tax 8.875% on $102.90 = $9.13 (9.132375 rounds to 9.13); total $112.03
      'card fees and tax on $100.00',
      line(),
      { priceMinor: 10000, discountMinor: 0, cardFeesMinor: 290, taxMinor: 913, totalMinor: 11203, subscription: null },
    ],
    [
      // ($49.99 − $5.00) × 2 = $89.98; tax 8.875% = $7.985725, so $7.99; total $97.97
      'tax only, on an item discount times the quantity',
      line({ unitPriceMinor: 4999, unitDiscountMinor: 500, quantity: 2, isChargeCardFees: false }),
      { priceMinor: 8998, discountMinor: 0, cardFeesMinor: 0, taxMinor: 799, totalMinor: 9797, subscription: null },
    ],
    [
      // $89.98 at 2.9% = $2.60942, so $2.61; total $92.59
      'card fees only',
      line({ unitPriceMinor: 4999, unitDiscountMinor: 500, quantity: 2, isTaxable: false }),
      { priceMinor: 8998, discountMinor: 0, cardFeesMinor: 261, taxMinor: 0, totalMinor: 9259, subscription: null },
    ],
    ['neither: the price is the total', line({ isTaxable: false, isChargeCardFees: false }), { priceMinor: 10000, discountMinor: 0, cardFeesMinor: 0, taxMinor: 0, totalMinor: 10000, subscription: null }],
    [
      // $100.00 less a $10.00 offer = $90.00; card fees $2.61; tax 8.875% on $92.61 = $8.2191375, so $8.22; total $100.83
      'an offer discount comes off before fees and tax',
      line({ offerDiscountMinor: 1000 }),
      { priceMinor: 10000, discountMinor: 1000, cardFeesMinor: 261, taxMinor: 822, totalMinor: 10083, subscription: null },
    ],
    [
      // A $8.00 offer on a $5.00 item takes $5.00: nothing is left to charge fees or tax on
      'an offer bigger than the price takes only the price',
      line({ unitPriceMinor: 500, offerDiscountMinor: 800 }),
      { priceMinor: 500, discountMinor: 500, cardFeesMinor: 0, taxMinor: 0, totalMinor: 0, subscription: null },
    ],
    ['a free item costs nothing', line({ unitPriceMinor: 0 }), { priceMinor: 0, discountMinor: 0, cardFeesMinor: 0, taxMinor: 0, totalMinor: 0, subscription: null }],
    [
      // Zero-digit currency (JPY), rates 3.6% and 10%: ¥1,500 × 3 = ¥4,500; fees ¥162; tax 10% on ¥4,662 = ¥466.2, so ¥466; total ¥5,128
      'a zero-digit currency follows the same rule',
      line({ unitPriceMinor: 1500, quantity: 3 }),
      { priceMinor: 4500, discountMinor: 0, cardFeesMinor: 162, taxMinor: 466, totalMinor: 5128, subscription: null },
      { cardFeePercent: 3.6, taxPercent: 10 },
    ],
  ])('%s', (_name, input, expected, lineRates = rates) => {
    expect(priceLine(input, lineRates)).toEqual(expected)
  })
})

describe('priceLine: a recurring membership', () => {
  const period = { amountMinor: 9900, cardFeesMinor: 287, taxMinor: 904, totalMinor: 11091 }
  // Each later period: $99.00; card fees 2.9% = $2.871, so $2.87; tax 8.875% on $101.87 = $9.0409625, so $9.04; total $110.91

  it.each([
    [
      // $25.00 registration + $99.00 first period = $124.00; fees $3.596, so $3.60; tax on $127.60 = $11.3245, so $11.32; total $138.92
      'registration fee and first period due now',
      line({ recurring: { periodPriceMinor: 9900, registrationFeeMinor: 2500, firstPeriodDueNow: true } }),
      { priceMinor: 12400, discountMinor: 0, cardFeesMinor: 360, taxMinor: 1132, totalMinor: 13892, subscription: period },
    ],
    [
      // A trial: only the $25.00 fee now; fees $0.725, so $0.73 (a half, rounded up); tax on $25.73 = $2.2835375, so $2.28; total $28.01
      'a trial: only the registration fee is due now',
      line({ recurring: { periodPriceMinor: 9900, registrationFeeMinor: 2500, firstPeriodDueNow: false } }),
      { priceMinor: 2500, discountMinor: 0, cardFeesMinor: 73, taxMinor: 228, totalMinor: 2801, subscription: period },
    ],
    [
      'no registration fee: the first period is due now',
      line({ recurring: { periodPriceMinor: 9900, registrationFeeMinor: 0, firstPeriodDueNow: true } }),
      { priceMinor: 9900, discountMinor: 0, cardFeesMinor: 287, taxMinor: 904, totalMinor: 11091, subscription: period },
    ],
    [
      'an offer waives the fee now; later periods are charged in full',
      line({ offerDiscountMinor: 2500, recurring: { periodPriceMinor: 9900, registrationFeeMinor: 2500, firstPeriodDueNow: false } }),
      { priceMinor: 2500, discountMinor: 2500, cardFeesMinor: 0, taxMinor: 0, totalMinor: 0, subscription: period },
    ],
    [
      'untaxed, no card fees',
      line({ isTaxable: false, isChargeCardFees: false, recurring: { periodPriceMinor: 9900, registrationFeeMinor: 2500, firstPeriodDueNow: true } }),
      { priceMinor: 12400, discountMinor: 0, cardFeesMinor: 0, taxMinor: 0, totalMinor: 12400, subscription: { amountMinor: 9900, cardFeesMinor: 0, taxMinor: 0, totalMinor: 9900 } },
    ],
  ])('%s', (_name, input, expected) => {
    expect(priceLine(input, rates)).toEqual(expected)
  })

  it('ignores the unit price fields: the period price is what it bills', () => {
    const priced = priceLine(line({ unitPriceMinor: 1, recurring: { periodPriceMinor: 9900, registrationFeeMinor: 0, firstPeriodDueNow: true } }), rates)
    expect(priced.priceMinor).toBe(9900)
  })
})

describe('priceLine refuses inputs that callers should have checked', () => {
  const recurring = { periodPriceMinor: 9900, registrationFeeMinor: 2500, firstPeriodDueNow: true }
  it.each([
    ['a negative price', line({ unitPriceMinor: -1 }), rates],
    ['a fractional price', line({ unitPriceMinor: 10.5 }), rates],
    ['a price above the largest amount', line({ unitPriceMinor: MAX_AMOUNT_MINOR + 1 }), rates],
    ['a negative item discount', line({ unitDiscountMinor: -1 }), rates],
    ['an item discount above the price', line({ unitPriceMinor: 100, unitDiscountMinor: 101 }), rates],
    ['a negative offer discount', line({ offerDiscountMinor: -1 }), rates],
    ['a fractional offer discount', line({ offerDiscountMinor: 0.5 }), rates],
    ['quantity 0', line({ quantity: 0 }), rates],
    ['quantity 10', line({ quantity: 10 }), rates],
    ['quantity 1.5', line({ quantity: 1.5 }), rates],
    ['a recurring line of quantity 2', line({ quantity: 2, recurring }), rates],
    ['a negative registration fee', line({ recurring: { ...recurring, registrationFeeMinor: -1 } }), rates],
    ['a fractional period price', line({ recurring: { ...recurring, periodPriceMinor: 99.5 } }), rates],
    ['a negative card fee rate', line(), { cardFeePercent: -1, taxPercent: 8 }],
    ['a tax rate above 100', line(), { cardFeePercent: 2.9, taxPercent: 100.5 }],
    ['a rate that is not a number', line(), { cardFeePercent: Number.NaN, taxPercent: 8 }],
  ])('%s', (_name, input, lineRates) => {
    expect(() => priceLine(input, lineRates)).toThrow(RangeError)
  })

  it('checks the rates even for a line that takes neither', () => {
    expect(() => priceLine(line({ isTaxable: false, isChargeCardFees: false }), { cardFeePercent: 101, taxPercent: 0 })).toThrow(RangeError)
  })
})

describe('priceCart', () => {
  it('sums the lines; the subtotal is before offer discounts', () => {
    const { lines, totals } = priceCart(
      [
        line(),
        line({ unitPriceMinor: 4999, unitDiscountMinor: 500, quantity: 2, isChargeCardFees: false, offerDiscountMinor: 998 }),
        line({ recurring: { periodPriceMinor: 9900, registrationFeeMinor: 2500, firstPeriodDueNow: false } }),
      ],
      rates,
    )
    // Line 2: $89.98 less $9.98 = $80.00; tax 8.875% = $7.10; total $87.10
    expect(lines.map((priced) => priced.totalMinor)).toEqual([11203, 8710, 2801])
    expect(totals).toEqual({
      subtotalMinor: 10000 + 8998 + 2500,
      discountMinor: 998,
      cardFeesMinor: 290 + 0 + 73,
      taxMinor: 913 + 710 + 228,
      totalMinor: 11203 + 8710 + 2801,
    })
  })

  it('an empty cart costs nothing', () => {
    expect(priceCart([], rates)).toEqual({ lines: [], totals: { subtotalMinor: 0, discountMinor: 0, cardFeesMinor: 0, taxMinor: 0, totalMinor: 0 } })
  })

  it('for any inputs: total = price − discount + fees + tax, and nothing is negative', () => {
    const oneTime = fc
      .record({
        unitPriceMinor: fc.integer({ min: 0, max: MAX_AMOUNT_MINOR }),
        discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
        quantity: fc.integer({ min: 1, max: 9 }),
        isTaxable: fc.boolean(),
        isChargeCardFees: fc.boolean(),
        offerDiscountMinor: fc.integer({ min: 0, max: 2 * MAX_AMOUNT_MINOR }),
      })
      .map(({ discountShare, ...rest }): LineInput => ({ ...rest, unitDiscountMinor: Math.floor(rest.unitPriceMinor * discountShare), recurring: null }))
    const recurring = fc
      .record({
        isTaxable: fc.boolean(),
        isChargeCardFees: fc.boolean(),
        offerDiscountMinor: fc.integer({ min: 0, max: 2 * MAX_AMOUNT_MINOR }),
        periodPriceMinor: fc.integer({ min: 0, max: MAX_AMOUNT_MINOR }),
        registrationFeeMinor: fc.integer({ min: 0, max: MAX_AMOUNT_MINOR }),
        firstPeriodDueNow: fc.boolean(),
      })
      .map(({ periodPriceMinor, registrationFeeMinor, firstPeriodDueNow, ...rest }): LineInput => ({
        ...rest,
        unitPriceMinor: 0,
        unitDiscountMinor: 0,
        quantity: 1,
        recurring: { periodPriceMinor, registrationFeeMinor, firstPeriodDueNow },
      }))
    const percent = fc.integer({ min: 0, max: 100_000 }).map((thousandths) => thousandths / 1000)

    fc.assert(
      fc.property(fc.array(fc.oneof(oneTime, recurring), { maxLength: 6 }), percent, percent, (input, cardFeePercent, taxPercent) => {
        const { lines, totals } = priceCart(input, { cardFeePercent, taxPercent })
        for (const priced of [...lines, totals]) {
          const price = 'priceMinor' in priced ? priced.priceMinor : priced.subtotalMinor
          expect(priced.totalMinor).toBe(price - priced.discountMinor + priced.cardFeesMinor + priced.taxMinor)
          for (const amount of [price, priced.discountMinor, priced.cardFeesMinor, priced.taxMinor, priced.totalMinor]) {
            expect(Number.isSafeInteger(amount) && amount >= 0).toBe(true)
          }
          expect(priced.discountMinor).toBeLessThanOrEqual(price)
        }
        for (const priced of lines) {
          if (priced.subscription) expect(priced.subscription.totalMinor).toBe(priced.subscription.amountMinor + priced.subscription.cardFeesMinor + priced.subscription.taxMinor)
        }
      }),
    )
  })
})
