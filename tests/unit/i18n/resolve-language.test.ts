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
})
