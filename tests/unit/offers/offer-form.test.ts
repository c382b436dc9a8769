import { describe, expect, it } from 'vitest'
import { OFFER_FORM_MESSAGES as M, offerFormValuesOf, parseOfferForm, parsePercentInput, percentText } from '#server/offers/offer-form'
import { offerRowState, validText } from '#server/offers/offer-list'

const valid = {
  code: ' spring-sale_1 ', offerType: 'flat', discountType: 'percentage', discount: '12.5', primaryItemCategory: 'product', primaryItem: '', secondaryItemCategory: '',
  secondaryItem: '', secondaryItemCount: '', status: 'ACTIVE', validFrom: '2026-12-01', validUntil: '2026-12-31', usageLimit: '25',
}

describe('a percentage typed on the offer form', () => {
  it.each([
    ['10', 1000], ['12.5', 1250], ['0.01', 1], ['100', 10_000], ['33.33 %', 3333], ['7%', 700],
    ['0', null], ['100.01', null], ['12.345', null], ['-5', null], ['ten', null], ['', null], ['1e2', null],
  ] as const)('%s is %s basis points', (text, points) => {
    expect(parsePercentInput(text)).toBe(points)
  })

  it('shows basis points back as the shortest percentage', () => {
    expect([1000, 1250, 1, 3333, 10_000].map(percentText)).toEqual(['10', '12.5', '0.01', '33.33', '100'])
  })
})

describe('the offer form', () => {
  it('reads a whole form, upper-casing the code', () => {
    const parsed = parseOfferForm(valid, 'USD')
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.details.errors))
    expect(parsed.value.input).toMatchObject({ code: 'SPRING-SALE_1', discountBasisPoints: 1250, discountMinor: null, primaryItemCategory: 'product', validFrom: '2026-12-01', usageLimit: 25 })
  })

  it('reads an amount in the currency, whole yen included', () => {
    const dollars = parseOfferForm({ ...valid, discountType: 'amount', discount: '1,250.50' }, 'USD')
    expect(dollars.ok && dollars.value.input.discountMinor).toBe(125_050)
    const yen = parseOfferForm({ ...valid, discountType: 'amount', discount: '500' }, 'JPY')
    expect(yen.ok && yen.value.input.discountMinor).toBe(500)
    const yenCents = parseOfferForm({ ...valid, discountType: 'amount', discount: '500.5' }, 'JPY')
    expect(yenCents.ok ? null : yenCents.details.errors.discount).toBe(M.amount)
  })

  it('collects every message of a bad post at once and keeps what was typed', () => {
    const parsed = parseOfferForm({ ...valid, code: 'x', discount: '', status: 'SOMETIMES', validFrom: '2026-13-01', usageLimit: '1.5', secondaryItemCount: '100' }, 'USD')
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    expect(parsed.message).toBe(M.fixErrors)
    expect(parsed.details.errors).toEqual({
      code: M.codeShape, discount: M.discountRequired, status: M.choose, validFrom: M.date, usageLimit: M.usageLimit, secondaryItemCount: M.secondaryCount,
    })
    expect(parsed.details.values.code).toBe('X')
    expect(parsed.details.values.usageLimit).toBe('1.5')
  })

  it('never throws on what a browser could post', () => {
    for (const posted of [{}, { code: ['a'] }, { code: 'A'.repeat(5000) }, { discount: '\u0000' }, { primaryItem: "'; drop table offers; --" }]) {
      const parsed = parseOfferForm(posted as Record<string, unknown>, 'USD')
      expect(parsed.ok).toBe(false)
    }
  })

  it('draws a stored offer back into the form it was saved from', () => {
    const parsed = parseOfferForm(valid, 'USD')
    if (!parsed.ok) throw new Error('valid form refused')
    expect(offerFormValuesOf({ ...parsed.value.input, currency: 'USD' })).toEqual({ ...valid, code: 'SPRING-SALE_1' })
  })
})

describe('what the offers list says of a code today', () => {
  const base = { status: 'ACTIVE' as const, validFrom: null, validUntil: null, usageLimit: null, timesUsed: 0 }
  it.each([
    [base, 'active'],
    [{ ...base, status: 'DISABLED' as const }, 'disabled'],
    [{ ...base, status: 'EXPIRED' as const }, 'expired'],
    [{ ...base, validUntil: '2026-11-24' }, 'expired'],
    [{ ...base, validUntil: '2026-11-25' }, 'active'],
    [{ ...base, validFrom: '2026-11-26' }, 'scheduled'],
    [{ ...base, usageLimit: 5, timesUsed: 5 }, 'used-up'],
  ] as const)('%o is %s', (offer, state) => {
    expect(offerRowState(offer, '2026-11-25')).toBe(state)
  })

  it('words the validity dates', () => {
    expect(validText('2026-12-01', '2026-12-31')).toBe('Dec 1, 2026 – Dec 31, 2026')
    expect(validText('2026-12-01', null)).toBe('From Dec 1, 2026')
    expect(validText(null, '2026-12-31')).toBe('Until Dec 31, 2026')
    expect(validText(null, null)).toBe('Always')
  })
})
