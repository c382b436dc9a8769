import type { CustomFieldType } from '#db/types'
import type { Language } from '#server/i18n/languages'
import { translateMessage } from '#server/i18n/translate-message'
import { parseDescriptor, type FieldSchema, type ScreenDescriptor } from '#server/screens/descriptor'
import { CUSTOM_FIELD_CARDS, canBeMandatory, hasHelpText, hasOptions, MAX_OPTIONS } from './custom-field-types'
import { NAME_REQUIRED_MESSAGE } from './custom-field-input'
import { customFieldTypeLabelIn, formbuilderWords } from './formbuilder-words'
import { TAG_FORMAT_MESSAGE, TAG_HINT, TAG_MAX_LENGTH, TAG_PATTERN, TAG_TOO_LONG_MESSAGE } from './tag-rules'

/** The dialog's context: 'all' (any type, chosen in the dialog) or one card's type. */
export type CustomFieldDialogContext = 'all' | CustomFieldType

export const OPTION_KEYS = Array.from({ length: MAX_OPTIONS }, (_, index) => `option${index + 1}`)

const cache = new Map<string, ScreenDescriptor>()

/**
 * The custom field dialog as a descriptor screen (settings spec, "Custom field dialog"): the
 * type selector only in the 'all' context, a read-only Type otherwise; Name; Tag (hidden in
 * the all context, where it is made from the name); Option 1 to 6 for radio and dropdown;
 * Help text except for radio and checkbox; Is Mandatory for checkbox, text, number, textarea.
 * In the all context every part is shown, since the type is picked in the same form.
 * Drawn and checked in the page's language: the labels, the help and the spec's messages
 * are put into it here, so the browser's checks speak it too.
 */
export function customFieldDescriptor(context: CustomFieldDialogContext, language: Language = 'en'): ScreenDescriptor {
  const cacheKey = `${context}:${language}`
  const hit = cache.get(cacheKey)
  if (hit) return hit
  const t = formbuilderWords(language)
  const message = (english: string) => translateMessage(language, english)
  const all = context === 'all'
  const properties: Record<string, FieldSchema> = {}
  const uiSchema: Record<string, unknown> = {}
  const fields: ScreenDescriptor['messages']['fields'] = { name: { required: message(NAME_REQUIRED_MESSAGE) } }

  if (all) {
    properties.type = { type: 'string', title: t('selectType'), enum: [...CUSTOM_FIELD_CARDS] }
    uiSchema.type = {
      'ui:widget': 'select',
      'ui:placeholder': t('selectType'),
      'ui:options': { enumNames: Object.fromEntries(CUSTOM_FIELD_CARDS.map((type) => [type, customFieldTypeLabelIn(type, language)])) },
    }
  } else {
    properties.typeLabel = { type: 'string', title: t('fieldTypeLabel'), readOnly: true, default: customFieldTypeLabelIn(context, language) }
  }
  properties.name = { type: 'string', title: t('fieldName'), maxLength: 255 }
  uiSchema.name = { 'ui:autofocus': true }
  if (!all) {
    properties.tag = { type: 'string', title: t('fieldTag'), pattern: TAG_PATTERN, maxLength: TAG_MAX_LENGTH }
    uiSchema.tag = { 'ui:help': message(TAG_HINT) }
    fields.tag = { pattern: message(TAG_FORMAT_MESSAGE), maxLength: message(TAG_TOO_LONG_MESSAGE), required: message(TAG_FORMAT_MESSAGE) }
  }
  if (all || hasOptions(context)) {
    for (const [index, key] of OPTION_KEYS.entries()) {
      properties[key] = { type: 'string', title: t('optionNumber', { number: index + 1 }), maxLength: 255 }
    }
    if (all) uiSchema.option1 = { 'ui:help': t('optionsHelp') }
  }
  if (all || hasHelpText(context)) {
    properties.fieldName = { type: 'string', title: t('helpText'), maxLength: 500 }
    if (all) uiSchema.fieldName = { 'ui:help': t('helpTextHelp') }
  }
  if (all || canBeMandatory(context)) {
    properties.isMandatory = { type: 'boolean', title: t('isMandatory') }
    uiSchema.isMandatory = { 'ui:widget': 'checkbox', ...(all ? { 'ui:help': t('isMandatoryHelp') } : {}) }
  }

  const parsed = parseDescriptor({
    key: 'custom-field',
    version: 1,
    title: t('customFieldTitle'),
    schema: { type: 'object', properties, required: all ? ['type', 'name'] : ['name'] },
    uiSchema,
    messages: { invalid: message('Invalid Form!'), fields },
  })
  // The sentences made from a label ('Ad en fazla 255 karakter olmalıdır') follow the descriptor's language.
  const descriptor = language === 'en' ? parsed : { ...parsed, language }
  cache.set(cacheKey, descriptor)
  return descriptor
}
