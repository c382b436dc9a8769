import type { OfferDiscountType, OfferItemCategory, OfferStatus, OfferType } from '#db/tables/offers'
import { parseCalendarDate } from '#server/catalog/calendar-date'
import { amountInputValue, parseAmountInput } from '#server/catalog/money'
import { normaliseOfferCode, OFFER_ITEM_CATEGORIES } from '#server/checkout/offer-rules'
import { err, ok, type WordedResult } from '#server/errors/result'
import { isUuid } from '#server/text/is-uuid'

/** The staff offer form's fields, by the names it posts. */
export const OFFER_FIELDS = [
  'code', 'offerType', 'discountType', 'discount', 'primaryItemCategory', 'primaryItem', 'secondaryItemCategory', 'secondaryItem',
  'secondaryItemCount', 'status', 'validFrom', 'validUntil', 'usageLimit',
] as const
export type OfferField = (typeof OFFER_FIELDS)[number]
export type OfferFormValues = Record<OfferField, string>
export type OfferFormErrors = Partial<Record<OfferField, string>>

export const OFFER_TYPES = [
  { value: 'flat', label: 'Flat discount' },
  { value: 'buyFirstAndGetOther', label: 'Buy first and get other' },
] as const satisfies ReadonlyArray<{ value: OfferType; label: string }>

export const OFFER_DISCOUNT_TYPES = [
  { value: 'percentage', label: 'Percentage' },
  { value: 'amount', label: 'Amount' },
] as const satisfies ReadonlyArray<{ value: OfferDiscountType; label: string }>

export const OFFER_STATUSES = [
  { value: 'ACTIVE', label: 'Active' },
  { value: 'DISABLED', label: 'Disabled' },
  { value: 'EXPIRED', label: 'Expired' },
] as const satisfies ReadonlyArray<{ value: OfferStatus; label: string }>

/** What each item category covers, in the words staff read (offer-rules.ts decides it). */
export const OFFER_CATEGORY_LABELS: Readonly<Record<OfferItemCategory, string>> = {
  item: 'Any item',
  product: 'Merchandise and bundles',
  course: 'Courses, classes and events',
  membership: 'Memberships',
  account: 'Account payments',
}

export const OFFER_FORM_MESSAGES = {
  fixErrors: 'Please correct the fields marked below.',
  codeRequired: 'Offer code is required.',
  codeShape: 'Offer code must be 3 to 30 letters, digits, hyphens or underscores.',
  codeTaken: (code: string) => `Offer code '${code}' already exists.`,
  discountRequired: 'Discount is required.',
  percent: 'Discount must be a percentage above 0 and at most 100, with at most 2 decimals.',
  amount: 'Discount must be an amount above 0.',
  choose: 'Please choose one of the options.',
  itemNotInCategory: 'Choose an item of the category the offer applies to, or none.',
  itemGone: 'That item is no longer on sale. Choose another, or none.',
  secondaryCount: 'Second item count must be a whole number from 1 to 99.',
  date: 'Enter a date as YYYY-MM-DD.',
  datesInOrder: 'Valid until must be on or after valid from.',
  usageLimit: 'Usage limit must be a whole number from 1 to 1,000,000.',
  usageBelowUsed: (used: number) => `Usage limit cannot be below the ${used} ${used === 1 ? 'time' : 'times'} the code has been used.`,
  saved: (code: string) => `Offer ${code} is saved.`,
  created: (code: string) => `Offer ${code} is added.`,
  deleted: (code: string) => `Offer ${code} is deleted.`,
  gone: 'This offer no longer exists.',
} as const

/** An offer as the form saves it; items are named by guid and checked against the catalog on save. */
export interface OfferInput {
  code: string
  offerType: OfferType
  discountType: OfferDiscountType
  discountBasisPoints: number | null
  discountMinor: number | null
  primaryItemCategory: OfferItemCategory
  primaryItemGuid: string | null
  secondaryItemCategory: OfferItemCategory | null
  secondaryItemGuid: string | null
  secondaryItemCount: number | null
  status: OfferStatus
  validFrom: string | null
  validUntil: string | null
  usageLimit: number | null
}

export type ParsedOfferForm = WordedResult<{ input: OfferInput; values: OfferFormValues }, 'invalid_input', { errors: OfferFormErrors; values: OfferFormValues }>

const CODE_SHAPE = /^[A-Z0-9_-]{3,30}$/
const PERCENT_TEXT = /^(\d{1,3})(?:\.(\d{1,2}))?$/

export function blankOfferFormValues(): OfferFormValues {
  return {
    code: '', offerType: 'flat', discountType: 'percentage', discount: '', primaryItemCategory: 'item', primaryItem: '', secondaryItemCategory: '',
    secondaryItem: '', secondaryItemCount: '', status: 'ACTIVE', validFrom: '', validUntil: '', usageLimit: '',
  }
}

/** A stored offer as the form shows it. */
export function offerFormValuesOf(offer: OfferInput & { currency: string }): OfferFormValues {
  return {
    code: offer.code,
    offerType: offer.offerType,
    discountType: offer.discountType,
    discount: offer.discountType === 'percentage' ? percentText(offer.discountBasisPoints ?? 0) : amountInputValue(offer.discountMinor ?? 0, offer.currency),
    primaryItemCategory: offer.primaryItemCategory,
    primaryItem: offer.primaryItemGuid ?? '',
    secondaryItemCategory: offer.secondaryItemCategory ?? '',
    secondaryItem: offer.secondaryItemGuid ?? '',
    secondaryItemCount: offer.secondaryItemCount === null ? '' : String(offer.secondaryItemCount),
    status: offer.status,
    validFrom: offer.validFrom ?? '',
    validUntil: offer.validUntil ?? '',
    usageLimit: offer.usageLimit === null ? '' : String(offer.usageLimit),
  }
}

