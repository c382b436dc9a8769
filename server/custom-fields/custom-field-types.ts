import type { CustomFieldType } from '#db/types'

/** The Custom Fields screen's cards, in the spec's order; each is named by the 'formbuilder' word fieldType_<type>. */
export const CUSTOM_FIELD_CARDS: readonly CustomFieldType[] = ['text', 'textarea', 'number', 'header', 'checkbox', 'radio', 'dropdown']

/** Every stored type: the screen's seven, plus email, which "also appears in forms". */
export const CUSTOM_FIELD_TYPES = ['text', 'email', 'number', 'textarea', 'checkbox', 'radio', 'dropdown', 'header'] as const satisfies readonly CustomFieldType[]

export const MAX_OPTIONS = 6

export function isCustomFieldType(value: unknown): value is CustomFieldType {
  return typeof value === 'string' && (CUSTOM_FIELD_TYPES as readonly string[]).includes(value)
}

/** "Option 1 to Option 6 for radio and dropdown." */
export function hasOptions(type: CustomFieldType): boolean {
  return type === 'radio' || type === 'dropdown'
}

/** "Help text for types other than radio and checkbox." */
export function hasHelpText(type: CustomFieldType): boolean {
  return type !== 'radio' && type !== 'checkbox'
}

/** "Is Mandatory for checkbox, text, number and textarea" (and email, a text input in forms). */
export function canBeMandatory(type: CustomFieldType): boolean {
  return type === 'checkbox' || type === 'text' || type === 'number' || type === 'textarea' || type === 'email'
}
