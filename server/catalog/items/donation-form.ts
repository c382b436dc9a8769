import { BILLING_FREQUENCIES, type BillingFrequency } from '#db/tables/catalog'
import { amountInputValue, parseAmountInput } from '#server/catalog/money'

/** A campaign's own fields once checked: what a donor may give and the goal, in the tenant's currency. */
export interface DonationInput {
  currency: string
  suggestedAmountsMinor: number[]
  isOtherAmountAllowed: boolean
  isOneTimeAllowed: boolean
  isRecurringAllowed: boolean
  recurringFrequency: BillingFrequency
  goalMinor: number | null
}

export const DONATION_FIELDS = ['suggestedAmounts', 'isOtherAmountAllowed', 'isOneTimeAllowed', 'isRecurringAllowed', 'recurringFrequency', 'goal'] as const

export const DONATION_CHECKBOXES = ['isOtherAmountAllowed', 'isOneTimeAllowed', 'isRecurringAllowed'] as const

/** The donate form shows at most this many amounts to tap. */
export const MAX_SUGGESTED_AMOUNTS = 6

export const DONATION_FORM_MESSAGES = {
  amountsInvalid: (text: string) => `'${text}' is not an amount: enter amounts like 10, 25, 50 without thousands separators.`,
  amountsZero: 'Suggested amounts must be more than zero.',
  amountsTooMany: `Enter at most ${MAX_SUGGESTED_AMOUNTS} suggested amounts.`,
  amountsRepeated: 'Each suggested amount once, please.',
  nothingToGive: 'Suggest at least one amount or allow donors to enter their own.',
  noFrequency: 'Allow one-time gifts, recurring gifts, or both.',
  frequencyInvalid: 'Please choose how often a recurring gift is taken.',
  goalInvalid: 'Enter the goal as an amount, like 5000, or leave it empty.',
  goalZero: 'A goal must be more than zero; leave it empty for none.',
} as const

const M = DONATION_FORM_MESSAGES

/** A new campaign's fields: any amount, once or every month. */
export const BLANK_DONATION_FIELDS: Readonly<Record<(typeof DONATION_FIELDS)[number], string>> = {
  suggestedAmounts: '',
  isOtherAmountAllowed: 'on',
  isOneTimeAllowed: 'on',
  isRecurringAllowed: '',
  recurringFrequency: 'monthly',
  goal: '',
}

/**
 * Checks a campaign's fields: up to six suggested amounts (typed as a list, in the order the
 * donate form shows them), whether donors may type their own, one-time and recurring gifts
 * (at least one) with the recurring frequency, and an optional goal.
 */
export function parseDonationFields(fields: Record<string, string>, currency: string, add: (key: string, message: string) => void): DonationInput | null {
  let failed = false
  const fail = (key: string, message: string) => {
    failed = true
    add(key, message)
  }
  const suggestedAmountsMinor: number[] = []
  const pieces = (fields.suggestedAmounts ?? '')
    // A list of amounts has no thousands separators: every comma parts two amounts.
    .split(/[,;\s]+/)
    .map((piece) => piece.trim())
    .filter((piece) => piece !== '')
  for (const piece of pieces) {
    // A currency sign before the amount is allowed ($10); a minus is not.
    const minor = parseAmountInput(piece.replace(/^[^\d.-]+/, ''), currency)
    if (minor === null) {
      fail('suggestedAmounts', M.amountsInvalid(piece.slice(0, 20)))
      break
    }
    if (minor === 0) {
      fail('suggestedAmounts', M.amountsZero)
      break
    }
    suggestedAmountsMinor.push(minor)
  }
  if (!failed && suggestedAmountsMinor.length > MAX_SUGGESTED_AMOUNTS) fail('suggestedAmounts', M.amountsTooMany)
  else if (!failed && new Set(suggestedAmountsMinor).size !== suggestedAmountsMinor.length) fail('suggestedAmounts', M.amountsRepeated)

  const isOtherAmountAllowed = fields.isOtherAmountAllowed === 'on'
  if (!failed && suggestedAmountsMinor.length === 0 && !isOtherAmountAllowed) fail('suggestedAmounts', M.nothingToGive)

  const isOneTimeAllowed = fields.isOneTimeAllowed === 'on'
  const isRecurringAllowed = fields.isRecurringAllowed === 'on'
  if (!isOneTimeAllowed && !isRecurringAllowed) fail('isOneTimeAllowed', M.noFrequency)
  const recurringFrequency = BILLING_FREQUENCIES.find((frequency) => frequency === fields.recurringFrequency)
  if (!recurringFrequency) fail('recurringFrequency', M.frequencyInvalid)

  let goalMinor: number | null = null
  const goalText = (fields.goal ?? '').trim()
  if (goalText !== '') {
    goalMinor = parseAmountInput(goalText, currency)
    if (goalMinor === null) fail('goal', M.goalInvalid)
    else if (goalMinor === 0) fail('goal', M.goalZero)
  }

  if (failed || !recurringFrequency) return null
  return { currency, suggestedAmountsMinor, isOtherAmountAllowed, isOneTimeAllowed, isRecurringAllowed, recurringFrequency, goalMinor }
}

/** A stored campaign as its editor's fields. */
export function donationFieldValues(row: {
  currency: string
  suggested_amounts_minor: number[]
  is_other_amount_allowed: boolean
  is_one_time_allowed: boolean
  is_recurring_allowed: boolean
  recurring_frequency: BillingFrequency
  goal_minor: number | null
}): Record<(typeof DONATION_FIELDS)[number], string> {
  return {
    suggestedAmounts: row.suggested_amounts_minor.map((minor) => amountInputValue(minor, row.currency)).join(', '),
    isOtherAmountAllowed: row.is_other_amount_allowed ? 'on' : '',
    isOneTimeAllowed: row.is_one_time_allowed ? 'on' : '',
    isRecurringAllowed: row.is_recurring_allowed ? 'on' : '',
    recurringFrequency: row.recurring_frequency,
    goal: row.goal_minor === null ? '' : amountInputValue(row.goal_minor, row.currency),
  }
}
