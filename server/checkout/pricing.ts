import { MAX_AMOUNT_MINOR } from '#server/catalog/money'
import { QUANTITY_CHOICES } from '#server/catalog/price-options'

/**
 * What a cart costs, by the spec's rule: "Pricing: percent amounts rounded to 2 decimals;
 * card-fee and tax percentages apply to price; tax also applies to price plus card fees."
 *
 * Amounts are integer minor units of the tenant's one currency. "Rounded to 2 decimals" is
 * rounding to a whole minor unit: the same rule for a two-digit currency (USD cents) as for a
 * zero-digit one (JPY), since the amounts are already minor units. Callers check what people
 * type before pricing, so a bad input here is a bug and throws a RangeError.
 */

/** A percentage as an integer number of millionths: enough for the 3 decimals rates have (8.875%), and free of float residue. */
const PERCENT_SCALE = 1_000_000n
/** amount × millionths-of-a-percent ÷ this is the share in minor units. */
const SHARE_DIVISOR = 100n * PERCENT_SCALE

/**
 * `percent` % of `amountMinor`, rounded half away from zero to a whole minor unit (1005 at 2.9%
 * is 29.145, so 29; 50 at 1% is 0.5, so 1). Worked in BigInt: 2.9 * 1005 in floats is
 * 29.144999…, which would round a true half the wrong way, and amount × scaled percent
 * outgrows Number's safe integers well before the largest amounts.
 */
export function percentOfMinor(amountMinor: number, percent: number): number {
  assertAmount('amountMinor', amountMinor, Number.MAX_SAFE_INTEGER)
  assertPercent('percent', percent)
  const product = BigInt(amountMinor) * BigInt(Math.round(percent * Number(PERCENT_SCALE)))
  const whole = product / SHARE_DIVISOR
  // Amounts and percents are never negative here, so half away from zero is half up.
  return Number(2n * (product % SHARE_DIVISOR) >= SHARE_DIVISOR ? whole + 1n : whole)
}

/** The tenant's rates, as percentages 0 to 100 (2.9 for 2.9%). */
export interface PricingRates {
  cardFeePercent: number
  taxPercent: number
}

/** A recurring membership's amounts; its line's unit price fields are not used for what is due. */
export interface RecurringInput {
  /** One billing period's price, already less the item's own discount. */
  periodPriceMinor: number
  registrationFeeMinor: number
  /** False during a trial, or when billing starts on a later day: then only the fee is due now. */
  firstPeriodDueNow: boolean
}

/** One cart line as pricing needs it. */
export interface LineInput {
  unitPriceMinor: number
  /** The item's own discount per unit (its price options), not an offer code's. */
  unitDiscountMinor: number
  /** 1 to 9; always 1 for a recurring line. */
  quantity: number
  isTaxable: boolean
  isChargeCardFees: boolean
  /** An offer code's discount for the whole line, from the offer rules; 0 for none. */
  offerDiscountMinor: number
  recurring: RecurringInput | null
}

export interface PricedLine {
  /** Due now, before the offer discount. */
  priceMinor: number
  /** The offer discount taken: never more than the price. */
  discountMinor: number
  cardFeesMinor: number
  taxMinor: number
  totalMinor: number
  /** What each later period of a recurring membership costs; null for a one-time line. */
  subscription: { amountMinor: number; cardFeesMinor: number; taxMinor: number; totalMinor: number } | null
}

export interface CartTotals {
  subtotalMinor: number
  discountMinor: number
  cardFeesMinor: number
  taxMinor: number
  totalMinor: number
}

/**
 * Prices one line. Fees and tax are worked on the price due now less the offer discount: card
 * fees on that base, tax on the base plus card fees. A recurring line's due-now price is its
 * registration fee, plus one period's price unless the first period is billed later; each later
 * period is priced the same way from the period price, without the offer discount, which is
 * taken once at checkout.
 */
export function priceLine(line: LineInput, rates: PricingRates): PricedLine {
  assertRates(rates)
  assertLine(line)
  const priceMinor = line.recurring
    ? line.recurring.registrationFeeMinor + (line.recurring.firstPeriodDueNow ? line.recurring.periodPriceMinor : 0)
    : (line.unitPriceMinor - line.unitDiscountMinor) * line.quantity
  const discountMinor = Math.min(line.offerDiscountMinor, priceMinor)
  const dueNow = charges(priceMinor - discountMinor, line, rates)
  const subscription = line.recurring ? charges(line.recurring.periodPriceMinor, line, rates) : null
  return {
    priceMinor,
    discountMinor,
    cardFeesMinor: dueNow.cardFeesMinor,
    taxMinor: dueNow.taxMinor,
    totalMinor: dueNow.totalMinor,
    subscription,
  }
}

/** Prices every line and sums them; the subtotal is the lines' prices before offer discounts. */
export function priceCart(lines: readonly LineInput[], rates: PricingRates): { lines: PricedLine[]; totals: CartTotals } {
  const priced = lines.map((line) => priceLine(line, rates))
  const totals: CartTotals = { subtotalMinor: 0, discountMinor: 0, cardFeesMinor: 0, taxMinor: 0, totalMinor: 0 }
  for (const line of priced) {
    totals.subtotalMinor += line.priceMinor
    totals.discountMinor += line.discountMinor
    totals.cardFeesMinor += line.cardFeesMinor
    totals.taxMinor += line.taxMinor
    totals.totalMinor += line.totalMinor
  }
  return { lines: priced, totals }
}

function charges(amountMinor: number, line: LineInput, rates: PricingRates) {
  const cardFeesMinor = line.isChargeCardFees ? percentOfMinor(amountMinor, rates.cardFeePercent) : 0
  const taxMinor = line.isTaxable ? percentOfMinor(amountMinor + cardFeesMinor, rates.taxPercent) : 0
  return { amountMinor, cardFeesMinor, taxMinor, totalMinor: amountMinor + cardFeesMinor + taxMinor }
}

function assertLine(line: LineInput): void {
  // Prices are capped where they are typed (MAX_AMOUNT_MINOR), which keeps every sum below a safe integer.
  assertAmount('unitPriceMinor', line.unitPriceMinor, MAX_AMOUNT_MINOR)
  assertAmount('unitDiscountMinor', line.unitDiscountMinor, line.unitPriceMinor)
  // An offer discount is clamped to the price, so any size is allowed.
  assertAmount('offerDiscountMinor', line.offerDiscountMinor, Number.MAX_SAFE_INTEGER)
  if (!(QUANTITY_CHOICES as readonly number[]).includes(line.quantity)) throw new RangeError(`quantity must be a whole number from 1 to 9, not ${line.quantity}`)
  if (line.recurring) {
    if (line.quantity !== 1) throw new RangeError(`quantity of a recurring line must be 1, not ${line.quantity}`)
    assertAmount('periodPriceMinor', line.recurring.periodPriceMinor, MAX_AMOUNT_MINOR)
    assertAmount('registrationFeeMinor', line.recurring.registrationFeeMinor, MAX_AMOUNT_MINOR)
  }
}

function assertRates(rates: PricingRates): void {
  assertPercent('cardFeePercent', rates.cardFeePercent)
  assertPercent('taxPercent', rates.taxPercent)
}

function assertAmount(name: string, value: number, max: number): void {
  if (!Number.isSafeInteger(value) || value < 0 || value > max) throw new RangeError(`${name} must be a whole number of minor units from 0 to ${max}, not ${value}`)
}

function assertPercent(name: string, value: number): void {
  if (!Number.isFinite(value) || value < 0 || value > 100) throw new RangeError(`${name} must be a percentage from 0 to 100, not ${value}`)
}
