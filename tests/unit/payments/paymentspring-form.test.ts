import { cardExpiryYears, parseBankForm, parseCardForm } from '#server/payments/paymentspring-form'

const now = new Date('2026-11-25T12:00:00Z')
const posted = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.set(name, value)
  return data
}
const goodCard = { cardOwnerName: 'Ada Lovelace', cardNumber: '4111 1111-1111 1111', cardExpMonth: '12', cardExpYear: '2026', csc: '123', zip: '' }

describe("PaymentSpring's card form (spec 001)", () => {
  it('strips spaces and dashes from the card number and takes this month as unexpired', () => {
    expect(parseCardForm(posted(goodCard), now)).toEqual({
      ok: true,
      value: { cardOwnerName: 'Ada Lovelace', cardNumber: '4111111111111111', cardExpMonth: 12, cardExpYear: 2026, csc: '123', zip: '' },
    })
  })

  it.each([
    ['an empty form', {}, { cardOwnerName: 'Name is required!', cardNumber: 'Number is required!', cardExpMonth: 'Month is required!', cardExpYear: 'Year is required!', csc: 'CVV is required!' }],
    ['a CVV under 3 digits', { ...goodCard, csc: '12' }, { csc: 'CVV is the 3 or 4 digits on the card.' }],
    ['a month gone by', { ...goodCard, cardExpMonth: '10' }, { cardExpMonth: 'This card has expired.' }],
    ['a year past the list', { ...goodCard, cardExpYear: '2036' }, { cardExpYear: 'Year is required!' }],
    ['letters in the number', { ...goodCard, cardNumber: '4111 abcd' }, { cardNumber: 'Enter the card number as it is on the card: 13 to 19 digits.' }],
    ['a malformed ZIP', { ...goodCard, zip: '1234' }, { zip: 'ZIP is 5 digits, or 5 and 4.' }],
  ])('refuses %s, and never shows the number or CVV back', (_case, fields, errors) => {
    const parsed = parseCardForm(posted(fields), now)
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.details.errors).toEqual(errors)
    expect(parsed.details.values).not.toHaveProperty('cardNumber')
    expect(parsed.details.values).not.toHaveProperty('csc')
  })

  it('offers this year and the nine after it', () => {
    expect(cardExpiryYears(now)).toEqual([2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035])
  })
})

describe("PaymentSpring's bank form (spec 001)", () => {
  it('requires every field, with the spec messages', () => {
    const parsed = parseBankForm(posted({}))
    expect(parsed.ok || parsed.details.errors).toEqual({
      bankAccountHolderFirstName: 'Bank Account Holder First Name is required!',
      bankAccountHolderLastName: 'Bank Account Holder Last Name is required!',
      bankAccountNumber: 'Bank Account Number is required!',
      bankRoutingNumber: 'Bank Routing Number is required!',
      bankAccountType: 'Bank Account Type is required!',
    })
  })

  it('takes a checking or savings account', () => {
    const parsed = parseBankForm(posted({ bankAccountHolderFirstName: 'Ada', bankAccountHolderLastName: 'Lovelace', bankAccountNumber: '0001 2345', bankRoutingNumber: '011000015', bankAccountType: 'savings' }))
    expect(parsed).toEqual({ ok: true, value: { firstName: 'Ada', lastName: 'Lovelace', accountNumber: '00012345', routingNumber: '011000015', accountType: 'savings' } })
  })
})
