import { describe, expect, it } from 'vitest'
import { browserLanguage, resolveLanguage } from '#server/i18n/resolve-language'

describe('browserLanguage', () => {
  it.each([
    ['tr-TR,tr;q=0.9,en-US;q=0.8,en;q=0.7', 'tr'],
    ['en-GB,en;q=0.9,tr;q=0.8', 'en'],
    ['de-DE,de;q=0.9,tr;q=0.5,en;q=0.4', 'tr'],
    ['de, fr;q=0.8', null],
    ['*;q=0.1', null],
    ['en;q=0.2, tr;q=0.9', 'tr'],
    ['tr;q=0, en', 'en'],
    ['TR', 'tr'],
    ['tr;q=abc, en;q=0.5', 'en'],
    ['', null],
  ])('%j asks for %j', (header, expected) => {
    expect(browserLanguage(header)).toBe(expected)
  })

  it('reads nothing from a missing header', () => {
    expect(browserLanguage(undefined)).toBeNull()
  })
})

describe('resolveLanguage', () => {
  it('puts the visitor’s choice first', () => {
    expect(resolveLanguage({ chosen: 'tr', acceptLanguage: 'en', tenantDefault: 'en' })).toBe('tr')
  })

  it('uses the browser’s language when nothing was chosen', () => {
    expect(resolveLanguage({ chosen: null, acceptLanguage: 'tr-TR', tenantDefault: 'en' })).toBe('tr')
  })

  it('falls back to the tenant’s default, and ignores a choice we do not speak', () => {
    expect(resolveLanguage({ chosen: 'de', acceptLanguage: 'fr', tenantDefault: 'tr' })).toBe('tr')
  })

  it('puts the cookie’s choice before the language kept on the signed-in person’s profile', () => {
    expect(resolveLanguage({ chosen: 'en', stored: 'tr', acceptLanguage: 'tr', tenantDefault: 'tr' })).toBe('en')
  })

  it('uses the stored language before the browser’s and the tenant’s', () => {
    expect(resolveLanguage({ chosen: null, stored: 'tr', acceptLanguage: 'en-GB', tenantDefault: 'en' })).toBe('tr')
  })

  it('goes on to the browser when nothing is stored, or something we do not speak', () => {
    expect(resolveLanguage({ chosen: null, stored: null, acceptLanguage: 'tr', tenantDefault: 'en' })).toBe('tr')
    expect(resolveLanguage({ chosen: null, stored: 'de', acceptLanguage: undefined, tenantDefault: 'tr' })).toBe('tr')
  })
})
