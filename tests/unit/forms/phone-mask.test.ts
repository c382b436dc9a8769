import { describe, expect, it } from 'vitest'
import { countryFor } from '#server/shell/dial-codes'
import { applyPhoneMask, phoneCountryFor, phonePatternFor, phoneValue } from '#server/forms/phone-mask'

describe('phone masks per country (spec 002 sections 3 and 5)', () => {
  it.each([
    { input: '5550100000', mask: '000-000-0000', value: '555-010-0000' },
    { input: '(555) 010-0000', mask: '000-000-0000', value: '555-010-0000' },
    { input: '555010000', mask: '000-000-0000', value: '' },
    { input: '55501000001', mask: '000-000-0000', value: '' },
    { input: '98765 43210', mask: '00000-00000', value: '98765-43210' },
    { input: '07700900123', mask: '0000-000-000', value: '' },
    { input: '7700900123', mask: '0000-000-000', value: '7700-900-123' },
    { input: '81234567', mask: '0000-0000', value: '8123-4567' },
  ])('$input with $mask', ({ input, mask, value }) => {
    expect(applyPhoneMask(input, mask)).toBe(value)
  })

  it('is dial code, hyphen, number with multi-country support; number only otherwise', () => {
    const india = countryFor('IND')!
    expect(phoneValue('9876543210', india, true)).toBe('+91-98765-43210')
    expect(phoneValue('9876543210', india, false)).toBe('98765-43210')
    expect(phoneValue('98765', india, true)).toBe('')
  })

  it('finds the tenant country by name or code, defaulting to the United States', () => {
    expect(phoneCountryFor('United States').code).toBe('USA')
    expect(phoneCountryFor('India').code).toBe('IND')
    expect(phoneCountryFor('sgp').code).toBe('SGP')
    expect(phoneCountryFor('Narnia').code).toBe('USA')
  })

  it('gives the browser the same digit-count rule', () => {
    const pattern = new RegExp(phonePatternFor('000-000-0000'))
    expect(pattern.test('555-010-0000')).toBe(true)
    expect(pattern.test('(555) 0100000')).toBe(true)
    expect(pattern.test('555-010-000')).toBe(false)
  })
})
