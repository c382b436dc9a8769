import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { InvoiceLineType } from '#db/tables/checkout'
import { splitByItemType, type ItemTypeWeight } from '#server/reports/item-type-split'

const lines = (...pairs: Array<[InvoiceLineType, number]>): ItemTypeWeight[] => pairs.map(([itemType, totalMinor]) => ({ itemType, totalMinor }))

describe('splitByItemType: a payment split across the item types of its invoice', () => {
  it.each([
    // One type takes everything.
    ['one type', 5000, lines(['course', 5000]), [['course', 5000]]],
    // Exact proportions need no rounding: $30 of a $100 + $50 sale.
    [
      'exact thirds',
      3000,
      lines(['course', 10000], ['product', 5000]),
      [
        ['course', 2000],
        ['product', 1000],
      ],
    ],
    // 100 cents over three equal lines: 33.33 each, the one cent left goes to the first listed.
    [
      'a cent left over',
      100,
      lines(['course', 1000], ['class', 1000], ['event', 1000]),
      [
        ['course', 34],
        ['class', 33],
        ['event', 33],
      ],
    ],
    // 200 cents over three equal lines: two cents left, to the first two.
    [
      'two cents left over',
      200,
      lines(['course', 1000], ['class', 1000], ['event', 1000]),
      [
        ['course', 67],
        ['class', 67],
        ['event', 66],
      ],
    ],
    // The largest fraction gets the cent, not the first type: 10 over 1:2 gives 3.33 and 6.67.
    [
      'largest remainder wins',
      10,
      lines(['course', 100], ['product', 200]),
      [
        ['course', 3],
        ['product', 7],
      ],
    ],
    // Lines of one type are weighed together (product 300, course 200), in the order the type was first listed.
    [
      'one type on two lines',
      900,
      lines(['product', 100], ['course', 200], ['product', 200]),
      [
        ['product', 540],
        ['course', 360],
      ],
    ],
    // A free line takes nothing.
    [
      'a free line',
      1800,
      lines(['course', 1800], ['donation', 0]),
      [
        ['course', 1800],
        ['donation', 0],
      ],
    ],
    // Every line free (a trial): the types share equally.
    [
      'all free',
      5,
      lines(['membership', 0], ['product', 0]),
      [
        ['membership', 3],
        ['product', 2],
      ],
    ],
    // No lines at all: staff's own words.
    ['no lines', 700, lines(), [['custom', 700]]],
    // A refund splits the same way, negative.
    [
      'a refund',
      -100,
      lines(['course', 1000], ['class', 1000], ['event', 1000]),
      [
        ['course', -34],
        ['class', -33],
        ['event', -33],
      ],
    ],
    [
      'nothing',
      0,
      lines(['course', 1000], ['class', 500]),
      [
        ['course', 0],
        ['class', 0],
      ],
    ],
  ] as const)('%s', (_name, amount, weights, expected) => {
    expect(splitByItemType(amount, weights).map((part) => [part.itemType, part.amountMinor])).toEqual(expected)
  })

  it('never gives -0 for an empty share of a refund', () => {
    const parts = splitByItemType(-1, lines(['course', 1000], ['class', 1]))
    expect(Object.is(parts[1]?.amountMinor, 0)).toBe(true)
  })

  it('stays exact where amount × weight passes 2^53', () => {
    const parts = splitByItemType(9_999_999_999, lines(['course', 9_999_999_999], ['product', 1]))
    expect(parts.map((part) => part.amountMinor)).toEqual([9_999_999_998, 1])
  })

  it('refuses a fraction of a minor unit', () => {
    expect(() => splitByItemType(10.5, lines(['course', 100]))).toThrow(RangeError)
  })

  it('always adds up to the amount, each part within one unit of its exact share', () => {
    const itemType = fc.constantFrom<InvoiceLineType>('course', 'class', 'event', 'product', 'bundle', 'donation', 'membership', 'custom')
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000_000, max: 10_000_000_000 }),
        fc.array(fc.record({ itemType, totalMinor: fc.integer({ min: 0, max: 10_000_000_000 }) }), { minLength: 1, maxLength: 12 }),
        (amount, weights) => {
          const parts = splitByItemType(amount, weights)
          expect(parts.reduce((sum, part) => sum + part.amountMinor, 0)).toBe(amount)
          const byType = new Map<InvoiceLineType, number>()
          for (const line of weights) byType.set(line.itemType, (byType.get(line.itemType) ?? 0) + line.totalMinor)
          const total = [...byType.values()].reduce((sum, weight) => sum + weight, 0)
          expect(parts.map((part) => part.itemType)).toEqual([...byType.keys()])
          for (const part of parts) {
            const exact = total === 0 ? amount / byType.size : (amount * (byType.get(part.itemType) ?? 0)) / total
            expect(Math.abs(part.amountMinor - exact)).toBeLessThan(1 + 1e-6 * Math.abs(amount))
            // Never the other side of zero from the amount.
            expect(part.amountMinor * Math.sign(amount)).toBeGreaterThanOrEqual(0)
          }
        },
      ),
    )
  })
})
