import { formFixture } from '#tests/unit/forms/form-fixture'
import { customFieldKey } from '#server/forms/form-inputs'
import { phoneCountryFor } from '#server/forms/phone-mask'
import { parseBuyer, BUYER_MESSAGES } from '#server/checkout/buyer-form'
import { CART_MESSAGES, dueNowPerUnit, firstPeriodDueNow, lineProblem, pricingInputOf } from '#server/checkout/cart-line-rules'
import type { CartLineFacts, CartPriceOption } from '#server/checkout/cart-lines'
import { isSoldOnline } from '#server/checkout/sold-online'

const now = new Date('2026-11-24T15:00:00Z')

function option(changes: Partial<CartPriceOption> = {}): CartPriceOption {
  return {
    id: 'o1', guid: 'g1', name: 'Sticker', priceMinor: 0, currency: 'USD', discountMinor: 0, isOtherPrice: false, otherPriceMinor: null, maxQuantity: 3,
    isTaxable: false, isChargeCardFees: false, membershipType: null, credits: null, frequency: null, billingDayOfMonth: null, isBillFromNextMonth: false,
    numberOfBillingCycles: null, registrationFeeMinor: 0, trial: null, isArchived: false, ...changes,
  }
}

function line(changes: Partial<CartLineFacts> = {}, optionChanges: Partial<CartPriceOption> = {}): CartLineFacts {
  return {
    guid: 'l1', quantity: 1, amountMinor: null,
    item: { id: 'i1', guid: 'ig1', kind: 'product', name: 'Sticker', slug: 'sticker', paymentType: 'PAID', stockQuantity: null, isOnSale: true },
    option: option(optionChanges), event: null, isBundleShort: false, dropIn: null, classOccurrence: null, gift: null, ...changes,
  }
}

const event = (changes: Partial<NonNullable<CartLineFacts['event']>> = {}): NonNullable<CartLineFacts['event']> => ({
  itemId: 'i1', startsAt: new Date('2026-12-05T19:00:00Z'), endsAt: new Date('2026-12-05T21:00:00Z'), timeZone: 'America/New_York', capacity: 10, registeredCount: 0,
  registrationClosesAt: null, venueName: null, addressLine1: null, addressLine2: null, city: null, state: null, zip: null, country: null, ...changes,
})

describe('what checkout takes online before payments are connected', () => {
  it.each([
    { terms: { priceMinor: 0, discountMinor: 0, registrationFeeMinor: 0, isOtherPrice: false }, sold: true },
    { terms: { priceMinor: 1500, discountMinor: 1500, registrationFeeMinor: 0, isOtherPrice: false }, sold: true },
    { terms: { priceMinor: 1500, discountMinor: 0, registrationFeeMinor: 0, isOtherPrice: false }, sold: false },
    { terms: { priceMinor: 0, discountMinor: 0, registrationFeeMinor: 500, isOtherPrice: false }, sold: false },
    { terms: { priceMinor: 0, discountMinor: 0, registrationFeeMinor: 0, isOtherPrice: true }, sold: false },
  ])('$terms is sold online: $sold', ({ terms, sold }) => {
    expect(isSoldOnline(terms)).toBe(sold)
  })
})

describe('a cart line that cannot be bought says why', () => {
  it.each([
    { name: 'on sale', facts: line(), problem: null },
    { name: 'unpublished', facts: line({ item: { ...line().item, isOnSale: false } }), problem: CART_MESSAGES.notSold('Sticker') },
    { name: 'archived option', facts: line({}, { isArchived: true }), problem: CART_MESSAGES.notSold('Sticker') },
    { name: 'priced', facts: line({}, { priceMinor: 500 }), problem: CART_MESSAGES.notOnline('Sticker') },
    { name: 'too many', facts: line({ quantity: 4 }), problem: CART_MESSAGES.tooMany('Sticker', 3) },
    { name: 'sold out', facts: line({ item: { ...line().item, stockQuantity: 0 } }), problem: CART_MESSAGES.soldOut('Sticker') },
    { name: 'fewer left', facts: line({ quantity: 3, item: { ...line().item, stockQuantity: 2 } }), problem: 'Only 2 of Sticker left. Lower the quantity to buy it.' },
    { name: 'short bundle', facts: line({ isBundleShort: true, item: { ...line().item, kind: 'bundle' } }), problem: CART_MESSAGES.soldOut('Sticker') },
    { name: 'open event', facts: line({ event: event(), item: { ...line().item, kind: 'event' } }), problem: null },
    { name: 'full event', facts: line({ event: event({ registeredCount: 10 }), item: { ...line().item, kind: 'event' } }), problem: 'Sticker: Sold out.' },
    { name: 'two seats, one left', facts: line({ quantity: 2, event: event({ registeredCount: 9 }), item: { ...line().item, kind: 'event' } }), problem: 'Only 1 place is left at Sticker. Lower the quantity to register.' },
    { name: 'closed event', facts: line({ event: event({ registrationClosesAt: new Date('2026-11-20T00:00:00Z') }), item: { ...line().item, kind: 'event' } }), problem: 'Sticker: Registration closed.' },
  ])('$name', ({ facts, problem }) => {
    expect(lineProblem(facts, now)).toBe(problem)
  })
})

