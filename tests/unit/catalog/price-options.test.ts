import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { amountInputValue, currencyDigits, parseAmountInput } from '#server/catalog/money'
import { PRICE_OPTION_MESSAGES as M, priceOptionsSchema, unitAmount } from '#server/catalog/price-options'

const usd = priceOptionsSchema('USD')

function errors(input: Record<string, unknown>, schema = usd): Record<string, string[]> {
  const result = schema.safeParse(input)
  if (result.success) return {}
  const byPath: Record<string, string[]> = {}
  for (const issue of result.error.issues) (byPath[issue.path.join('.')] ??= []).push(issue.message)
  return byPath
}

function parsed(input: Record<string, unknown>, schema = usd) {
  const result = schema.safeParse(input)
  if (!result.success) throw new Error(JSON.stringify(result.error.issues))
  return result.data
}

describe('amounts typed in a form, in minor units', () => {
  it.each([
    ['25', 'USD', 2500],
    ['25.5', 'USD', 2550],
    ['25.50', 'USD', 2550],
    [' 1,250.00 ', 'USD', 125000],
    ['0', 'INR', 0],
    ['999.99', 'INR', 99999],
    ['1500', 'JPY', 1500],
    ['1.250', 'KWD', 1250],
    ['0.10', 'USD', 10],
  ])('%s %s is %s', (text, currency, minor) => {
    expect(parseAmountInput(text, currency)).toBe(minor)
  })

  it.each(['', '-5', '25.505', '1e3', 'ten', '.5', '1,25', 'NaN', '12.5 USD', '100000000.01', '1234567890123'])('refuses %j', (text) => {
    expect(parseAmountInput(text, 'USD')).toBeNull()
  })

  it('takes a trailing point as a whole amount', () => {
    expect(parseAmountInput('25.', 'USD')).toBe(2500)
  })

  it('refuses more decimals than the currency has', () => {
    expect(parseAmountInput('1500.5', 'JPY')).toBeNull()
    expect(currencyDigits('usd')).toBe(2)
    expect(currencyDigits('NOT-A-CODE')).toBe(2)
  })

  it('shows an amount back in the form it is typed, and reads it again to the same minor units', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), fc.constantFrom('USD', 'INR', 'JPY', 'KWD'), (minor, currency) => {
        expect(parseAmountInput(amountInputValue(minor, currency), currency)).toBe(minor)
      }),
    )
    expect(amountInputValue(2550, 'USD')).toBe('25.50')
    expect(amountInputValue(5, 'USD')).toBe('0.05')
  })
})

