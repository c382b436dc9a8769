import i18next from 'i18next'
import { describe, expect, test } from 'vitest'
import { memoisePlainLookups, plainLookupKey, valueLookup } from '#server/i18n/plain-lookup-memo'

// The app's declared keys type t() to the catalog's words; these tests use words of their own.
type LooseT = (key: string, options?: Record<string, unknown>) => unknown
const loose = (t: unknown) => t as LooseT

describe('plain lookups of a server i18n instance kept', () => {
  const instance = () => {
    const made = i18next.createInstance()
    void made.init({
      lng: 'en',
      fallbackLng: 'en',
      ns: ['common', 'contacts'],
      defaultNS: 'common',
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
      resources: {
        en: {
          common: {
            save: 'Save',
            hello: 'Hello {{name}}',
            item_one: '{{count}} item',
            item_other: '{{count}} items',
            pair: '{{first}} and {{second}}, then {{first}} again',
            amount: 'Paid {{value, number}}',
            sized: '{{name}}: {{size}} MB',
          },
          contacts: { save: 'Save contact', hello: 'Hi {{name}}' },
        },
        tr: { common: { save: 'Kaydet', hello: 'Merhaba {{name}}' } },
      },
      initImmediate: false,
    })
    return made
  }

  test('a memoised instance answers every kind of call as the plain one does', () => {
    const plain = instance()
    const memoised = instance()
    memoisePlainLookups(memoised)
    const calls: [string, Record<string, unknown>?][] = [
      ['save'],
      ['save', { ns: 'contacts' }],
      ['save', { ns: ['contacts', 'common'] }],
      ['save', { lng: 'tr' }],
      ['save', { lng: null, lngs: null, ns: 'contacts', keyPrefix: undefined }],
      ['hello', { name: 'Ada' }],
      ['hello', { name: 'Lin' }],
      ['item', { count: 1 }],
      ['item', { count: 3 }],
      ['missing.key'],
      ['hello', { name: 'José García' }],
      ['hello', { name: 'Price $& more $1 {{name}}' }],
      ['hello', { name: 'Marks \u0002 0 \u0003 inside' }],
      ['hello', { name: '' }],
      ['hello', { name: 'Ada', lng: 'tr' }],
      ['hello', { name: 'Ada', ns: 'contacts' }],
      ['pair', { second: 'Lin', first: 'Ada' }],
      ['pair', { first: 'Zoë', second: 'Noah' }],
      ['amount', { value: '1234' }],
      ['amount', { value: '98765' }],
      ['sized', { name: 'Photo', size: 4 }],
      ['sized', { name: 'Photo', size: '4' }],
      ['hello', { name: 'Ada', defaultValue: 'Hey {{name}}' }],
      ['missing.key', { name: 'Ada' }],
    ]
    for (let round = 0; round < 2; round++) {
      for (const [key, options] of calls) {
        expect(loose(memoised.t)(key, options)).toBe(loose(plain.t)(key, options))
        expect(loose(memoised.getFixedT('en', 'contacts'))(key, options)).toBe(loose(plain.getFixedT('en', 'contacts'))(key, options))
        expect(loose(memoised.getFixedT('tr', 'common'))(key, options)).toBe(loose(plain.getFixedT('tr', 'common'))(key, options))
      }
    }
  })

  test('keys only calls that a key, language, namespaces and prefix decide', () => {
    expect(plainLookupKey(['save'], 'en')).not.toBeNull()
    expect(plainLookupKey(['save', { lng: 'tr', ns: 'common', keyPrefix: undefined }], 'en')).toBe('tr\u0000common\u0000\u0000save')
    expect(plainLookupKey(['save', { ns: 'a' }], 'en')).not.toBe(plainLookupKey(['save', { ns: 'b' }], 'en'))
    expect(plainLookupKey(['hello', { name: 'Ada' }], 'en')).toBeNull()
    expect(plainLookupKey(['item', { count: 2 }], 'en')).toBeNull()
    expect(plainLookupKey(['save', 'Default words'], 'en')).toBeNull()
    expect(plainLookupKey([['save', 'other']], 'en')).toBeNull()
    expect(plainLookupKey(['save', { lngs: ['tr', 'en'] }], 'en')).toBeNull()
    expect(plainLookupKey(['save', { lng: null, lngs: null, ns: 'common' }], 'tr')).toBe('tr\u0000common\u0000\u0000save')
  })

  test('keys calls with words to put in by their names, never by the words, and only string words', () => {
    const ada = valueLookup(['hello', { name: 'Ada', ns: 'common' }], 'en')
    const lin = valueLookup(['hello', { ns: 'common', name: 'Lin' }], 'en')
    expect(ada?.cacheKey).toBe(lin?.cacheKey)
    expect(ada?.values).toEqual(['Ada'])
    expect(valueLookup(['hello', { name: 'Ada', ns: 'contacts' }], 'en')?.cacheKey).not.toBe(ada?.cacheKey)
    expect(valueLookup(['pair', { second: 'b', first: 'a' }], 'en')?.values).toEqual(['a', 'b'])
    expect(valueLookup(['item', { count: 2 }], 'en')).toBeNull()
    expect(valueLookup(['hello', { name: 'Ada', context: 'male' }], 'en')).toBeNull()
    expect(valueLookup(['hello', { name: 'Ada', defaultValue_other: 'x' }], 'en')).toBeNull()
    expect(valueLookup(['sized', { name: 'a', size: 4 }], 'en')).toBeNull()
    expect(valueLookup(['hello', { name: 'a\u0002' }], 'en')).toBeNull()
    expect(valueLookup(['save'], 'en')).toBeNull()
    expect(valueLookup(['save', { ns: 'common' }], 'en')).toBeNull()
  })
})
