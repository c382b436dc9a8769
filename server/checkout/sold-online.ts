/** A price option's amounts, as far as selling it online depends on them. */
export interface OnlineSaleTerms {
  priceMinor: number
  discountMinor: number
  registrationFeeMinor: number
  isOtherPrice: boolean
}

/**
 * Whether checkout takes this option online. What costs nothing always; what costs something
 * once the studio takes cards (card-payments.ts). A recurring membership's later periods are
 * billed by the membership billing job (server/memberships/): to the card kept when it was
 * bought on Stripe, otherwise as invoices the member pays from a link. Not yet: a typed amount
 * ('other price'). The item pages offer their Buy / Register button for these options only.
 */
export function isSoldOnline(option: OnlineSaleTerms, takesCards = false): boolean {
  if (option.isOtherPrice) return false
  const free = option.registrationFeeMinor === 0 && option.priceMinor - option.discountMinor <= 0
  return free || takesCards
}

/**
 * The kinds of line checkout takes. A donation is a one-time gift of the giver's amount
 * (add-donation.ts); a class drop-in is one place at one occurrence at the class's drop-in price
 * (add-class-drop-in.ts), booked when the order is paid.
 */
export const CHECKOUT_TAKES = { priceOptions: true, classDropIns: true, donations: true } as const