describe('what a line costs today', () => {
  it('takes the discount off a one-time price and counts the quantity', () => {
    const facts = line({ quantity: 2 }, { priceMinor: 1800, discountMinor: 300 })
    expect(dueNowPerUnit(facts.option!)).toBe(1500)
    expect(pricingInputOf({ ...facts, option: facts.option! })).toMatchObject({ unitPriceMinor: 1800, unitDiscountMinor: 300, quantity: 2, recurring: null })
  })

  it('charges a recurring membership its registration fee, and its first period unless a trial or a billing day comes first', () => {
    const monthly = option({ membershipType: 'recurring', frequency: 'monthly', priceMinor: 12900, registrationFeeMinor: 2500 })
    expect(firstPeriodDueNow(monthly)).toBe(true)
    expect(dueNowPerUnit(monthly)).toBe(15400)
    expect(dueNowPerUnit({ ...monthly, trial: { duration: 7, unit: 'days' } })).toBe(2500)
    expect(dueNowPerUnit({ ...monthly, billingDayOfMonth: 1 })).toBe(2500)
    const input = pricingInputOf({ ...line({ quantity: 3 }), option: monthly })
    expect(input).toMatchObject({ quantity: 1, recurring: { periodPriceMinor: 12900, registrationFeeMinor: 2500, firstPeriodDueNow: true } })
  })
})

