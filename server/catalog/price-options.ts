import { z } from 'zod'
import { parseAmountInput, type Money } from './money'

/**
 * An item's price options and membership terms, by the Item/membership model of spec 002
 * section 3: "price, isOtherPrice, otherPrice, discount, qty, isTaxable,
 * isChargeCreditCardFees, membershipDetails (membershipType, registrationFees,
 * numberOfBillingCycles, credits), trialPeriod, trialDuration, trialDurationUnit, frequency,
 * billingDayOfMonth, isBillFromNextMonth". Amounts are minor units of the tenant's currency.
 *
 * Where the spec names a field but not its meaning, decision 103 says what we take it to be:
 * otherPrice is the least a buyer may name when isOtherPrice lets them choose the amount;
 * discount is an amount off the price; qty is the quantity the buyer picks, 1 to 9.
 */

/** Spec 002 section 9 and settings spec section 9. */
export const MEMBERSHIP_TYPES = ['recurring', 'card', 'unlimited'] as const
export const BILLING_FREQUENCIES = ['daily', 'weekly', 'monthly', 'quarterly', 'halfyearly', 'yearly'] as const
export const PERIOD_UNITS = ['days', 'months', 'years'] as const
export const QUANTITY_CHOICES = [1, 2, 3, 4, 5, 6, 7, 8, 9] as const

export type MembershipType = (typeof MEMBERSHIP_TYPES)[number]
export type BillingFrequency = (typeof BILLING_FREQUENCIES)[number]
export type PeriodUnit = (typeof PERIOD_UNITS)[number]

/** The most a card holds, a trial lasts or a membership bills: beyond these a typing slip is likelier than a plan. */
export const MAX_CARD_CREDITS = 1_000
export const MAX_BILLING_CYCLES = 1_000
export const MAX_TRIAL_DURATION = 365

/** Messages of the price options form. The spec gives only the discount one (as an offer's alert); the rest follow its 'X is required!' style. */
export const PRICE_OPTION_MESSAGES = {
  priceRequired: 'Price is required!',
  amountInvalid: 'Please enter an amount such as 25 or 25.50.',
  discountTooLarge: 'Discount is greater than amount',
  quantityInvalid: 'Please choose a quantity from 1 to 9.',
  membershipTypeInvalid: 'Please choose recurring, card or unlimited.',
  frequencyRequired: 'Billing Frequency is required!',
  creditsRequired: 'Credits is required!',
  creditsInvalid: `Credits must be a whole number from 1 to ${MAX_CARD_CREDITS}.`,
  billingCyclesInvalid: `Number of billing cycles must be a whole number from 0 (until stopped) to ${MAX_BILLING_CYCLES}.`,
  billingDayInvalid: 'Billing day must be a day of the month from 1 to 31.',
  billingDayNeedsMonths: 'A billing day of the month needs a monthly, quarterly, half-yearly or yearly frequency.',
  billFromNextMonthNeedsDay: 'Choose the billing day of the month to bill from next month.',
  trialDurationRequired: 'Trial Duration is required!',
  trialDurationInvalid: `Trial duration must be a whole number from 1 to ${MAX_TRIAL_DURATION}.`,
  trialUnitInvalid: 'Please choose days, months or years.',
  trialOnlyRecurring: 'Only a recurring membership has a trial period.',
} as const

const M = PRICE_OPTION_MESSAGES

/** The price options of an item once checked: what the tables store and checkout reads. */
export interface PriceOptions {
  price: Money
  isOtherPrice: boolean
  /** The least amount a buyer may name; null when isOtherPrice is off. */
  otherPrice: Money | null
  /** Taken off the price; 0 for none. */
  discount: Money
  qty: number
  isTaxable: boolean
  isChargeCreditCardFees: boolean
  /** Null for an item that is not a membership. */
  membership: MembershipTerms | null
}

export type MembershipTerms = RecurringMembership | CardMembership | UnlimitedMembership

export interface RecurringMembership {
  membershipType: 'recurring'
  registrationFees: Money
  frequency: BillingFrequency
  /** Null: until stopped by hand. */
  numberOfBillingCycles: number | null
  /** 1 to 31 (a shorter month bills on its last day); null bills on the day of purchase. */
  billingDayOfMonth: number | null
  isBillFromNextMonth: boolean
  trial: { duration: number; unit: PeriodUnit } | null
}

