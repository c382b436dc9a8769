import i18next from 'i18next'
import { describe, expect, test } from 'vitest'
import { memoisePlainLookups, plainLookupKey } from '#server/i18n/plain-lookup-memo'

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
        en: { common: { save: 'Save', hello: 'Hello {{name}}', item_one: '{{count}} item', item_other: '{{count}} items' }, contacts: { save: 'Save contact' } },
        tr: { common: { save: 'Kaydet' } },
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
})