describe("the checkout's user form", () => {
  const valid = { firstName: ' Maya ', lastName: 'Lindqvist', email: ' Maya@Example.TEST ', phone: '(555) 010-2222', note: 'Left-handed' }

  it('keeps a valid form, trimmed, with the email lower-cased', () => {
    const parsed = parseBuyer(valid, { waiverRequired: false })
    expect(parsed).toEqual({
      ok: true,
      value: {
        firstName: 'Maya', lastName: 'Lindqvist', email: 'maya@example.test', phone: '(555) 010-2222', note: 'Left-handed', signedWaiver: false, addressLine1: '',
        addressLine2: '', city: '', state: '', zip: '', emergencyContactName: '', emergencyContactPhone: '', dob: '', wantsAccount: false, customAnswers: [],
        guardians: { motherName: '', motherEmail: '', motherPhone: '', fatherName: '', fatherEmail: '', fatherPhone: '' },
      },
    })
  })

  it("asks the checkout form's custom fields by the registration forms' rules, and its guardians when it shows them", () => {
    const country = phoneCountryFor('US')
    const definition = formFixture({ isShowGuardian: true })
    const [experience, rules, notes] = definition.fields.map((field) => customFieldKey(field.guId))
    const form = { definition, country }
    const refused = parseBuyer({ ...valid, [experience]: 'Expert', motherEmail: 'mum@', fatherPhone: 'ring' }, { waiverRequired: false, form })
    expect(refused.ok).toBe(false)
    if (!refused.ok) {
      expect(refused.details.errors[rules]).toBe('I agree to the studio rules is required!')
      expect(refused.details.errors[experience]).toBeTruthy()
      expect(refused.details.errors.motherEmail).toBe('Please enter a valid email address!')
      expect(refused.details.errors.fatherPhone).toBe(BUYER_MESSAGES.guardianPhone('Father'))
      // What was typed comes back, to show again.
      expect(refused.details.values).toMatchObject({ [experience]: 'Expert', motherEmail: 'mum@', fatherPhone: 'ring' })
    }
    const kept = parseBuyer({ ...valid, [experience]: 'Beginner', [rules]: 'on', [notes]: ' Knees ', motherName: 'Ana', motherEmail: 'Ana@Example.test' }, { waiverRequired: false, form })
    expect(kept.ok && kept.value.customAnswers.map((answer) => [answer.name, answer.value])).toEqual([
      ['Experience', 'Beginner'],
      ['I agree to the studio rules', true],
      ['Injuries or health notes', 'Knees'],
    ])
    expect(kept.ok && kept.value.guardians).toMatchObject({ motherName: 'Ana', motherEmail: 'ana@example.test', fatherName: '' })
    // Guardians not shown are not read, whatever is posted.
    const noGuardians = parseBuyer({ ...valid, [experience]: 'Beginner', [rules]: 'on', motherName: 'Ana' }, { waiverRequired: false, form: { definition: { ...definition, isShowGuardian: false }, country } })
    expect(noGuardians.ok && noGuardians.value.guardians.motherName).toBe('')
  })

  it.each([
    { changes: { firstName: '' }, field: 'firstName', message: BUYER_MESSAGES.firstName },
    { changes: { lastName: '   ' }, field: 'lastName', message: BUYER_MESSAGES.lastName },
    { changes: { email: '' }, field: 'email', message: 'Email is required!' },
    { changes: { email: 'maya@' }, field: 'email', message: 'Please enter a valid email address!' },
    { changes: { phone: 'call me' }, field: 'phone', message: BUYER_MESSAGES.phone },
    { changes: { note: 'x'.repeat(1001) }, field: 'note', message: 'Note must be at most 1000 characters.' },
  ])('refuses $field: $message', ({ changes, field, message }) => {
    const parsed = parseBuyer({ ...valid, ...changes }, { waiverRequired: false })
    expect(parsed.ok).toBe(false)
    if (!parsed.ok) expect(parsed.details.errors[field as keyof typeof parsed.details.errors]).toBe(message)
  })

  it('reads the optional details, asks the address only when the studio needs it, and refuses a birth date in the future', () => {
    const full = parseBuyer({ ...valid, dob: '1988-07-01', emergencyContactName: 'Ola', emergencyContactPhone: '555 010 9999', createAccount: 'on', addressLine1: '1 Main St', city: 'Bath', zip: '04530' }, { waiverRequired: false, addressRequired: true, today: '2026-11-25' })
    expect(full.ok && full.value).toMatchObject({ dob: '1988-07-01', emergencyContactName: 'Ola', wantsAccount: true, addressLine1: '1 Main St', city: 'Bath', zip: '04530' })
    const noAddress = parseBuyer(valid, { waiverRequired: false, addressRequired: true })
    expect(noAddress.ok ? null : noAddress.details.errors).toEqual({ addressLine1: BUYER_MESSAGES.address, city: BUYER_MESSAGES.city, zip: BUYER_MESSAGES.zip })
    const future = parseBuyer({ ...valid, dob: '2026-11-26' }, { waiverRequired: false, today: '2026-11-25' })
    expect(future.ok ? null : future.details.errors.dob).toBe(BUYER_MESSAGES.dob)
    const today = parseBuyer({ ...valid, dob: '2026-11-25' }, { waiverRequired: false, today: '2026-11-25' })
    expect(today.ok).toBe(true)
  })

  it('drops control characters a crafted post carries (Postgres refuses a NUL in text)', () => {
    const parsed = parseBuyer({ ...valid, firstName: 'Ma\u0000ya', lastName: '\u0000\uD800', note: 'Left\u0007-handed' }, { waiverRequired: false })
    expect(parsed.ok && parsed.value).toMatchObject({ firstName: 'Maya', lastName: '\uFFFD', note: 'Left-handed' })
    const empty = parseBuyer({ ...valid, lastName: '\u0000' }, { waiverRequired: false })
    expect(empty.ok ? null : empty.details.errors.lastName).toBe(BUYER_MESSAGES.lastName)
  })

  it('asks for the waiver when the studio requires it, and never trusts a value that is not text', () => {
    const refused = parseBuyer(valid, { waiverRequired: true })
    expect(refused.ok ? null : refused.details.errors.signedWaiver).toBe(BUYER_MESSAGES.waiver)
    expect(parseBuyer({ ...valid, waiver: 'on' }, { waiverRequired: true }).ok).toBe(true)
    expect(parseBuyer({ firstName: ['a'], lastName: 5, email: {} }, { waiverRequired: false }).ok).toBe(false)
  })
})
