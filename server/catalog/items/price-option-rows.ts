import { z } from 'zod'
import type { Insertable } from 'kysely'
import type { ItemPriceOptionsTable } from '#db/tables/catalog'
import { amountInputValue } from '#server/catalog/money'
import { priceOptionsSchema, type PriceOptions } from '#server/catalog/price-options'

/** The most price options one item has: enough for any studio's tiers, and a bound on a post. */
export const MAX_PRICE_OPTIONS = 20

export const PRICE_OPTION_ROW_MESSAGES = {
  nameRequired: 'Price option name is required!',
  nameTooLong: 'Price option name must be at most 200 characters.',
  tooMany: `An item has at most ${MAX_PRICE_OPTIONS} price options.`,
  membershipNotAllowed: 'Only a membership plan has membership price options.',
} as const

/**
 * One price option row as the form posts it and shows it: text for every field, 'on' for a
 * ticked box. The names follow the spec's Item/membership model, so the row parses with the
 * shared price options schema (server/catalog/price-options.ts).
 */
export interface PriceOptionRowValues {
  /** The option's guid once saved; '' for a new row. */
  guId: string
  name: string
  price: string
  isOtherPrice: string
  otherPrice: string
  discount: string
  qty: string
  isTaxable: string
  isChargeCreditCardFees: string
  membershipDetails: { membershipType: string; registrationFees: string; numberOfBillingCycles: string; credits: string }
  frequency: string
  billingDayOfMonth: string
  isBillFromNextMonth: string
  trialPeriod: string
  trialDuration: string
  trialDurationUnit: string
}

/** A price option that passed its checks, with what names it. */
export interface PriceOptionRow {
  guId: string | null
  name: string
  options: PriceOptions
}

