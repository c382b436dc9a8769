import type { CustomFieldType } from '#db/types'
import type { FormFieldDefinition } from '#server/forms/form-definition'
import type { ContactListFilter } from './contact-list-filter'

/** A custom field as the list's filter offers it. */
export type CustomFieldFilterField = Pick<FormFieldDefinition, 'id' | 'guId' | 'name' | 'type' | 'options'>

/**
 * How a custom field's values are asked for, by its type: text is searched in, a choice is one
 * of its options, a tick box is yes or no, a number is one number.
 */
export type CustomFieldFilterKind = 'text' | 'choice' | 'yesNo' | 'number'

const KIND_OF_TYPE: Readonly<Record<Exclude<CustomFieldType, 'header'>, CustomFieldFilterKind>> = {
  text: 'text',
  email: 'text',
  textarea: 'text',
  radio: 'choice',
  dropdown: 'choice',
  checkbox: 'yesNo',
  number: 'number',
}

export function customFieldFilterKind(type: CustomFieldType): CustomFieldFilterKind {
  // Headers hold no values and are never offered; were one named, it is searched as text and finds no one.
  return type === 'header' ? 'text' : KIND_OF_TYPE[type]
}

/**
 * The condition on a contact's stored value, in the column its field's type uses
 * (contact_field_values: value_text, value_number, value_bool). `tenantId` and `fieldId` key
 * the look-up, so it runs on the table's indexes.
 */
export type CustomFieldMatch = { tenantId: string; fieldId: string } & (
  | { kind: 'contains'; text: string }
  | { kind: 'option'; option: string }
  | { kind: 'number'; number: string }
  | { kind: 'ticked'; ticked: boolean }
)

/** What the filter's custom field condition comes to for one tenant. */
export interface CustomFieldFilterOutcome {
  /** The field chosen, when it is one of the tenant's fields. */
  field: CustomFieldFilterField | null
  /** The condition the list applies; null when there is none to apply. */
  match: CustomFieldMatch | null
  /** Why the value given is not applied, in words for the form; null when nothing is wrong. */
  problem: string | null
  /**
   * The URL names a field the tenant does not have (deleted since, or another studio's): the
   * list leaves the condition out without a word, a bulk action on all that match refuses.
   */
  unknownField: boolean
}

const NO_CONDITION: CustomFieldFilterOutcome = { field: null, match: null, problem: null, unknownField: false }

// Turkish pages ask for 'evet' or 'hayır', so those words are read too.
const YES = new Set(['yes', 'y', 'true', '1', 'on', 'ticked', 'checked', 'evet', 'e'])
const NO = new Set(['no', 'n', 'false', '0', 'off', 'unticked', 'unchecked', 'hayır', 'hayir', 'h'])

/** Why a custom field condition is not applied; shown under its value in the page's language. */
export const CUSTOM_FIELD_FILTER_MESSAGES = {
  notAnOption: (typed: string, field: string) => `“${typed}” is not an option of ${field}, so this filter is not applied.`,
  notAnOptionChoose: (typed: string, field: string, options: string) => `“${typed}” is not an option of ${field}, so this filter is not applied. Choose one of: ${options}.`,
  tickBox: (field: string) => `${field} is a tick box: choose Yes or No. This filter is not applied.`,
  numbers: (field: string) => `${field} holds numbers: enter a number such as 12 or 3.5. This filter is not applied.`,
  chooseField: (typed: string) => `Choose a custom field to look for “${typed}” in; this filter is not applied.`,
}
const NUMBER = /^[-+]?(\d+\.?\d*|\.\d+)$/

/** The words of a tick box's two values, as the filter offers them and as `cfv` carries them. */
export const YES_NO_CHOICES = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const

/** A tick box's filter value as 'yes' or 'no' from the words people type; null when it is neither. */
export function yesNoValue(value: string): 'yes' | 'no' | null {
  const word = value.trim().toLowerCase()
  return YES.has(word) ? 'yes' : NO.has(word) ? 'no' : null
}

/**
 * The condition a typed value makes on a field, or why it cannot make one. Without JavaScript
 * every value arrives as typed text, so a choice is matched to its option ignoring case and a
 * tick box takes yes/no words.
 */
export function customFieldMatchFor(
  field: CustomFieldFilterField,
  tenantId: string,
  value: string,
): { match: CustomFieldMatch; problem: null } | { match: null; problem: string } {
  const key = { tenantId, fieldId: field.id }
  const typed = value.trim()
  switch (customFieldFilterKind(field.type)) {
    case 'text':
      return { match: { ...key, kind: 'contains', text: typed }, problem: null }
    case 'choice': {
      const option = field.options.find((candidate) => candidate.trim().toLowerCase() === typed.toLowerCase())
      if (option !== undefined) return { match: { ...key, kind: 'option', option }, problem: null }
      const problem =
        field.options.length > 0
          ? CUSTOM_FIELD_FILTER_MESSAGES.notAnOptionChoose(typed, field.name, field.options.join(', '))
          : CUSTOM_FIELD_FILTER_MESSAGES.notAnOption(typed, field.name)
      return { match: null, problem }
    }
    case 'yesNo': {
      const answer = yesNoValue(typed)
      if (answer !== null) return { match: { ...key, kind: 'ticked', ticked: answer === 'yes' }, problem: null }
      return { match: null, problem: CUSTOM_FIELD_FILTER_MESSAGES.tickBox(field.name) }
    }
    case 'number': {
      if (NUMBER.test(typed)) return { match: { ...key, kind: 'number', number: typed.replace(/^\+/, '') }, problem: null }
      return { match: null, problem: CUSTOM_FIELD_FILTER_MESSAGES.numbers(field.name) }
    }
  }
}

/**
 * Reads the filter's custom field condition against the tenant's fields (listContactCustomFields):
 * the field by guId or id, then the value by the field's type. Another tenant's field is not in
 * the list, so it is unknown here as one that never existed.
 */
export function resolveCustomFieldFilter(
  fields: readonly CustomFieldFilterField[],
  tenantId: string,
  wanted: ContactListFilter['customField'],
): CustomFieldFilterOutcome {
  if (wanted === null) return NO_CONDITION
  if (wanted.field === null) {
    return { ...NO_CONDITION, problem: wanted.value ? CUSTOM_FIELD_FILTER_MESSAGES.chooseField(wanted.value) : null }
  }
  const ref = wanted.field.toLowerCase()
  const field = fields.find((candidate) => candidate.guId.toLowerCase() === ref || candidate.id.toLowerCase() === ref) ?? null
  if (field === null) return { ...NO_CONDITION, unknownField: true }
  if (wanted.value === '') return { ...NO_CONDITION, field }
  return { ...NO_CONDITION, field, ...customFieldMatchFor(field, tenantId, wanted.value) }
}
