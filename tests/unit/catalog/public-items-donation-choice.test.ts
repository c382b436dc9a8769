import { DONATION_MESSAGES, OTHER_AMOUNT, parseDonationChoice, type DonationCampaignRules, type DonationChoiceErrors } from '#server/catalog/public/donation-choice'

const scholarship: DonationCampaignRules = {
  currency: 'USD',
  suggestedAmountsMinor: [1000, 2500, 5000, 10000],
  isOtherAmountAllowed: true,
  isOneTimeAllowed: true,
  isRecurringAllowed: true,
  recurringFrequency: 'monthly',
}

/** Form fields as the browser sends them; a field left out is simply not there. */
const fields = (values: Partial<Record<'amount' | 'otherAmount' | 'frequency' | 'limit', string>>) =>
  new URLSearchParams(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))

/** A refusal: worded by its first message (amount, then the typed amount, then frequency), every field's message in details. */
const refused = (errors: DonationChoiceErrors) => ({ ok: false, error: 'invalid_input', message: errors.amount ?? errors.otherAmount ?? errors.frequency ?? errors.limit, details: errors })

describe('parseDonationChoice', () => {
  it.each([
    { name: 'a suggested amount, once', input: { amount: '2500', frequency: 'one-time' }, amountMinor: 2500, frequency: 'one-time', recurringFrequency: null },
    { name: 'a suggested amount, monthly', input: { amount: '10000', frequency: 'recurring' }, amountMinor: 10000, frequency: 'recurring', recurringFrequency: 'monthly' },
    { name: 'an amount of their own', input: { amount: OTHER_AMOUNT, otherAmount: '12.50', frequency: 'one-time' }, amountMinor: 1250, frequency: 'one-time', recurringFrequency: null },
    { name: 'an amount of their own with a thousands comma', input: { amount: OTHER_AMOUNT, otherAmount: ' 1,250 ', frequency: 'one-time' }, amountMinor: 125000, frequency: 'one-time', recurringFrequency: null },
    // The other-amount box is ignored when a suggested amount is chosen.
    { name: 'a suggested amount with a stray typed one', input: { amount: '1000', otherAmount: 'abc', frequency: 'one-time' }, amountMinor: 1000, frequency: 'one-time', recurringFrequency: null },
  ])('takes $name', ({ input, amountMinor, frequency, recurringFrequency }) => {
    expect(parseDonationChoice(fields(input), scholarship)).toEqual({ ok: true, value: { amountMinor, currency: 'USD', frequency, recurringFrequency, years: null } })
  })

  it.each([
    { name: 'no amount', input: { frequency: 'one-time' }, errors: { amount: DONATION_MESSAGES.chooseAmount } },
    { name: 'an amount the campaign does not suggest', input: { amount: '1', frequency: 'one-time' }, errors: { amount: DONATION_MESSAGES.chooseAmount } },
    { name: 'a negative amount', input: { amount: '-2500', frequency: 'one-time' }, errors: { amount: DONATION_MESSAGES.chooseAmount } },
    { name: 'other without a typed amount', input: { amount: OTHER_AMOUNT, otherAmount: '', frequency: 'one-time' }, errors: { otherAmount: DONATION_MESSAGES.typeAmount } },
    { name: 'words for an amount', input: { amount: OTHER_AMOUNT, otherAmount: 'ten dollars', frequency: 'one-time' }, errors: { otherAmount: DONATION_MESSAGES.badAmount } },
    { name: 'three decimals in dollars', input: { amount: OTHER_AMOUNT, otherAmount: '10.505', frequency: 'one-time' }, errors: { otherAmount: DONATION_MESSAGES.badAmount } },
    { name: 'a typed negative amount', input: { amount: OTHER_AMOUNT, otherAmount: '-5', frequency: 'one-time' }, errors: { otherAmount: DONATION_MESSAGES.badAmount } },
    { name: 'zero', input: { amount: OTHER_AMOUNT, otherAmount: '0.00', frequency: 'one-time' }, errors: { otherAmount: DONATION_MESSAGES.zeroAmount } },
    { name: 'an amount past the largest one', input: { amount: OTHER_AMOUNT, otherAmount: '100000001', frequency: 'one-time' }, errors: { otherAmount: DONATION_MESSAGES.tooMuch } },
    { name: 'no frequency when both are offered', input: { amount: '2500' }, errors: { frequency: DONATION_MESSAGES.chooseFrequency } },
    { name: 'an unknown frequency', input: { amount: '2500', frequency: 'weekly' }, errors: { frequency: DONATION_MESSAGES.chooseFrequency } },
    { name: 'nothing at all', input: {}, errors: { amount: DONATION_MESSAGES.chooseAmount, frequency: DONATION_MESSAGES.chooseFrequency } },
  ])('refuses $name with a message by the field', ({ input, errors }) => {
    expect(parseDonationChoice(fields(input), scholarship)).toEqual(refused(errors))
  })

  it('refuses a typed amount when the campaign only takes its suggested amounts', () => {
    const fixed = { ...scholarship, isOtherAmountAllowed: false }
    expect(parseDonationChoice(fields({ amount: OTHER_AMOUNT, otherAmount: '12', frequency: 'one-time' }), fixed)).toEqual(refused({ amount: DONATION_MESSAGES.chooseAmount }))
  })

  it('refuses a frequency the campaign does not offer, and needs no choice when it offers one', () => {
    const monthlyOnly = { ...scholarship, isOneTimeAllowed: false }
    expect(parseDonationChoice(fields({ amount: '2500', frequency: 'one-time' }), monthlyOnly)).toEqual(refused({ frequency: DONATION_MESSAGES.chooseFrequency }))
    expect(parseDonationChoice(fields({ amount: '2500' }), monthlyOnly)).toEqual({ ok: true, value: { amountMinor: 2500, currency: 'USD', frequency: 'recurring', recurringFrequency: 'monthly', years: null } })
  })

  it("reads amounts in the campaign's currency: yen have no minor digits", () => {
    const yen = { ...scholarship, currency: 'JPY', suggestedAmountsMinor: [1000] }
    expect(parseDonationChoice(fields({ amount: OTHER_AMOUNT, otherAmount: '1500', frequency: 'one-time' }), yen)).toEqual({
      ok: true,
      value: { amountMinor: 1500, currency: 'JPY', frequency: 'one-time', recurringFrequency: null, years: null },
    })
    expect(parseDonationChoice(fields({ amount: OTHER_AMOUNT, otherAmount: '15.5', frequency: 'one-time' }), yen)).toEqual(refused({ otherAmount: DONATION_MESSAGES.badAmount }))
  })

  it('reads form data as well as a query string', () => {
    const form = new FormData()
    form.set('amount', '5000')
    form.set('frequency', 'one-time')
    expect(parseDonationChoice(form, scholarship)).toMatchObject({ ok: true, value: { amountMinor: 5000 } })
  })

  it('gives on repeat until stopped, or for the years chosen; refuses any other limit', () => {
    const monthly = (limit: string) => parseDonationChoice(fields({ amount: '2500', frequency: 'recurring', limit }), scholarship)
    expect(monthly('-1')).toMatchObject({ ok: true, value: { frequency: 'recurring', years: null } })
    expect(monthly('')).toMatchObject({ ok: true, value: { frequency: 'recurring', years: null } })
    expect(monthly('2')).toMatchObject({ ok: true, value: { frequency: 'recurring', years: 2 } })
    for (const limit of ['0', '51', 'two', '1.5', '-2']) expect(monthly(limit)).toEqual(refused({ limit: DONATION_MESSAGES.chooseLimit }))
    // A gift given once has no limit, whatever the form says.
    expect(parseDonationChoice(fields({ amount: '2500', frequency: 'one-time', limit: '3' }), scholarship)).toMatchObject({ ok: true, value: { years: null } })
  })
})
