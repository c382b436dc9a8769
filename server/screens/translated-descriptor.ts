import turkishWords from '#server/i18n/locales/tr/messages/settings-screens.json'
import type { Language } from '#server/i18n/languages'
import { perLanguageMemo } from '#server/i18n/per-language-memo'
import type { FieldSchema, JsonValue, ScreenDescriptor, ScreenMessages, UiSchema } from './descriptor'

/** The shipped screens' words, English to each other language (the spec's English is the key). */
const WORDS: Record<Exclude<Language, 'en'>, Record<string, string>> = { tr: turkishWords }

/** uiSchema keys whose string (or list of strings) is words a user reads. */
const UI_WORD_KEYS = new Set(['ui:title', 'ui:description', 'ui:help', 'ui:placeholder', 'ui:enumNames', 'title', 'dialCodeLabel'])

/** uiSchema keys whose record maps a value to the words shown for it. */
const UI_LABEL_MAPS = new Set(['enumNames'])

type Words = (english: string) => string

function isRecord(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function fieldIn(words: Words, field: FieldSchema): FieldSchema {
  return {
    ...field,
    ...(field.title === undefined ? {} : { title: words(field.title) }),
    ...(field.description === undefined ? {} : { description: words(field.description) }),
    ...(field.items ? { items: fieldIn(words, field.items) } : {}),
    ...(field.properties ? { properties: propertiesIn(words, field.properties) } : {}),
  }
}

function propertiesIn(words: Words, properties: Record<string, FieldSchema>): Record<string, FieldSchema> {
  return Object.fromEntries(Object.entries(properties).map(([name, field]) => [name, fieldIn(words, field)]))
}

function wordsOf(words: Words, value: JsonValue): JsonValue {
  if (typeof value === 'string') return words(value)
  if (Array.isArray(value)) return value.map((item) => wordsOf(words, item))
  return value
}

/** Every word of a uiSchema put through `words`; names, widgets and values stay as they are. */
function uiIn(words: Words, value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map((item) => uiIn(words, item))
  if (!isRecord(value)) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => {
      if (UI_WORD_KEYS.has(key)) return [key, wordsOf(words, entry)]
      if (UI_LABEL_MAPS.has(key) && isRecord(entry)) return [key, Object.fromEntries(Object.entries(entry).map(([option, label]) => [option, wordsOf(words, label)]))]
      return [key, uiIn(words, entry)]
    }),
  )
}

/**
 * A field's choices whose values are words ("United States") get labels in the language, so
 * the value posted and stored stays the English one the rules know.
 */
function choiceLabelsIn(words: Words, descriptor: ScreenDescriptor, uiSchema: UiSchema): UiSchema {
  const result: UiSchema = { ...uiSchema }
  for (const [name, field] of Object.entries(descriptor.schema.properties)) {
    const choices = (field.enum ?? []).filter((value): value is string => typeof value === 'string' && words(value) !== value)
    if (choices.length === 0) continue
    const entry = isRecord(result[name]) ? result[name] : {}
    const options = isRecord(entry['ui:options']) ? entry['ui:options'] : {}
    if (options.enumNames !== undefined || entry['ui:enumNames'] !== undefined) continue
    result[name] = { ...entry, 'ui:options': { ...options, enumNames: Object.fromEntries(choices.map((value) => [value, words(value)])) } }
  }
  return result
}

function messagesIn(words: Words, messages: ScreenMessages): ScreenMessages {
  return {
    invalid: words(messages.invalid),
    fields: Object.fromEntries(
      Object.entries(messages.fields).map(([field, byKeyword]) => [field, Object.fromEntries(Object.entries(byKeyword).map(([keyword, message]) => [keyword, words(message)]))]),
    ),
  }
}


/**
 * A screen descriptor in the page's language, to draw and to check with: each English word
 * the product ships is looked up in the language's table. A tenant's own words (a title or
 * help it customised) are not in the table and stay as the tenant wrote them. Kept per
 * descriptor object, since effective descriptors are themselves cached per tenant.
 */
export const translatedDescriptor: (descriptor: ScreenDescriptor, language: Language) => ScreenDescriptor = perLanguageMemo((descriptor, language) => {
  const table = WORDS[language]
  const words: Words = (english) => table[english] ?? english
  return {
    ...descriptor,
    title: words(descriptor.title),
    schema: { ...descriptor.schema, ...(descriptor.schema.title === undefined ? {} : { title: words(descriptor.schema.title) }), properties: propertiesIn(words, descriptor.schema.properties) },
    uiSchema: choiceLabelsIn(words, descriptor, uiIn(words, descriptor.uiSchema) as UiSchema),
    messages: messagesIn(words, descriptor.messages),
    language,
  }
})

/** Every word of a descriptor that translatedDescriptor looks up (for the completeness test). */
export function descriptorWords(descriptor: ScreenDescriptor): string[] {
  const found = new Set<string>()
  // The same walk as translatedDescriptor's, collecting instead of translating.
  const words: Words = (english) => {
    found.add(english)
    return english
  }
  words(descriptor.title)
  if (descriptor.schema.title !== undefined) words(descriptor.schema.title)
  propertiesIn(words, descriptor.schema.properties)
  uiIn(words, descriptor.uiSchema)
  messagesIn(words, descriptor.messages)
  return [...found]
}
