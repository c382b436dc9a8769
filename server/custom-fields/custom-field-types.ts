import type { CustomFieldType } from '#db/types'

/** The Custom Fields screen's cards, in the spec's order, each with its label. */
export const CUSTOM_FIELD_CARDS: ReadonlyArray<{ type: CustomFieldType; label: string }> = [
  { type: 'text', label: 'Text' },
  { type: 'textarea', label: 'Text Area' },
  { type: 'number', label: 'Number' },
  { type: 'header', label: 'Header' },
  { type: 'checkbox', label: 'Checkbox' },
  { type: 'radio', label: 'Radio' },
  { type: 'dropdown', label: 'Dropdown' },
]

/** Every stored type: the screen's seven, plus email, which "also appears in forms". */
export const CUSTOM_FIELD_TYPES = ['text', 'email', 'number', 'textarea', 'checkbox', 'radio', 'dropdown', 'header'] as const satisfies readonly CustomFieldType[]

export const MAX_OPTIONS = 6

export function isCustomFieldType(value: unknown): value is CustomFieldType {
  return typeof value === 'string' && (CUSTOM_FIELD_TYPES as readonly string[]).includes(value)
}

export function customFieldTypeLabel(type: CustomFieldType): string {
  if (type === 'email') return 'Email'
  return CUSTOM_FIELD_CARDS.find((card) => card.type === type)?.label ?? type
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