export interface CardMembership {
  membershipType: 'card'
  registrationFees: Money
  /** Class bookings it pays for, one each. */
  credits: number
}

export interface UnlimitedMembership {
  membershipType: 'unlimited'
  registrationFees: Money
}

// A checkbox posts 'on' when ticked and nothing when not (conform turns 'on' into true).
const checkbox = z.boolean().optional().default(false)
// Fields arrive as text from a form, or as numbers from JSON; an empty field is absent.
const numberish = z.union([z.string(), z.number()]).optional()

const blank = (value: string | number | undefined) => value === undefined || String(value).trim() === ''

function wholeNumber(value: string | number | undefined): number | null {
  if (blank(value)) return null
  const text = String(value).trim()
  return /^\d{1,9}$/.test(text) ? Number(text) : Number.NaN
}

/**
 * The price options form's schema for a tenant's currency: shared by the staff form (conform)
 * and its action (parseWithZod). It reads posted text (amounts as '25.50', checkboxes as
 * booleans, nested membership fields) and gives PriceOptions, or the spec's and our messages
 * on the fields at fault.
 */
export function priceOptionsSchema(currency: string) {
  const amount = (value: string | number | undefined, ctx: z.RefinementCtx, path: (string | number)[], required?: string): Money | null => {
    if (blank(value)) {
      if (required) ctx.addIssue({ code: 'custom', path, message: required })
      return null
    }
    const minor = parseAmountInput(String(value), currency)
    if (minor === null) {
      ctx.addIssue({ code: 'custom', path, message: M.amountInvalid })
      return null
    }
    return { amountMinor: minor, currency }
  }
  const zero: Money = { amountMinor: 0, currency }

  return z
    .object({
      price: numberish,
      isOtherPrice: checkbox,
      otherPrice: numberish,
      discount: numberish,
      qty: numberish,
      isTaxable: checkbox,
      isChargeCreditCardFees: checkbox,
      membershipDetails: z
        .object({
          membershipType: z.string().optional(),
          registrationFees: numberish,
          numberOfBillingCycles: numberish,
          credits: numberish,
        })
        .optional(),
      trialPeriod: checkbox,
      trialDuration: numberish,
      trialDurationUnit: z.string().optional(),
      frequency: z.string().optional(),
      billingDayOfMonth: numberish,
      isBillFromNextMonth: checkbox,
    })
    .transform((input, ctx): PriceOptions => {
      const price = amount(input.price, ctx, ['price'], M.priceRequired) ?? zero
      const otherPrice = input.isOtherPrice ? (amount(input.otherPrice, ctx, ['otherPrice']) ?? zero) : null
      const discount = amount(input.discount, ctx, ['discount']) ?? zero
      if (discount.amountMinor > price.amountMinor) ctx.addIssue({ code: 'custom', path: ['discount'], message: M.discountTooLarge })

      const qty = wholeNumber(input.qty) ?? 1
      if (!(QUANTITY_CHOICES as readonly number[]).includes(qty)) ctx.addIssue({ code: 'custom', path: ['qty'], message: M.quantityInvalid })

      return {
        price,
        isOtherPrice: input.isOtherPrice,
        otherPrice,
        discount,
        qty,
        isTaxable: input.isTaxable,
        isChargeCreditCardFees: input.isChargeCreditCardFees,
        membership: membershipTerms(input, ctx, (value, path) => amount(value, ctx, path) ?? zero),
      }
    })
}

type PriceOptionsInput = {
  membershipDetails?: { membershipType?: string; registrationFees?: string | number; numberOfBillingCycles?: string | number; credits?: string | number }
  trialPeriod: boolean
  trialDuration?: string | number
  trialDurationUnit?: string
  frequency?: string
  billingDayOfMonth?: string | number
  isBillFromNextMonth: boolean
}

