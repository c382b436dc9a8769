import { readdirSync, readFileSync } from 'node:fs'
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

  it('gives a message the same Turkish in every table that has it, so no table silently overrides another', () => {
    const directory = new URL('../../../server/i18n/locales/tr/messages/', import.meta.url)
    const seen = new Map<string, { file: string; turkish: string }>()
    const differing: string[] = []
    for (const file of readdirSync(directory).filter((name) => name.endsWith('.json'))) {
      const table = JSON.parse(readFileSync(new URL(file, directory), 'utf8')) as Record<string, string>
      for (const [english, turkish] of Object.entries(table)) {
        const before = seen.get(english)
        if (before && before.turkish !== turkish) differing.push(`${english}: ${before.file} and ${file}`)
        else if (!before) seen.set(english, { file, turkish })
      }
    }
    expect(differing).toEqual([])
  })
})
