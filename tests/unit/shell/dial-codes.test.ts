import { describe, expect, it } from 'vitest'
import {
  COUNTRIES,
  countryFor,
  dialCodeForCurrency,
  dialCodeForTimeZone,
  timeZonesForCountry,
} from '#server/shell/dial-codes'

describe('dialCodeForCurrency', () => {
  it.each([
    ['usd', '+1'],
    ['cad', '+1'],
    ['inr', '+91'],
    ['eur', '+33'],
    ['gbp', '+44'],
    ['aud', '+61'],
    ['aed', '+971'],
    ['jpy', '+81'],
    ['cny', '+86'],
    ['sgd', '+65'],
    ['idr', '+62'],
    ['myr', '+60'],
    ['php', '+63'],
    ['USD', '+1'],
    ['Inr', '+91'],
    ['chf', '+1'],
  ])('%s -> %s', (currency, dialCode) => {
    expect(dialCodeForCurrency(currency)).toBe(dialCode)
  })
})

describe('dialCodeForTimeZone', () => {
  it.each([
    ['America/Los_Angeles', '+1'],
    ['America/Denver', '+1'],
    ['America/Chicago', '+1'],
    ['America/New_York', '+1'],
    ['America/Phoenix', '+1'],
    ['Asia/Kolkata', '+91'],
    ['Asia/Calcutta', '+91'],
    ['Europe/London', '+1'],
    ['', '+1'],
  ])('%s -> %s', (timeZone, dialCode) => {
    expect(dialCodeForTimeZone(timeZone)).toBe(dialCode)
  })
})

describe('country codes', () => {
  it('lists the countries of spec 002 section 3 with their dial codes and masks', () => {
    expect(COUNTRIES.map(({ name, dialCode, mask }) => `${name} ${dialCode} mask ${mask}`)).toEqual([
      'United States +1 mask 000-000-0000',
      'India +91 mask 00000-00000',
      'United Kingdom +44 mask 0000-000-000',
      'Australia +61 mask 0000-000-000',
      'Singapore +65 mask 0000-0000',
    ])
  })

  it.each([
    { code: 'USA', name: 'United States' },
    { code: 'ind', name: 'India' },
    { code: 'XYZ', name: null },
  ])('countryFor($code)', ({ code, name }) => {
    expect(countryFor(code)?.name ?? null).toBe(name)
  })
})

describe('timeZonesForCountry', () => {
  it.each([
    { country: 'USA', zones: ['America/Los_Angeles', 'America/Denver', 'America/Chicago', 'America/New_York'] },
    { country: 'IND', zones: ['Asia/Kolkata'] },
    { country: 'usa', zones: ['America/Los_Angeles', 'America/Denver', 'America/Chicago', 'America/New_York'] },
    { country: 'GBR', zones: [] },
  ])('$country', ({ country, zones }) => {
    expect(timeZonesForCountry(country)).toEqual(zones)
  })
})
