import type { FieldSchema, JsonValue, ScreenDescriptor, ScreenMessages } from '#server/screens/descriptor'
import type { Language } from '#server/i18n/languages'
import { isStandardInputKey, NAME_PLACEHOLDER, STANDARD_INPUT_LABELS } from './form-inputs'
import { formWordsFor } from './form-words'
import { translateMessage } from '#server/i18n/translate-message'
import { perLanguageMemo } from '#server/i18n/per-language-memo'
import type { RefusedPost } from './public-form'

/**
 * A public form's generated descriptor in the page's language. The rules and the messages are
 * made in English (form-messages.ts, the spec's words); here the messages become the page's
 * language before the descriptor reaches the page, so the checks the browser runs as the
 * visitor goes speak it too. The standard inputs' labels (Name, Email, Phone...) are ours and
 * are translated; the custom fields' labels, help and options are the tenant's words and stay
 * as written. A select's empty choice and the dial code's name are our words, given to the
 * widgets as options (the widgets serve staff screens too, which draw without this namespace).
 */
export function descriptorIn(language: Language, descriptor: ScreenDescriptor): ScreenDescriptor {
  return translatedFormDescriptor(descriptor, language)
}

// Generated descriptors are kept per form version (public-form-descriptor.ts), so their
// translations are kept beside them for as long as they live.
const translatedFormDescriptor = perLanguageMemo<ScreenDescriptor>((descriptor, language) => ({
  ...descriptor,
  schema: { ...descriptor.schema, properties: propertiesIn(language, descriptor.schema.properties) },
  uiSchema: uiSchemaIn(language, descriptor.uiSchema),
  messages: messagesIn(language, descriptor.messages),
}))

function propertiesIn(language: Language, properties: Record<string, FieldSchema>): Record<string, FieldSchema> {
  return Object.fromEntries(
    Object.entries(properties).map(([key, schema]) => [key, isStandardInputKey(key) ? { ...schema, title: translateMessage(language, STANDARD_INPUT_LABELS[key]) } : schema]),
  )
}

function messagesIn(language: Language, messages: ScreenMessages): ScreenMessages {
  return {
    invalid: translateMessage(language, messages.invalid),
    fields: Object.fromEntries(
      Object.entries(messages.fields).map(([key, keywords]) => [
        key,
        Object.fromEntries(Object.entries(keywords).map(([keyword, message]) => [keyword, fieldMessageIn(language, key, message)])),
      ]),
    ),
  }
}

/**
 * One field's message in the page's language. A message naming a standard input names it in
 * English ("Birth Date must be a date."): the sentence is translated with the label as a value,
 * then the label itself is ("Doğum Tarihi bir tarih olmalıdır."). A custom field's label is the
 * tenant's and stays.
 */
function fieldMessageIn(language: Language, key: string, message: string): string {
  const translated = translateMessage(language, message)
  if (!isStandardInputKey(key)) return translated
  const label = STANDARD_INPUT_LABELS[key]
  return translated.split(label).join(translateMessage(language, label))
}

function uiSchemaIn(language: Language, uiSchema: ScreenDescriptor['uiSchema']): ScreenDescriptor['uiSchema'] {
  const t = formWordsFor(language)
  const translated: Record<string, JsonValue> = {}
  for (const [key, entry] of Object.entries(uiSchema)) {
    if (!isRecord(entry)) {
      translated[key] = entry
      continue
    }
    const widget = entry['ui:widget']
    if (key === 'fullName' && entry['ui:placeholder'] === NAME_PLACEHOLDER) {
      translated[key] = { ...entry, 'ui:placeholder': translateMessage(language, NAME_PLACEHOLDER) }
    } else if (widget === 'select' && entry['ui:placeholder'] === undefined) {
      translated[key] = { ...entry, 'ui:placeholder': t('selectPlaceholder') }
    } else if (widget === 'phone' && isRecord(entry['ui:options'])) {
      translated[key] = { ...entry, 'ui:options': { ...entry['ui:options'], dialCodeLabel: t('dialCode') } }
    } else {
      translated[key] = entry
    }
  }
  return translated
}

function isRecord(value: JsonValue | undefined): value is { [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** A refused post's messages in the page's language; the visitor's values stay as typed. */
export function refusalIn(language: Language, refused: RefusedPost): RefusedPost {
  if (language === 'en') return refused
  return {
    ...refused,
    formError: translateMessage(language, refused.formError),
    fieldErrors: Object.fromEntries(Object.entries(refused.fieldErrors).map(([key, messages]) => [key, messages.map((message) => fieldMessageIn(language, key, message))])),
  }
}
