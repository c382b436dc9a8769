import { eventStateOf, STATE_TEXT } from '#server/catalog/public/item-views'
import { BOOKING_MESSAGES } from '#server/catalog/bookings/booking-rules'
import type { CartLineFacts, CartPriceOption } from './cart-lines'
import type { LineInput } from './pricing'
import { isSoldOnline } from './sold-online'

export { isSoldOnline }

/** Kinds checkout sells through price options (donations and class drop-ins come with payments). */
export const OPTION_KINDS = ['course', 'event', 'product', 'bundle', 'membership'] as const

/** What is due today for one unit of an option before fees and tax: its price less its discount, plus a registration fee. */
export function dueNowPerUnit(option: Pick<CartPriceOption, 'priceMinor' | 'discountMinor' | 'registrationFeeMinor' | 'membershipType' | 'trial' | 'isBillFromNextMonth' | 'billingDayOfMonth'>): number {
  const period = Math.max(0, option.priceMinor - option.discountMinor)
  if (option.membershipType !== 'recurring') return period
  return option.registrationFeeMinor + (firstPeriodDueNow(option) ? period : 0)
}

/** A recurring membership's first period is paid at checkout unless a trial or a later billing day comes first. */
export function firstPeriodDueNow(option: Pick<CartPriceOption, 'trial' | 'isBillFromNextMonth' | 'billingDayOfMonth'>): boolean {
  return option.trial === null && !option.isBillFromNextMonth && option.billingDayOfMonth === null
}

export const CART_MESSAGES = {
  notSold: (name: string) => `${name} is no longer sold.`,
  notOnline: (name: string) => `${name} cannot be bought online yet. Please contact us to buy it.`,
  soldOut: (name: string) => `${name} is sold out.`,
  fewLeft: (name: string, left: number) => `Only ${left} of ${name} left. Lower the quantity to buy it.`,
  fewPlaces: (name: string, left: number) => `Only ${left} ${left === 1 ? 'place is' : 'places are'} left at ${name}. Lower the quantity to register.`,
  tooMany: (name: string, most: number) => `${name} can be bought ${most === 1 ? 'once' : `at most ${most} at a time`}.`,
  currencies: 'Your cart holds prices in more than one currency. Please buy them separately.',
  alreadyEnrolled: (name: string) => `You are already enrolled in ${name}.`,
  alreadyRegistered: (name: string) => `You are already registered for ${name}.`,
  eventState: (name: string, state: string) => `${name}: ${state}.`,
  classState: (name: string, refusal: string) => `${name}: ${refusal}`,
  classGone: (name: string) => `${name} is no longer on the schedule at that time.`,
  dropInAdded: (name: string) => `${name} is in your cart. Pay for it to book your place.`,
} as const

/** How many of a line one sale takes: one recurring membership, one place at a class per person; otherwise what the option allows. */
export function mostOfLine(kind: CartLineFacts['item']['kind'], option: Pick<CartPriceOption, 'membershipType' | 'maxQuantity'>): number {
  return option.membershipType === 'recurring' || kind === 'class' ? 1 : option.maxQuantity
}

/**
 * Where a sale is made: online (checkout, which takes only what sold-online.ts allows) or at
 * the till (staff take cash or put it on account, so any price goes).
 */
export type SaleChannel = 'online' | 'till'

/** What stops this line being bought now, in words, or null when nothing does. */
export function lineProblem(line: CartLineFacts, now: Date, channel: SaleChannel = 'online', takesCards = false): string | null {
  const { item, option } = line
  if (!item.isOnSale || option === null || option.isArchived) return CART_MESSAGES.notSold(item.name)
  if (channel === 'online' && !isSoldOnline(option, takesCards)) return CART_MESSAGES.notOnline(item.name)
  const most = mostOfLine(item.kind, option)
  if (line.quantity > most) return CART_MESSAGES.tooMany(item.name, most)
  if (item.kind === 'class') return dropInProblem(line, now)
  if (item.kind === 'product' && item.stockQuantity !== null) {
    if (item.stockQuantity <= 0) return CART_MESSAGES.soldOut(item.name)
    if (item.stockQuantity < line.quantity) return CART_MESSAGES.fewLeft(item.name, item.stockQuantity)
  }
  if (item.kind === 'bundle' && line.isBundleShort) return CART_MESSAGES.soldOut(item.name)
  if (item.kind === 'event') {
    if (!line.event) return CART_MESSAGES.notSold(item.name)
    const state = eventStateOf(line.event, now)
    if (state !== 'open') return CART_MESSAGES.eventState(item.name, STATE_TEXT[state])
    if (line.event.capacity !== null && line.event.capacity - line.event.registeredCount < line.quantity) {
      return CART_MESSAGES.fewPlaces(item.name, line.event.capacity - line.event.registeredCount)
    }
  }
  return null
}

/** What stops a class drop-in being sold now: the occurrence it names, as the schedule gives it today. */
function dropInProblem(line: CartLineFacts, now: Date): string | null {
  const { item } = line
  const found = line.classOccurrence
  if (line.dropIn === null || found === null || item.paymentType !== 'PAID') return CART_MESSAGES.classGone(item.name)
  const { occurrence } = found
  if (occurrence.cancelled) return CART_MESSAGES.classState(item.name, BOOKING_MESSAGES.cancelled)
  if (occurrence.start.getTime() <= now.getTime()) return CART_MESSAGES.classState(item.name, BOOKING_MESSAGES.past)
  if (occurrence.spotsLeft !== null && occurrence.spotsLeft < 1) return CART_MESSAGES.classState(item.name, BOOKING_MESSAGES.full)
  return null
}

/** The line as pricing reads it (spec Checkout line); the offer discount joins with offer codes. */
export function pricingInputOf(line: CartLineFacts & { option: CartPriceOption }): LineInput {
  const { option } = line
  const recurring = option.membershipType === 'recurring'
  return {
    unitPriceMinor: recurring ? 0 : option.priceMinor,
    unitDiscountMinor: recurring ? 0 : Math.min(option.discountMinor, option.priceMinor),
    quantity: recurring ? 1 : line.quantity,
    isTaxable: option.isTaxable,
    isChargeCardFees: option.isChargeCardFees,
    offerDiscountMinor: 0,
    recurring: recurring
      ? { periodPriceMinor: Math.max(0, option.priceMinor - option.discountMinor), registrationFeeMinor: option.registrationFeeMinor, firstPeriodDueNow: firstPeriodDueNow(option) }
      : null,
  }
}