/** 1250 basis points as '12.5'. */
export function percentText(basisPoints: number): string {
  const whole = Math.trunc(basisPoints / 100)
  const fraction = String(basisPoints % 100).padStart(2, '0').replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : String(whole)
}

/** '12.5' as 1250 basis points; null unless above 0, at most 100 and with at most 2 decimals. */
export function parsePercentInput(text: string): number | null {
  const match = PERCENT_TEXT.exec(text.trim().replace(/%$/, '').trim())
  if (!match) return null
  const points = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'))
  return points >= 1 && points <= 10_000 ? points : null
}

function oneOf<T extends string>(value: string, choices: readonly T[]): T | null {
  return (choices as readonly string[]).includes(value) ? (value as T) : null
}

const valuesOf = <T extends string>(choices: ReadonlyArray<{ value: T }>): T[] => choices.map((choice) => choice.value)

function optionalWhole(text: string, min: number, max: number): number | null | 'bad' {
  if (text === '') return null
  if (!/^\d{1,7}$/.test(text)) return 'bad'
  const value = Number(text)
  return value >= min && value <= max ? value : 'bad'
}

/**
 * The staff offer form, checked field by field. Every message is collected, so one post shows
 * all that is wrong; nothing is saved until all of it is right. Whether the named items exist
 * and fit their category is checked on save, against the catalog.
 */
export function parseOfferForm(form: FormData | Record<string, unknown>, currency: string): ParsedOfferForm {
  const read = (name: OfferField): string => {
    const raw = form instanceof FormData ? form.get(name) : form[name]
    return typeof raw === 'string' ? raw.trim().slice(0, 200) : ''
  }
  const values = Object.fromEntries(OFFER_FIELDS.map((name) => [name, read(name)])) as OfferFormValues
  values.code = normaliseOfferCode(values.code)
  const errors: OfferFormErrors = {}
  const M = OFFER_FORM_MESSAGES

  if (values.code === '') errors.code = M.codeRequired
  else if (!CODE_SHAPE.test(values.code)) errors.code = M.codeShape
  const offerType = oneOf(values.offerType, valuesOf(OFFER_TYPES))
  if (!offerType) errors.offerType = M.choose
  const discountType = oneOf(values.discountType, valuesOf(OFFER_DISCOUNT_TYPES))
  if (!discountType) errors.discountType = M.choose
  let discountBasisPoints: number | null = null
  let discountMinor: number | null = null
  if (values.discount === '') errors.discount = M.discountRequired
  else if (discountType === 'percentage') {
    discountBasisPoints = parsePercentInput(values.discount)
    if (discountBasisPoints === null) errors.discount = M.percent
  } else if (discountType === 'amount') {
    discountMinor = parseAmountInput(values.discount, currency)
    if (discountMinor === null || discountMinor <= 0) errors.discount = M.amount
  }
  const primaryItemCategory = oneOf(values.primaryItemCategory, OFFER_ITEM_CATEGORIES)
  if (!primaryItemCategory) errors.primaryItemCategory = M.choose
  if (values.primaryItem !== '' && !isUuid(values.primaryItem)) errors.primaryItem = M.itemGone
  const secondaryItemCategory = values.secondaryItemCategory === '' ? null : oneOf(values.secondaryItemCategory, OFFER_ITEM_CATEGORIES)
  if (values.secondaryItemCategory !== '' && !secondaryItemCategory) errors.secondaryItemCategory = M.choose
  if (values.secondaryItem !== '' && !isUuid(values.secondaryItem)) errors.secondaryItem = M.itemGone
  const secondaryItemCount = optionalWhole(values.secondaryItemCount, 1, 99)
  if (secondaryItemCount === 'bad') errors.secondaryItemCount = M.secondaryCount
  const status = oneOf(values.status, valuesOf(OFFER_STATUSES))
  if (!status) errors.status = M.choose
  const validFrom = values.validFrom === '' ? null : values.validFrom
  const validUntil = values.validUntil === '' ? null : values.validUntil
  if (validFrom !== null && parseCalendarDate(validFrom) === null) errors.validFrom = M.date
  if (validUntil !== null && parseCalendarDate(validUntil) === null) errors.validUntil = M.date
  if (!errors.validFrom && !errors.validUntil && validFrom !== null && validUntil !== null && validUntil < validFrom) errors.validUntil = M.datesInOrder
  const usageLimit = optionalWhole(values.usageLimit, 1, 1_000_000)
  if (usageLimit === 'bad') errors.usageLimit = M.usageLimit

  if (Object.keys(errors).length > 0 || !offerType || !discountType || !primaryItemCategory || !status || secondaryItemCount === 'bad' || usageLimit === 'bad') {
    return err('invalid_input', M.fixErrors, { errors, values })
  }
  return ok({
    values,
    input: {
      code: values.code,
      offerType,
      discountType,
      discountBasisPoints,
      discountMinor,
      primaryItemCategory,
      primaryItemGuid: values.primaryItem === '' ? null : values.primaryItem.toLowerCase(),
      secondaryItemCategory,
      secondaryItemGuid: values.secondaryItem === '' ? null : values.secondaryItem.toLowerCase(),
      secondaryItemCount,
      status,
      validFrom,
      validUntil,
      usageLimit,
    },
  })
}
