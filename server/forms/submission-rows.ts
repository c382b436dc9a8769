import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { readStoredValues } from './canonical-submission'
import type { CustomFieldValue, SubmissionValues } from './validate-submission'

export interface SubmissionRow {
  label: string
  value: string
  isHeading?: boolean
}

type StandardKey = Exclude<keyof SubmissionValues, 'customField' | 'firstName' | 'lastName'>

const BEFORE_CUSTOM: ReadonlyArray<[StandardKey, string]> = [
  ['fullName', 'Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['dob', 'Birth Date'],
]
const AFTER_CUSTOM: ReadonlyArray<[StandardKey, string]> = [
  ['emergencyContactName', 'Emergency Contact Name'],
  ['emergencyContactPhone', 'Emergency Contact Phone'],
  ['motherName', 'Mother Name'],
  ['motherEmail', 'Mother Email'],
  ['motherPhone', 'Mother Phone'],
  ['fatherName', 'Father Name'],
  ['fatherEmail', 'Father Email'],
  ['fatherPhone', 'Father Phone'],
]

export function displayValue(value: CustomFieldValue, type: string): string {
  if (type === 'checkbox') return value === true ? 'Yes' : 'No'
  if (value === null || value === undefined) return ''
  return String(value)
}

/**
 * A submission as label and value rows, in the form's order: the standard fields the visitor
 * filled in, every custom field (headers as section titles), then emergency and guardian
 * details. Used by the staff detail view, the PDF and the CSV export. In another language (the
 * PDF copy of a Turkish visitor) the standard fields' labels and a checkbox's Yes or No are
 * ours and translated, as the public form translates them; custom labels are the tenant's.
 */
export function submissionRows(data: unknown, language: Language = 'en'): SubmissionRow[] {
  const values = readStoredValues(data)
  const standard = (list: ReadonlyArray<[StandardKey, string]>) =>
    list.filter(([key]) => (values[key] ?? '') !== '').map(([key, label]) => ({ label: translateMessage(language, label), value: values[key] }))
  const t = tFor(language, 'documents')
  const valueOf = (value: CustomFieldValue, type: string) => (type === 'checkbox' ? t(value === true ? 'yes' : 'no') : displayValue(value, type))
  return [
    ...standard(BEFORE_CUSTOM),
    ...[...values.customField]
      .sort((a, b) => a.sequence - b.sequence)
      .map((answer) =>
        answer.type === 'header'
          ? { label: answer.name, value: '', isHeading: true }
          : { label: answer.name, value: valueOf(answer.value, answer.type) },
      ),
    ...standard(AFTER_CUSTOM),
  ]
}
