import type { CustomFieldType } from '#db/types'
import { parseDescriptor, type FieldSchema, type ScreenDescriptor } from '#server/screens/descriptor'
import { CUSTOM_FIELD_CARDS, canBeMandatory, customFieldTypeLabel, hasHelpText, hasOptions, MAX_OPTIONS } from './custom-field-types'
import { NAME_REQUIRED_MESSAGE } from './custom-field-input'
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
 */
export function customFieldDescriptor(context: CustomFieldDialogContext): ScreenDescriptor {
  const hit = cache.get(context)
  if (hit) return hit
  const all = context === 'all'
  const properties: Record<string, FieldSchema> = {}
  const uiSchema: Record<string, unknown> = {}
  const fields: ScreenDescriptor['messages']['fields'] = { name: { required: NAME_REQUIRED_MESSAGE } }

  if (all) {
    properties.type = { type: 'string', title: 'Select Type', enum: CUSTOM_FIELD_CARDS.map((card) => card.type) }
    uiSchema.type = {
      'ui:widget': 'select',
      'ui:placeholder': 'Select Type',
      'ui:options': { enumNames: Object.fromEntries(CUSTOM_FIELD_CARDS.map((card) => [card.type, card.label])) },
    }
  } else {
    properties.typeLabel = { type: 'string', title: 'Type', readOnly: true, default: customFieldTypeLabel(context) }
  }
  properties.name = { type: 'string', title: 'Name', maxLength: 255 }
  uiSchema.name = { 'ui:autofocus': true }
  if (!all) {
    properties.tag = { type: 'string', title: 'Tag', pattern: TAG_PATTERN, maxLength: TAG_MAX_LENGTH }
    uiSchema.tag = { 'ui:help': TAG_HINT }
    fields.tag = { pattern: TAG_FORMAT_MESSAGE, maxLength: TAG_TOO_LONG_MESSAGE, required: TAG_FORMAT_MESSAGE }
  }
  if (all || hasOptions(context)) {
    for (const [index, key] of OPTION_KEYS.entries()) {
      properties[key] = { type: 'string', title: `Option ${index + 1}`, maxLength: 255 }
    }
    if (all) uiSchema.option1 = { 'ui:help': 'Options are used by Radio and Dropdown fields.' }
  }
  if (all || hasHelpText(context)) {
    properties.fieldName = { type: 'string', title: 'Help Text', maxLength: 500 }
    if (all) uiSchema.fieldName = { 'ui:help': 'Not shown for Radio and Checkbox fields.' }
  }
  if (all || canBeMandatory(context)) {
    properties.isMandatory = { type: 'boolean', title: 'Is Mandatory' }
    uiSchema.isMandatory = { 'ui:widget': 'checkbox', ...(all ? { 'ui:help': 'For Checkbox, Text, Number and Text Area fields.' } : {}) }
  }

  const descriptor = parseDescriptor({
    key: 'custom-field',
    version: 1,
    title: 'Custom Field',
    schema: { type: 'object', properties, required: all ? ['type', 'name'] : ['name'] },
    uiSchema,
    messages: { invalid: 'Invalid Form!', fields },
  })
  cache.set(context, descriptor)
  return descriptor
}
