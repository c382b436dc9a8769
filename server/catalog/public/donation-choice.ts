import { z } from 'zod'
import type { BillingFrequency } from '#db/tables/catalog'
import { MAX_AMOUNT_MINOR, currencyDigits, parseAmountInput } from '#server/catalog/money'
import { err, ok, type WordedResult } from '#server/errors/result'
import { moneyText } from './price-text'
import { donationBillingCycles, UNLIMITED_DONATION_LIMIT } from '#server/catalog/billing-cycles'

/** What a campaign lets a donor choose (its donation_details row). */
export interface DonationCampaignRules {
  currency: string
  suggestedAmountsMinor: readonly number[]
  isOtherAmountAllowed: boolean
  isOneTimeAllowed: boolean
  isRecurringAllowed: boolean
  recurringFrequency: BillingFrequency
}

/** A donor's valid choice: the amount in minor units of the campaign's currency, and how often. */
export interface DonationChoice {
  amountMinor: number
  currency: string
  frequency: 'one-time' | 'recurring'
  /** Set when recurring: the campaign's billing frequency. */
  recurringFrequency: BillingFrequency | null
  /** Recurring only: for how many years the gift repeats; null until the donor stops it (the spec's '-1'). */
  years: number | null
}

export type DonationChoiceField = 'amount' | 'otherAmount' | 'frequency' | 'limit'

/** A message by field of the donate form. */
export type DonationChoiceErrors = Partial<Record<DonationChoiceField, string>>

/** The donor's choice; or, refused, the first message (amount first) and every field's message in `details`. */
export type DonationChoiceResult = WordedResult<DonationChoice, 'invalid_input', DonationChoiceErrors>

/** The value the donate form's 'Other amount' choice posts in `amount`. */
export const OTHER_AMOUNT = 'other'

export const DONATION_MESSAGES = {
  chooseAmount: 'Choose an amount to give.',
  typeAmount: 'Enter the amount you would like to give.',
  badAmount: 'Enter an amount in numbers, like 25 or 25.50.',
  zeroAmount: 'Enter an amount above zero.',
  tooMuch: `Enter an amount of at most ${moneyText(MAX_AMOUNT_MINOR, 'USD').replace('$', '')}.`,
  chooseFrequency: 'Choose how often to give.',
  chooseLimit: 'Choose for how long to give.',
} as const

/** How long a gift on repeat may run, as the donate form offers it: until stopped, or a number of years. */
export const GIFT_LIMIT_CHOICES = [
  { value: UNLIMITED_DONATION_LIMIT, label: 'Until I stop it' },
  { value: '1', label: 'For 1 year' },
  { value: '2', label: 'For 2 years' },
  { value: '3', label: 'For 3 years' },
  { value: '5', label: 'For 5 years' },
] as const

const rawChoice = z.object({
  amount: z.string().trim().max(40).optional(),
  otherAmount: z.string().trim().max(40).optional(),
  frequency: z.string().trim().max(20).optional(),
  limit: z.string().trim().max(10).optional(),
})

/**
 * The donate form's fields (amount: a suggested amount in minor units or 'other'; otherAmount:
 * what the donor typed, in major units; frequency: 'one-time' or 'recurring') checked against
 * the campaign: a suggested amount must be one of the campaign's, a typed one is allowed only
 * when the campaign takes other amounts, and the frequency must be one it offers. One parser
 * for the donate page and checkout, so neither trusts the other's form.
 */
export function donationChoiceSchema(campaign: DonationCampaignRules) {
  return rawChoice.transform((input, ctx): DonationChoice => {
    const fail = (path: DonationChoiceField, message: string) => {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: [path], message })
    }
    let amountMinor: number | null = null
    const amount = input.amount ?? ''
    if (amount === OTHER_AMOUNT || (amount === '' && campaign.suggestedAmountsMinor.length === 0)) {
      const typed = input.otherAmount ?? ''
      if (!campaign.isOtherAmountAllowed) fail('amount', DONATION_MESSAGES.chooseAmount)
      else if (typed === '') fail('otherAmount', DONATION_MESSAGES.typeAmount)
      else {
        amountMinor = parseAmountInput(typed, campaign.currency)
        if (amountMinor === null) fail('otherAmount', isTooLarge(typed, campaign.currency) ? DONATION_MESSAGES.tooMuch : DONATION_MESSAGES.badAmount)
        else if (amountMinor <= 0) fail('otherAmount', DONATION_MESSAGES.zeroAmount)
      }
    } else if (/^\d{1,12}$/.test(amount) && campaign.suggestedAmountsMinor.includes(Number(amount))) {
      amountMinor = Number(amount)
    } else {
      fail('amount', DONATION_MESSAGES.chooseAmount)
    }

    const offered = [...(campaign.isOneTimeAllowed ? ['one-time'] : []), ...(campaign.isRecurringAllowed ? ['recurring'] : [])]
    // A campaign with one way to give needs no choice.
    const frequency = input.frequency || (offered.length === 1 ? offered[0] : '')
    if (frequency !== 'one-time' && frequency !== 'recurring') fail('frequency', DONATION_MESSAGES.chooseFrequency)
    else if (!offered.includes(frequency)) fail('frequency', DONATION_MESSAGES.chooseFrequency)

    // A form without the choice (an older page, a one-time gift) gives until stopped.
    const cycles = frequency === 'recurring' ? donationBillingCycles(input.limit || UNLIMITED_DONATION_LIMIT) : null
    if (frequency === 'recurring' && cycles === null) fail('limit', DONATION_MESSAGES.chooseLimit)

    if (amountMinor === null || amountMinor <= 0 || (frequency !== 'one-time' && frequency !== 'recurring') || !offered.includes(frequency)) return z.NEVER
    if (frequency === 'recurring' && cycles === null) return z.NEVER
    return {
      amountMinor,
      currency: campaign.currency,
      frequency,
      recurringFrequency: frequency === 'recurring' ? campaign.recurringFrequency : null,
      years: cycles?.kind === 'limited' ? Number((input.limit ?? '').trim()) : null,
    }
  })
}

/** Parses the donate form's fields (a query string or form data) for a campaign. */
export function parseDonationChoice(fields: URLSearchParams | FormData, campaign: DonationCampaignRules): DonationChoiceResult {
  const value = (name: string) => {
    const raw = fields.get(name)
    return typeof raw === 'string' ? raw : undefined
  }
  const parsed = donationChoiceSchema(campaign).safeParse({ amount: value('amount'), otherAmount: value('otherAmount'), frequency: value('frequency'), limit: value('limit') })
  if (parsed.success) return ok(parsed.data)
  const errors: Partial<Record<DonationChoiceField, string>> = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0]
    if ((field === 'amount' || field === 'otherAmount' || field === 'frequency' || field === 'limit') && !errors[field]) errors[field] = issue.message
    else if (field !== 'amount' && field !== 'otherAmount' && field !== 'frequency' && field !== 'limit' && !errors.amount) errors.amount = DONATION_MESSAGES.chooseAmount
  }
  return err('invalid_input', errors.amount ?? errors.otherAmount ?? errors.frequency ?? errors.limit ?? DONATION_MESSAGES.chooseAmount, errors)
}

/** A well-formed number that is only refused for its size. */
function isTooLarge(typed: string, currency: string): boolean {
  const plain = typed.replace(/,/g, '')
  return /^\d+(\.\d+)?$/.test(plain) && Number(plain) * 10 ** currencyDigits(currency) > MAX_AMOUNT_MINOR
}