describe('price options (spec 002 Item/membership)', () => {
  it('a plain item: price, discount, quantity, taxable, card fees', () => {
    expect(parsed({ price: '49.99', discount: '5', qty: '2', isTaxable: true, isChargeCreditCardFees: true })).toEqual({
      price: { amountMinor: 4999, currency: 'USD' },
      isOtherPrice: false,
      otherPrice: null,
      discount: { amountMinor: 500, currency: 'USD' },
      qty: 2,
      isTaxable: true,
      isChargeCreditCardFees: true,
      membership: null,
    })
  })

  it('defaults: no discount, quantity 1, checkboxes not ticked', () => {
    const options = parsed({ price: 10 })
    expect([options.discount.amountMinor, options.qty, options.isTaxable, options.isChargeCreditCardFees]).toEqual([0, 1, false, false])
  })

  it.each([
    [{}, { price: [M.priceRequired] }],
    [{ price: '   ' }, { price: [M.priceRequired] }],
    [{ price: '-1' }, { price: [M.amountInvalid] }],
    [{ price: '10.999' }, { price: [M.amountInvalid] }],
    [{ price: '10', discount: '10.01' }, { discount: [M.discountTooLarge] }],
    [{ price: '10', qty: '0' }, { qty: [M.quantityInvalid] }],
    [{ price: '10', qty: '10' }, { qty: [M.quantityInvalid] }],
    [{ price: '10', qty: '2.5' }, { qty: [M.quantityInvalid] }],
    [{ price: '10', isOtherPrice: true, otherPrice: 'abc' }, { otherPrice: [M.amountInvalid] }],
  ])('refuses %o with %o', (input, expected) => {
    expect(errors(input)).toEqual(expected)
  })

  it('quantity choices are 1 to 9', () => {
    for (let qty = 1; qty <= 9; qty++) expect(parsed({ price: '1', qty: String(qty) }).qty).toBe(qty)
  })

  it('a discount equal to the price makes it free', () => {
    expect(unitAmount(parsed({ price: '10', discount: '10' }))).toEqual({ amountMinor: 0, currency: 'USD' })
  })

  it("'other price': the buyer names an amount of at least otherPrice", () => {
    const options = parsed({ price: '25', isOtherPrice: true, otherPrice: '5' })
    expect(options.otherPrice).toEqual({ amountMinor: 500, currency: 'USD' })
    expect(unitAmount(options, { amountMinor: 1200, currency: 'USD' })).toEqual({ amountMinor: 1200, currency: 'USD' })
    expect(unitAmount(options, { amountMinor: 499, currency: 'USD' })).toBeNull()
    expect(unitAmount(options, { amountMinor: 1200, currency: 'INR' })).toBeNull()
    expect(unitAmount(options)).toEqual({ amountMinor: 2500, currency: 'USD' })
    // Without an otherPrice any positive amount will do, but never nothing.
    const open = parsed({ price: '25', isOtherPrice: true })
    expect(unitAmount(open, { amountMinor: 1, currency: 'USD' })?.amountMinor).toBe(1)
    expect(unitAmount(open, { amountMinor: 0, currency: 'USD' })).toBeNull()
  })

  it('amounts take the currency the schema was made for', () => {
    expect(parsed({ price: '1500' }, priceOptionsSchema('JPY')).price).toEqual({ amountMinor: 1500, currency: 'JPY' })
    expect(errors({ price: '1500.50' }, priceOptionsSchema('JPY'))).toEqual({ price: [M.amountInvalid] })
  })
})

