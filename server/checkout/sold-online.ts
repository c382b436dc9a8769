/** A price option's amounts, as far as selling it online depends on them. */
export interface OnlineSaleTerms {
  priceMinor: number
  discountMinor: number
  registrationFeeMinor: number
  isOtherPrice: boolean
}

/**
 * Whether checkout takes this option online. Nothing is charged until a payment provider is
 * connected (Stripe and the other providers come with payments), so for now only what costs
 * nothing, today and later: no price after its discount, no registration fee, no typed amount.
 * The item pages offer their Buy / Register button for these options only.
 */
export function isSoldOnline(option: OnlineSaleTerms): boolean {
  return !option.isOtherPrice && option.registrationFeeMinor === 0 && option.priceMinor - option.discountMinor <= 0
}

/**
 * The kinds of line checkout takes. A class drop-in (with its occurrence) and a donation are
 * always charged, so they join when a payment provider is connected; until then their pages
 * say how to book or give.
 */
export const CHECKOUT_TAKES = { priceOptions: true, classDropIns: false, donations: false } as const
