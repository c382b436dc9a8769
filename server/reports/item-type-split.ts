import type { InvoiceLineType } from '#db/tables/checkout'

/** What an invoice's lines weigh, by item type: each line's total (after discount, with fees and tax). */
export interface ItemTypeWeight {
  itemType: InvoiceLineType
  totalMinor: number
}

export interface ItemTypePart {
  itemType: InvoiceLineType
  amountMinor: number
}

/** Where money goes when an invoice has no lines to weigh it by: nothing sold it but staff's own words. */
export const UNWEIGHED_ITEM_TYPE: InvoiceLineType = 'custom'

/**
 * Splits an amount taken (or, negative, given back) on an invoice across the item types of its
 * lines, in proportion to the lines' totals, in whole minor units that add up to the amount
 * exactly (largest remainder: each type gets the whole units of its share, and the units left
 * over go one each to the types with the largest fractions; ties to the heavier type, then to
 * the type listed first).
 *
 * Lines of one type are weighed together, and types come back in the order first listed. When
 * every line is free, the types share equally; with no lines at all the amount is 'custom'.
 * Computed in BigInt: an amount times a weight may pass 2^53.
 */
export function splitByItemType(amountMinor: number, lines: readonly ItemTypeWeight[]): ItemTypePart[] {
  if (!Number.isSafeInteger(amountMinor)) throw new RangeError(`amount ${amountMinor} is not a whole number of minor units`)
  const weights = new Map<InvoiceLineType, bigint>()
  for (const line of lines) {
    if (!Number.isSafeInteger(line.totalMinor)) throw new RangeError(`line total ${line.totalMinor} is not a whole number of minor units`)
    weights.set(line.itemType, (weights.get(line.itemType) ?? 0n) + BigInt(Math.max(0, line.totalMinor)))
  }
  if (weights.size === 0) return [{ itemType: UNWEIGHED_ITEM_TYPE, amountMinor }]

  let entries = [...weights.entries()]
  let totalWeight = entries.reduce((sum, [, weight]) => sum + weight, 0n)
  if (totalWeight === 0n) {
    entries = entries.map(([itemType]) => [itemType, 1n])
    totalWeight = BigInt(entries.length)
  }

  const amount = BigInt(Math.abs(amountMinor))
  const parts = entries.map(([itemType, weight], index) => {
    const product = amount * weight
    return { itemType, weight, index, share: product / totalWeight, remainder: product % totalWeight }
  })
  let left = amount - parts.reduce((sum, part) => sum + part.share, 0n)
  const byRemainder = [...parts].sort((a, b) => compareBig(b.remainder, a.remainder) || compareBig(b.weight, a.weight) || a.index - b.index)
  // Fewer units are left over than there are types: each remainder is under one unit.
  for (const part of byRemainder) {
    if (left === 0n) break
    part.share += 1n
    left -= 1n
  }
  const sign = amountMinor < 0 ? -1 : 1
  // `|| 0` keeps a negative amount's empty share from reading as -0.
  return parts.map((part) => ({ itemType: part.itemType, amountMinor: sign * Number(part.share) || 0 }))
}

function compareBig(a: bigint, b: bigint): number {
  return a === b ? 0 : a < b ? -1 : 1
}