export function blankPriceOptionRow(membershipType = ''): PriceOptionRowValues {
  return {
    guId: '',
    name: '',
    price: '',
    isOtherPrice: '',
    otherPrice: '',
    discount: '',
    qty: '1',
    isTaxable: '',
    isChargeCreditCardFees: '',
    membershipDetails: { membershipType, registrationFees: '', numberOfBillingCycles: '', credits: '' },
    frequency: '',
    billingDayOfMonth: '',
    isBillFromNextMonth: '',
    trialPeriod: '',
    trialDuration: '',
    trialDurationUnit: '',
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '')
const box = (value: unknown) => (value === 'on' || value === true ? 'on' : '')

/** A posted row (conform's nested payload) as text values, for showing it again. */
export function priceOptionRowValues(posted: unknown): PriceOptionRowValues {
  const row = (posted && typeof posted === 'object' ? posted : {}) as Record<string, unknown>
  const details = (row.membershipDetails && typeof row.membershipDetails === 'object' ? row.membershipDetails : {}) as Record<string, unknown>
  return {
    guId: text(row.guId),
    name: text(row.name),
    price: text(row.price),
    isOtherPrice: box(row.isOtherPrice),
    otherPrice: text(row.otherPrice),
    discount: text(row.discount),
    qty: text(row.qty) || '1',
    isTaxable: box(row.isTaxable),
    isChargeCreditCardFees: box(row.isChargeCreditCardFees),
    membershipDetails: {
      membershipType: text(details.membershipType),
      registrationFees: text(details.registrationFees),
      numberOfBillingCycles: text(details.numberOfBillingCycles),
      credits: text(details.credits),
    },
    frequency: text(row.frequency),
    billingDayOfMonth: text(row.billingDayOfMonth),
    isBillFromNextMonth: box(row.isBillFromNextMonth),
    trialPeriod: box(row.trialPeriod),
    trialDuration: text(row.trialDuration),
    trialDurationUnit: text(row.trialDurationUnit),
  }
}

/** Rows as posted: conform gives an array, or nothing when the form had no rows. */
export function postedPriceOptionRows(posted: unknown): unknown[] {
  return Array.isArray(posted) ? posted.slice(0, MAX_PRICE_OPTIONS + 1) : []
}

const checkbox = (value: string) => (value === 'on' ? true : undefined)
const blankToUndefined = (value: string) => (value.trim() === '' ? undefined : value)

/**
 * Checks the posted price option rows of an item: each row's name and the shared price
 * options rules. Messages are keyed by the input's name (`priceOptions[1].price`), so each
 * shows beside its field. Rows that are wholly empty and new are dropped: a blank row added
 * and never filled in is not an error.
 */
export function parsePriceOptionRows(
  posted: unknown,
  currency: string,
  allowsMemberships: boolean,
): { rows: PriceOptionRow[]; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {}
  const add = (key: string, message: string) => (errors[key] ??= []).push(message)
  const schema = priceOptionsSchema(currency)
  const rows: PriceOptionRow[] = []
  const values = postedPriceOptionRows(posted).map(priceOptionRowValues)
  if (values.length > MAX_PRICE_OPTIONS) add('priceOptions', PRICE_OPTION_ROW_MESSAGES.tooMany)
  values.slice(0, MAX_PRICE_OPTIONS).forEach((row, index) => {
    if (row.guId === '' && isEmptyRow(row)) return
    const prefix = `priceOptions[${index}]`
    const name = row.name.trim()
    if (name === '') add(`${prefix}.name`, PRICE_OPTION_ROW_MESSAGES.nameRequired)
    else if (name.length > 200) add(`${prefix}.name`, PRICE_OPTION_ROW_MESSAGES.nameTooLong)
    if (!allowsMemberships && row.membershipDetails.membershipType !== '') add(`${prefix}.membershipDetails.membershipType`, PRICE_OPTION_ROW_MESSAGES.membershipNotAllowed)
    const parsed = schema.safeParse({
      price: blankToUndefined(row.price),
      isOtherPrice: checkbox(row.isOtherPrice),
      otherPrice: blankToUndefined(row.otherPrice),
      discount: blankToUndefined(row.discount),
      qty: blankToUndefined(row.qty),
      isTaxable: checkbox(row.isTaxable),
      isChargeCreditCardFees: checkbox(row.isChargeCreditCardFees),
      membershipDetails: allowsMemberships
        ? {
            membershipType: row.membershipDetails.membershipType,
            registrationFees: blankToUndefined(row.membershipDetails.registrationFees),
            numberOfBillingCycles: blankToUndefined(row.membershipDetails.numberOfBillingCycles),
            credits: blankToUndefined(row.membershipDetails.credits),
          }
        : undefined,
      trialPeriod: allowsMemberships ? checkbox(row.trialPeriod) : undefined,
      trialDuration: blankToUndefined(row.trialDuration),
      trialDurationUnit: row.trialDurationUnit,
      frequency: row.frequency,
      billingDayOfMonth: blankToUndefined(row.billingDayOfMonth),
      isBillFromNextMonth: allowsMemberships ? checkbox(row.isBillFromNextMonth) : undefined,
    })
    if (!parsed.success) {
      for (const issue of parsed.error.issues) add(`${prefix}.${issue.path.join('.')}`, issue.message)
      return
    }
    rows.push({ guId: row.guId || null, name, options: parsed.data })
  })
  return { rows, errors }
}

function isEmptyRow(row: PriceOptionRowValues): boolean {
  const blank = blankPriceOptionRow(row.membershipDetails.membershipType)
  return JSON.stringify({ ...row, qty: row.qty || '1' }) === JSON.stringify(blank) && row.membershipDetails.membershipType === ''
}

/** What the table stores for a checked option (besides tenant, item and sequence). */
export function priceOptionColumns(row: PriceOptionRow): Omit<Insertable<ItemPriceOptionsTable>, 'tenant_id' | 'item_id'> {
  const { options } = row
  const membership = options.membership
  return {
    name: row.name,
    price_minor: options.price.amountMinor,
    currency: options.price.currency,
    is_other_price: options.isOtherPrice,
    other_price_minor: options.otherPrice?.amountMinor ?? null,
    discount_minor: options.discount.amountMinor,
    max_quantity: options.qty,
    is_taxable: options.isTaxable,
    is_charge_card_fees: options.isChargeCreditCardFees,
    membership_type: membership?.membershipType ?? null,
    registration_fee_minor: membership?.registrationFees.amountMinor ?? 0,
    credits: membership?.membershipType === 'card' ? membership.credits : null,
    frequency: membership?.membershipType === 'recurring' ? membership.frequency : null,
    billing_day_of_month: membership?.membershipType === 'recurring' ? membership.billingDayOfMonth : null,
    is_bill_from_next_month: membership?.membershipType === 'recurring' ? membership.isBillFromNextMonth : false,
    number_of_billing_cycles: membership?.membershipType === 'recurring' ? membership.numberOfBillingCycles : null,
    is_trial_period: membership?.membershipType === 'recurring' && membership.trial !== null,
    trial_duration: membership?.membershipType === 'recurring' ? (membership.trial?.duration ?? null) : null,
    trial_duration_unit: membership?.membershipType === 'recurring' ? (membership.trial?.unit ?? null) : null,
  }
}

export const storedPriceOptionSchema = z.object({
  guid: z.string(),
  name: z.string(),
  price_minor: z.number(),
  currency: z.string(),
  is_other_price: z.boolean(),
  other_price_minor: z.number().nullable(),
  discount_minor: z.number(),
  max_quantity: z.number(),
  is_taxable: z.boolean(),
  is_charge_card_fees: z.boolean(),
  membership_type: z.string().nullable(),
  registration_fee_minor: z.number(),
  credits: z.number().nullable(),
  frequency: z.string().nullable(),
  billing_day_of_month: z.number().nullable(),
  is_bill_from_next_month: z.boolean(),
  number_of_billing_cycles: z.number().nullable(),
  is_trial_period: z.boolean(),
  trial_duration: z.number().nullable(),
  trial_duration_unit: z.string().nullable(),
})
export type StoredPriceOption = z.infer<typeof storedPriceOptionSchema>

/** A stored option as the form shows it. */
export function storedPriceOptionValues(option: StoredPriceOption): PriceOptionRowValues {
  const money = (minor: number | null) => (minor === null ? '' : amountInputValue(minor, option.currency))
  const count = (value: number | null) => (value === null ? '' : String(value))
  const box = (value: boolean) => (value ? 'on' : '')
  return {
    guId: option.guid,
    name: option.name,
    price: money(option.price_minor),
    isOtherPrice: box(option.is_other_price),
    otherPrice: option.is_other_price ? money(option.other_price_minor) : '',
    discount: option.discount_minor > 0 ? money(option.discount_minor) : '',
    qty: String(option.max_quantity),
    isTaxable: box(option.is_taxable),
    isChargeCreditCardFees: box(option.is_charge_card_fees),
    membershipDetails: {
      membershipType: option.membership_type ?? '',
      registrationFees: option.membership_type && option.registration_fee_minor > 0 ? money(option.registration_fee_minor) : '',
      numberOfBillingCycles: count(option.number_of_billing_cycles),
      credits: count(option.credits),
    },
    frequency: option.frequency ?? '',
    billingDayOfMonth: count(option.billing_day_of_month),
    isBillFromNextMonth: box(option.is_bill_from_next_month),
    trialPeriod: box(option.is_trial_period),
    trialDuration: count(option.trial_duration),
    trialDurationUnit: option.trial_duration_unit ?? '',
  }
}