function membershipTerms(
  input: PriceOptionsInput,
  ctx: z.RefinementCtx,
  amount: (value: string | number | undefined, path: (string | number)[]) => Money,
): MembershipTerms | null {
  const details = input.membershipDetails
  const type = details?.membershipType?.trim() ?? ''
  if (type === '') {
    if (input.trialPeriod) ctx.addIssue({ code: 'custom', path: ['trialPeriod'], message: M.trialOnlyRecurring })
    return null
  }
  if (!(MEMBERSHIP_TYPES as readonly string[]).includes(type)) {
    ctx.addIssue({ code: 'custom', path: ['membershipDetails', 'membershipType'], message: M.membershipTypeInvalid })
    return null
  }
  const registrationFees = amount(details?.registrationFees, ['membershipDetails', 'registrationFees'])
  if (type !== 'recurring' && input.trialPeriod) ctx.addIssue({ code: 'custom', path: ['trialPeriod'], message: M.trialOnlyRecurring })

  if (type === 'card') {
    const credits = wholeNumber(details?.credits)
    if (credits === null) ctx.addIssue({ code: 'custom', path: ['membershipDetails', 'credits'], message: M.creditsRequired })
    else if (!(credits >= 1 && credits <= MAX_CARD_CREDITS)) ctx.addIssue({ code: 'custom', path: ['membershipDetails', 'credits'], message: M.creditsInvalid })
    return { membershipType: 'card', registrationFees, credits: credits ?? 0 }
  }
  if (type === 'unlimited') return { membershipType: 'unlimited', registrationFees }

  const frequency = input.frequency?.trim() ?? ''
  if (!(BILLING_FREQUENCIES as readonly string[]).includes(frequency)) ctx.addIssue({ code: 'custom', path: ['frequency'], message: M.frequencyRequired })

  let cycles = wholeNumber(details?.numberOfBillingCycles)
  if (cycles !== null && !(cycles >= 0 && cycles <= MAX_BILLING_CYCLES)) {
    ctx.addIssue({ code: 'custom', path: ['membershipDetails', 'numberOfBillingCycles'], message: M.billingCyclesInvalid })
  }
  if (cycles === 0) cycles = null

  const billingDay = wholeNumber(input.billingDayOfMonth)
  if (billingDay !== null) {
    if (!(billingDay >= 1 && billingDay <= 31)) ctx.addIssue({ code: 'custom', path: ['billingDayOfMonth'], message: M.billingDayInvalid })
    else if (frequency === 'daily' || frequency === 'weekly') ctx.addIssue({ code: 'custom', path: ['billingDayOfMonth'], message: M.billingDayNeedsMonths })
  }
  if (input.isBillFromNextMonth && billingDay === null) ctx.addIssue({ code: 'custom', path: ['isBillFromNextMonth'], message: M.billFromNextMonthNeedsDay })

  let trial: RecurringMembership['trial'] = null
  if (input.trialPeriod) {
    const duration = wholeNumber(input.trialDuration)
    const unit = input.trialDurationUnit?.trim() ?? ''
    if (duration === null) ctx.addIssue({ code: 'custom', path: ['trialDuration'], message: M.trialDurationRequired })
    else if (!(duration >= 1 && duration <= MAX_TRIAL_DURATION)) ctx.addIssue({ code: 'custom', path: ['trialDuration'], message: M.trialDurationInvalid })
    if (!(PERIOD_UNITS as readonly string[]).includes(unit)) ctx.addIssue({ code: 'custom', path: ['trialDurationUnit'], message: M.trialUnitInvalid })
    trial = { duration: duration ?? 0, unit: unit as PeriodUnit }
  }

  return {
    membershipType: 'recurring',
    registrationFees,
    frequency: frequency as BillingFrequency,
    numberOfBillingCycles: cycles,
    billingDayOfMonth: billingDay,
    isBillFromNextMonth: input.isBillFromNextMonth,
    trial,
  }
}

/**
 * What one unit costs before tax and fees: the price less the discount, or for an item whose
 * buyer names the amount, that amount (null when it is below the item's otherPrice).
 */
export function unitAmount(options: PriceOptions, named?: Money): Money | null {
  if (options.isOtherPrice && named) {
    if (named.currency !== options.price.currency || !Number.isInteger(named.amountMinor)) return null
    const least = options.otherPrice?.amountMinor ?? 0
    return named.amountMinor >= least && named.amountMinor > 0 ? named : null
  }
  return { amountMinor: Math.max(0, options.price.amountMinor - options.discount.amountMinor), currency: options.price.currency }
}

/** How often a recurring price or gift is taken, in the editors' words. */
export const FREQUENCY_LABELS: Readonly<Record<(typeof BILLING_FREQUENCIES)[number], string>> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  halfyearly: 'Half-yearly',
  yearly: 'Yearly',
}
