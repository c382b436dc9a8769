import { describe, expect, it } from 'vitest'
import { CATALOG, MESSAGE_TRANSLATIONS } from '#server/i18n/catalog'
import { NAMESPACES } from '#server/i18n/namespaces'
import { TRANSLATED_MESSAGE_SOURCES } from '#server/i18n/translated-message-sources'

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort()

describe('the Turkish words', () => {
  it.each(NAMESPACES)('has every key of the English %s namespace, and no other', (namespace) => {
    const english: Record<string, string> = CATALOG.en[namespace]
    const turkish: Record<string, string> = CATALOG.tr[namespace]
    expect(Object.keys(turkish).sort()).toEqual(Object.keys(english).sort())
    for (const [key, text] of Object.entries(turkish)) {
      expect(text.trim(), `${namespace}.${key}`).not.toBe('')
      expect(placeholders(text), `${namespace}.${key} keeps its values`).toEqual(placeholders(english[key] ?? ''))
    }
  })

  it('translates every message the translated screens can answer with', () => {
    const missing = TRANSLATED_MESSAGE_SOURCES.flatMap((source) => source.messages.filter((message) => MESSAGE_TRANSLATIONS.tr[message] === undefined).map((message) => `${source.name}: ${message}`))
    expect(missing).toEqual([])
  })

  it('keeps the values of each message in its translation', () => {
    for (const [english, turkish] of Object.entries(MESSAGE_TRANSLATIONS.tr)) expect(placeholders(turkish), english).toEqual(placeholders(english))
  })
})