describe('membership terms', () => {
  it('a recurring membership: frequency, billing day, bill from next month, cycles, registration fee, trial', () => {
    const options = parsed({
      price: '99',
      membershipDetails: { membershipType: 'recurring', registrationFees: '25', numberOfBillingCycles: '12' },
      frequency: 'monthly',
      billingDayOfMonth: '31',
      isBillFromNextMonth: true,
      trialPeriod: true,
      trialDuration: '7',
      trialDurationUnit: 'days',
    })
    expect(options.membership).toEqual({
      membershipType: 'recurring',
      registrationFees: { amountMinor: 2500, currency: 'USD' },
      frequency: 'monthly',
      numberOfBillingCycles: 12,
      billingDayOfMonth: 31,
      isBillFromNextMonth: true,
      trial: { duration: 7, unit: 'days' },
    })
  })

  it('every billing frequency of the spec is accepted; no cycles (or 0) bills until stopped', () => {
    for (const frequency of ['daily', 'weekly', 'monthly', 'quarterly', 'halfyearly', 'yearly']) {
      const membership = parsed({ price: '10', membershipDetails: { membershipType: 'recurring', numberOfBillingCycles: '0' }, frequency }).membership
      expect(membership).toMatchObject({ membershipType: 'recurring', frequency, numberOfBillingCycles: null, trial: null, billingDayOfMonth: null })
    }
  })

  it('a card holds a number of credits; unlimited needs nothing more', () => {
    expect(parsed({ price: '150', membershipDetails: { membershipType: 'card', credits: '10' } }).membership).toEqual({
      membershipType: 'card',
      registrationFees: { amountMinor: 0, currency: 'USD' },
      credits: 10,
    })
    expect(parsed({ price: '150', membershipDetails: { membershipType: 'unlimited' } }).membership?.membershipType).toBe('unlimited')
  })

  it.each([
    [{ membershipDetails: { membershipType: 'lifetime' } }, { 'membershipDetails.membershipType': [M.membershipTypeInvalid] }],
    [{ membershipDetails: { membershipType: 'card' } }, { 'membershipDetails.credits': [M.creditsRequired] }],
    [{ membershipDetails: { membershipType: 'card', credits: '0' } }, { 'membershipDetails.credits': [M.creditsInvalid] }],
    [{ membershipDetails: { membershipType: 'card', credits: '-3' } }, { 'membershipDetails.credits': [M.creditsInvalid] }],
    [{ membershipDetails: { membershipType: 'recurring' } }, { frequency: [M.frequencyRequired] }],
    [{ membershipDetails: { membershipType: 'recurring' }, frequency: 'fortnightly' }, { frequency: [M.frequencyRequired] }],
    [{ membershipDetails: { membershipType: 'recurring', numberOfBillingCycles: '1.5' }, frequency: 'monthly' }, { 'membershipDetails.numberOfBillingCycles': [M.billingCyclesInvalid] }],
    [{ membershipDetails: { membershipType: 'recurring' }, frequency: 'monthly', billingDayOfMonth: '32' }, { billingDayOfMonth: [M.billingDayInvalid] }],
    [{ membershipDetails: { membershipType: 'recurring' }, frequency: 'weekly', billingDayOfMonth: '15' }, { billingDayOfMonth: [M.billingDayNeedsMonths] }],
    [{ membershipDetails: { membershipType: 'recurring' }, frequency: 'monthly', isBillFromNextMonth: true }, { isBillFromNextMonth: [M.billFromNextMonthNeedsDay] }],
    [{ membershipDetails: { membershipType: 'recurring' }, frequency: 'monthly', trialPeriod: true }, { trialDuration: [M.trialDurationRequired], trialDurationUnit: [M.trialUnitInvalid] }],
    [{ membershipDetails: { membershipType: 'recurring' }, frequency: 'monthly', trialPeriod: true, trialDuration: '0', trialDurationUnit: 'weeks' }, { trialDuration: [M.trialDurationInvalid], trialDurationUnit: [M.trialUnitInvalid] }],
    [{ membershipDetails: { membershipType: 'card', credits: '5' }, trialPeriod: true }, { trialPeriod: [M.trialOnlyRecurring] }],
    [{ trialPeriod: true }, { trialPeriod: [M.trialOnlyRecurring] }],
    [{ membershipDetails: { membershipType: 'unlimited', registrationFees: 'free' } }, { 'membershipDetails.registrationFees': [M.amountInvalid] }],
  ])('refuses %o with %o', (input, expected) => {
    expect(errors({ price: '10', ...input })).toEqual(expected)
  })

  it('never throws on anything a form can post', () => {
    const field = fc.oneof(fc.string({ maxLength: 12 }), fc.integer(), fc.double(), fc.constant(undefined))
    fc.assert(
      fc.property(
        fc.record({ price: field, discount: field, qty: field, otherPrice: field, isOtherPrice: fc.boolean(), trialPeriod: fc.boolean(), trialDuration: field, frequency: fc.option(fc.string()), billingDayOfMonth: field }),
        fc.record({ membershipType: fc.constantFrom('', 'recurring', 'card', 'unlimited', 'x'), credits: field, numberOfBillingCycles: field }),
        (input, membershipDetails) => {
          const result = usd.safeParse({ ...input, frequency: input.frequency ?? undefined, membershipDetails })
          if (result.success) {
            expect(Number.isInteger(result.data.price.amountMinor)).toBe(true)
            expect(result.data.discount.amountMinor).toBeLessThanOrEqual(result.data.price.amountMinor)
          }
        },
      ),
    )
  })
})
