import type { OfferDiscountType, OfferItemCategory, OfferStatus, OfferType } from '#db/tables/offers'
import { err, ok, type WordedResult } from '#server/errors/result'
import { percentOfMinor } from './pricing'

/**
 * Whether an offer code applies to a cart, and how much it takes off, by the spec:
 * "Offer code validity: an offer applying to an item category is valid when the cart has a
 * matching course type, a matching product, or (for the generic item) always. An offer for a
 * specific course or product is valid when that id is in the cart." and "Offer code: type
 * buy-first-and-get-other is rejected with alert 'Not a valid code for this item'. A discount
 * larger than the amount (price, or registration fees for a recurring membership) is rejected
 * with alert "Offer code '{code}' is invalid. Discount is greater than amount"."
 */

/** What the buyer reads when a code is refused. The spec words the first two; the rest are ours. */
export const OFFER_MESSAGES = {
  notForThisItem: 'Not a valid code for this item',
  greaterThanAmount: (code: string) => `Offer code '${code}' is invalid. Discount is greater than amount`,
  unknown: (code: string) => `Offer code '${code}' is not valid.`,
  notActive: (code: string) => `Offer code '${code}' is no longer active.`,
  notYetValid: (code: string) => `Offer code '${code}' is not valid yet.`,
  expired: (code: string) => `Offer code '${code}' has expired.`,
  usedUp: (code: string) => `Offer code '${code}' has been used up.`,
} as const

export type { OfferItemCategory, OfferStatus }

export const OFFER_ITEM_CATEGORIES = ['item', 'product', 'course', 'account', 'membership'] as const satisfies readonly OfferItemCategory[]

/** An offer as the rules need it; a stored offer is mapped to this by its repository. */
export type OfferRule = {
  /** As the studio wrote it: the refusal messages quote it. */
  code: string
  offerType: OfferType
  discountType: OfferDiscountType
  /** Set when discountType is 'percentage': 0 to 100. */
  discountPercent: number | null
  /** Set when discountType is 'amount'. */
  discountMinor: number | null
  primaryItemCategory: OfferItemCategory
  /** A specific item the offer is for; null: any line of the category. */
  primaryItemGuid: string | null
  status: OfferStatus
  /** The first instant it works; null: from the start. */
  validFrom: Date | null
  /** The last instant it works (a last day is passed as its end); null: no end. */
  validUntil: Date | null
  /** How many times it may be used in all; null: no limit. */
  usageLimit: number | null
  timesUsed: number
}

export type OfferCartLineCategory = 'product' | 'course' | 'membership' | 'event' | 'class' | 'donation' | 'bundle'

/** A cart line as the offer rules see it. */
export type OfferCartLine = {
  itemGuid: string
  category: OfferCartLineCategory
  /** The price due now: the price, or for a recurring membership its registration fees (plus the first period when that is due now). */
  amountDueMinor: number
}

export type AppliedOffer = { lineIndex: number; discountMinor: number }

export type OfferApplication = WordedResult<AppliedOffer, 'invalid_input'>

/**
 * Which cart lines an offer's category covers. The spec names "a matching course type": classes
 * and events are course types, so 'course' covers them. A bundle is merchandise sold together,
 * so 'product' covers it. The generic 'item' covers any line but a donation, since a discount
 * on a gift would only lower the gift. 'account' is for paying an account balance, which is no
 * cart line, so it covers none.
 */
const LINES_COVERED: Readonly<Record<OfferItemCategory, readonly OfferCartLineCategory[]>> = {
  item: ['product', 'course', 'membership', 'event', 'class', 'bundle'],
  product: ['product', 'bundle'],
  course: ['course', 'class', 'event'],
  membership: ['membership'],
  account: [],
}

/** Whether an offer for the category reaches a line of this kind (an item the offer names may be of any kind the category covers). */
export function offerCategoryCovers(category: OfferItemCategory, line: OfferCartLineCategory): boolean {
  return LINES_COVERED[category].includes(line)
}

/** A code as typed or stored, in the form codes are compared in: trimmed, upper case. */
export function normaliseOfferCode(text: string): string {
  return text.trim().toUpperCase()
}

/**
 * Applies an offer to the first cart line it covers with something due (the line with its
 * specific item when it names one, else the first of its category), at `now`. Refuses, with the words the buyer
 * reads, an offer that is not active, outside its dates or used up; a buy-first-and-get-other
 * offer (the spec refuses that type); an offer no line matches; and a discount above the
 * line's amount due now. A percentage is rounded to a whole minor unit the way pricing rounds.
 */
export function applyOffer(offer: OfferRule, lines: readonly OfferCartLine[], now: Date): OfferApplication {
  const M = OFFER_MESSAGES
  const refuse = (message: string): OfferApplication => err('invalid_input', message)

  if (offer.status === 'DISABLED') return refuse(M.notActive(offer.code))
  if (offer.status === 'EXPIRED') return refuse(M.expired(offer.code))
  if (offer.validFrom && now.getTime() < offer.validFrom.getTime()) return refuse(M.notYetValid(offer.code))
  if (offer.validUntil && now.getTime() > offer.validUntil.getTime()) return refuse(M.expired(offer.code))
  if (offer.usageLimit !== null && offer.timesUsed >= offer.usageLimit) return refuse(M.usedUp(offer.code))

  if (offer.offerType === 'buyFirstAndGetOther') return refuse(M.notForThisItem)

  const covered = LINES_COVERED[offer.primaryItemCategory]
  const matches = (line: OfferCartLine) => (offer.primaryItemGuid !== null ? line.itemGuid === offer.primaryItemGuid : covered.includes(line.category))
  // A free line of the category would refuse an amount off; the first line with something due takes it.
  const paidIndex = lines.findIndex((line) => matches(line) && line.amountDueMinor > 0)
  const lineIndex = paidIndex >= 0 ? paidIndex : lines.findIndex(matches)
  if (lineIndex < 0) return refuse(M.notForThisItem)

  const amountDueMinor = lines[lineIndex].amountDueMinor
  const discountMinor = offerDiscount(offer, amountDueMinor)
  if (discountMinor > amountDueMinor) return refuse(M.greaterThanAmount(offer.code))
  return ok({ lineIndex, discountMinor })
}

function offerDiscount(offer: OfferRule, amountDueMinor: number): number {
  // An offer missing the field its discount type names is a broken row, not a buyer's mistake.
  if (offer.discountType === 'percentage') {
    if (offer.discountPercent === null) throw new RangeError(`offer ${offer.code} is a percentage without discountPercent`)
    return percentOfMinor(amountDueMinor, offer.discountPercent)
  }
  if (offer.discountMinor === null || !Number.isSafeInteger(offer.discountMinor) || offer.discountMinor < 0) {
    throw new RangeError(`offer ${offer.code} is an amount without a whole non-negative discountMinor`)
  }
  return offer.discountMinor
}
