import type { JsonValue, ScreenDescriptor, ScreenMessages } from '#server/screens/descriptor'
import type { Language } from '#server/i18n/languages'
import { formWordsFor } from './form-words'
import { translateMessage, translateMessages } from '#server/i18n/translate-message'
import type { RefusedPost } from './public-form'

/**
 * A public form's generated descriptor in the page's language. The rules and the messages are
 * made in English (form-messages.ts, the spec's words); here the messages become the page's
 * language before the descriptor reaches the page, so the checks the browser runs as the
 * visitor goes speak it too. Labels, help and options are the tenant's words and stay as
 * written. A select's empty choice and the dial code's name are our words, given to the
 * widgets as options (the widgets serve staff screens too, which draw without this namespace).
 */
export function descriptorIn(language: Language, descriptor: ScreenDescriptor): ScreenDescriptor {
  if (language === 'en') return descriptor
  let byDescriptor = translatedDescriptors.get(language)
  if (!byDescriptor) {
    byDescriptor = new WeakMap()
    translatedDescriptors.set(language, byDescriptor)
  }
  let translated = byDescriptor.get(descriptor)
  if (!translated) {
    translated = { ...descriptor, uiSchema: uiSchemaIn(language, descriptor.uiSchema), messages: messagesIn(language, descriptor.messages) }
    byDescriptor.set(descriptor, translated)
  }
  return translated
}

// Generated descriptors are kept per form version (public-form-descriptor.ts), so their
// translations are kept beside them for as long as they live.
const translatedDescriptors = new Map<Language, WeakMap<ScreenDescriptor, ScreenDescriptor>>()

function messagesIn(language: Language, messages: ScreenMessages): ScreenMessages {
  return {
    invalid: translateMessage(language, messages.invalid),
    fields: Object.fromEntries(Object.entries(messages.fields).map(([key, keywords]) => [key, translateMessages(language, keywords)])),
  }
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
    if (widget === 'select' && entry['ui:placeholder'] === undefined) {
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
    fieldErrors: Object.fromEntries(Object.entries(refused.fieldErrors).map(([key, messages]) => [key, messages.map((message) => translateMessage(language, message))])),
  }
}
