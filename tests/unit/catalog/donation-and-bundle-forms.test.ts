import { describe, expect, it } from 'vitest'
import { BUNDLE_FORM_MESSAGES, parseBundleContents, postedBundleContents } from '#server/catalog/items/bundle-form'
import { DONATION_FORM_MESSAGES, donationFieldValues, parseDonationFields } from '#server/catalog/items/donation-form'

function donation(fields: Record<string, string>, currency = 'USD') {
  const errors: Record<string, string[]> = {}
  const input = parseDonationFields({ isOneTimeAllowed: 'on', recurringFrequency: 'monthly', ...fields }, currency, (key, message) => (errors[key] ??= []).push(message))
  return { input, errors }
}

describe("a donation campaign's fields", () => {
  it('reads amounts separated by commas, spaces or semicolons, in order, with a leading currency sign', () => {
    expect(donation({ suggestedAmounts: '$10; 25 50.5,100' }).input?.suggestedAmountsMinor).toEqual([1000, 2500, 5050, 10000])
  })

  it('reads amounts in the currency’s own decimals', () => {
    expect(donation({ suggestedAmounts: '500, 1000' }, 'JPY').input?.suggestedAmountsMinor).toEqual([500, 1000])
    expect(donation({ suggestedAmounts: '5.5' }, 'JPY').errors.suggestedAmounts).toEqual([DONATION_FORM_MESSAGES.amountsInvalid('5.5')])
  })

  it('refuses a negative amount', () => {
    expect(donation({ suggestedAmounts: '10, -5' }).errors.suggestedAmounts).toEqual([DONATION_FORM_MESSAGES.amountsInvalid('-5')])
  })

  it('takes no amounts when donors type their own', () => {
    expect(donation({ suggestedAmounts: '', isOtherAmountAllowed: 'on' }).input).toMatchObject({ suggestedAmountsMinor: [], isOtherAmountAllowed: true })
  })

  it('reports every field at once', () => {
    const { input, errors } = donation({ suggestedAmounts: '0', isOneTimeAllowed: '', goal: 'x', recurringFrequency: 'hourly' })
    expect(input).toBeNull()
    expect(Object.keys(errors).sort()).toEqual(['goal', 'isOneTimeAllowed', 'recurringFrequency', 'suggestedAmounts'])
  })

  it('shows stored amounts back as the fields take them', () => {
    const row = { currency: 'USD', suggested_amounts_minor: [1000, 2550], is_other_amount_allowed: true, is_one_time_allowed: true, is_recurring_allowed: false, recurring_frequency: 'yearly' as const, goal_minor: null }
    const fields = donationFieldValues(row)
    expect(fields).toEqual({ suggestedAmounts: '10.00, 25.50', isOtherAmountAllowed: 'on', isOneTimeAllowed: 'on', isRecurringAllowed: '', recurringFrequency: 'yearly', goal: '' })
    expect(donation(fields).input).toMatchObject({ suggestedAmountsMinor: [1000, 2550], recurringFrequency: 'yearly', goalMinor: null })
  })
})

describe("a bundle's contents", () => {
  const mat = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f'
  const block = '6a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d'

  it('keeps only guid keys of the posted quantities', () => {
    expect(postedBundleContents({ [mat]: '1', 'not-a-guid': '2', [block]: 3 })).toEqual({ [mat]: '1' })
  })

  it('leaves out empty and zero quantities, in the posted order', () => {
    const add = (): void => undefined
    expect(parseBundleContents({ [block]: '2', [mat]: '0', x: '' }, add)).toEqual([{ productGuId: block, quantity: 2 }])
  })

  it('names the input of a bad quantity, and asks for at least one product', () => {
    const errors: Record<string, string[]> = {}
    const add = (key: string, message: string) => (errors[key] ??= []).push(message)
    expect(parseBundleContents({ [mat]: '1.5' }, add)).toBeNull()
    expect(errors).toEqual({ [`contents.${mat}`]: [BUNDLE_FORM_MESSAGES.quantityInvalid] })
    const empty: Record<string, string[]> = {}
    expect(parseBundleContents({}, (key, message) => (empty[key] ??= []).push(message))).toBeNull()
    expect(empty).toEqual({ contents: [BUNDLE_FORM_MESSAGES.empty] })
  })
})
