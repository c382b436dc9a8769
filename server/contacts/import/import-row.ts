import { CONTACT_FORM_MESSAGES } from '#server/contacts/contact-form-schema'
import { contactPhoneValue } from '#server/contacts/contact-phone'
import { matchesEmailPattern, normaliseEmail } from '#server/forms/email-pattern'
import type { CustomFieldView } from '#server/custom-fields/custom-field-view'
import type { DateFormat } from '#server/dates/date-formats'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { FormFieldDefinition } from '#server/forms/form-definition'
import { customFieldKey } from '#server/forms/form-inputs'
import { tooLongMessage } from '#server/forms/form-messages'
import { splitFullName } from '#server/forms/split-full-name'
import { validateCustomFieldValues } from '#server/forms/validate-submission'
import type { Country } from '#server/shell/dial-codes'
import type { CsvRecord } from './csv-reader'
import { parseImportDate } from './import-date'
import { customFieldTarget, importableFields, standardTarget, type ContactTextColumn, type StandardTarget } from './import-targets'

/** A custom field's value in the column its type calls for. */
export type FieldValue = { text: string } | { number: number } | { bool: boolean }

/** What one row of the file says about a contact: only what its cells fill in (blank cells say nothing). */
export interface ImportedRow {
  email: string | null
  firstName: string | null
  lastName: string | null
  values: Partial<Record<ContactTextColumn, string>>
  tags: string[]
  fields: Map<string, FieldValue>
}

type PlannedColumn =
  | { index: number; header: string; standard: StandardTarget }
  | { index: number; header: string; field: CustomFieldView; definition: FormFieldDefinition }

/** The mapping made ready for reading rows: checked once per import, used for every row. */
export interface ImportPlan {
  columnCount: number
  columns: PlannedColumn[]
  country: Country
  dateFormat: DateFormat
  today: Date
}

export const ROW_MESSAGES = {
  ragged: (found: number, expected: number) => `This row has ${found} ${found === 1 ? 'value' : 'values'} where the header has ${expected} columns.`,
  unclosedQuote: 'A quoted value in this row is never closed (the file may be cut short).',
  checkboxWord: (label: string) => `${label} must be yes or no.`,
  tagTooLong: 'A tag must be at most 100 characters.',
  dateInvalid: (label: string, format: string) => `${label} must be a date (YYYY-MM-DD or ${format}) in the past.`,
} as const

const unprintable = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/

/** A name as the Create Contact form takes it: 1 to 100 printable characters. */
function nameProblem(text: string): string | null {
  if (text.length > 100) return CONTACT_FORM_MESSAGES.tooLong
  if (unprintable.test(text)) return CONTACT_FORM_MESSAGES.badCharacters
  return null
}

/** An email as the contact's profile takes it: lower-cased, to the forms' pattern. */
function emailOf(text: string): string | null {
  const email = normaliseEmail(text)
  return matchesEmailPattern(email) ? email : null
}

/** Reads the mapping (column position to target) against the tenant's custom fields. */
export function importPlan(input: {
  header: readonly string[]
  mapping: Readonly<Record<string, string>>
  fields: readonly CustomFieldView[]
  country: Country
  dateFormat: DateFormat
  today: Date
}): ImportPlan {
  const byTarget = new Map(importableFields(input.fields).map((field) => [customFieldTarget(field), field]))
  const columns: PlannedColumn[] = []
  input.header.forEach((header, index) => {
    const key = input.mapping[String(index)]
    if (!key) return
    const standard = standardTarget(key)
    if (standard) {
      columns.push({ index, header, standard })
      return
    }
    const field = byTarget.get(key)
    // Never required: a blank cell leaves the field as it is.
    if (field) columns.push({ index, header, field, definition: { ...field, sequence: 0, isMandatory: false } })
  })
  return { columnCount: input.header.length, columns, country: input.country, dateFormat: input.dateFormat, today: input.today }
}

/**
 * A cell as the import reads it: trimmed, and with the apostrophe our own CSV exports put
 * before a leading = + - @ (formula protection) taken off again, so an error file can be
 * corrected and imported as it is.
 */
export function cellText(value: string): string {
  const trimmed = value.trim()
  return /^'[=+\-@]/.test(trimmed) ? trimmed.slice(1) : trimmed
}

const YES = new Set(['yes', 'y', 'true', '1', 'on', 'x', 'checked'])
const NO = new Set(['no', 'n', 'false', '0', 'off', 'unchecked'])

/** One record of the file read through the plan: the contact's values, or every problem of the row in one message. */
export function readImportRow(record: CsvRecord, plan: ImportPlan): WordedResult<ImportedRow, 'invalid_input'> {
  if (record.unclosedQuote) return err('invalid_input', ROW_MESSAGES.unclosedQuote)
  if (record.fields.length !== plan.columnCount) return err('invalid_input', ROW_MESSAGES.ragged(record.fields.length, plan.columnCount))
  const row: ImportedRow = { email: null, firstName: null, lastName: null, values: {}, tags: [], fields: new Map() }
  const problems: string[] = []
  let fullName: { first: string; last: string } | null = null

  for (const column of plan.columns) {
    const text = cellText(record.fields[column.index] ?? '')
    if (!text) continue
    if ('field' in column) {
      const value = readCustomField(column.field, column.definition, text, plan)
      // The form's messages mostly name their field; those that do not are given its name here.
      if ('error' in value) problems.push(value.error.includes(column.field.name) ? value.error : `${column.field.name}: ${value.error}`)
      else row.fields.set(column.field.id, value.value)
      continue
    }
    const target = column.standard
    const problem = (message: string) => problems.push(`${target.label}: ${message}`)
    switch (target.kind) {
      case 'firstName':
      case 'lastName': {
        const wrong = nameProblem(text)
        if (wrong) problem(wrong)
        else if (target.kind === 'firstName') row.firstName = text
        else row.lastName = text
        break
      }
      case 'fullName': {
        const split = splitFullName(text)
        const wrong = nameProblem(split.firstName) ?? nameProblem(split.lastName)
        if (wrong) problem(wrong)
        else fullName = { first: split.firstName, last: split.lastName }
        break
      }
      case 'email':
      case 'altEmail': {
        const email = emailOf(text)
        if (!email) problem(CONTACT_FORM_MESSAGES.emailInvalid)
        else if (target.kind === 'email') row.email = email
        else if (target.column) row.values[target.column] = email
        break
      }
      case 'phone': {
        // The contact forms' rule: the digits in the tenant's country mask.
        const phone = contactPhoneValue(text, plan.country, false)
        if (!phone) problem(`${CONTACT_FORM_MESSAGES.phoneInvalid} (${plan.country.mask})`)
        else if (target.column) row.values[target.column] = phone
        break
      }
      case 'date': {
        const date = parseImportDate(text, plan.dateFormat, plan.today)
        if (!date) problems.push(ROW_MESSAGES.dateInvalid(target.label, plan.dateFormat))
        else if (target.column) row.values[target.column] = date
        break
      }
      case 'tags': {
        const seen = new Set<string>()
        for (const name of text.split(/[,;]/).map((part) => part.replace(/\s+/g, ' ').trim())) {
          if (!name || seen.has(name.toLowerCase())) continue
          if (name.length > 100) {
            problem(ROW_MESSAGES.tagTooLong)
            break
          }
          seen.add(name.toLowerCase())
          row.tags.push(name)
        }
        break
      }
      case 'text': {
        if (text.length > target.maxLength) problems.push(tooLongMessage(target.label, target.maxLength))
        else if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text)) problem(CONTACT_FORM_MESSAGES.badCharacters)
        else if (target.column) row.values[target.column] = text
        break
      }
    }
  }
  // A full name fills in what the first and last name columns leave blank.
  if (fullName) {
    row.firstName ??= fullName.first
    row.lastName ??= fullName.last || null
  }
  if (problems.length > 0) return err('invalid_input', problems.join(' '))
  return ok(row)
}

/** A custom field's cell, checked by the registration forms' rules (validateCustomFieldValues). */
function readCustomField(field: CustomFieldView, definition: FormFieldDefinition, text: string, plan: ImportPlan): { error: string } | { value: FieldValue } {
  let given = text
  if (field.type === 'checkbox') {
    const word = text.toLowerCase()
    if (YES.has(word)) given = 'true'
    else if (NO.has(word)) given = 'false'
    else return { error: ROW_MESSAGES.checkboxWord(field.name) }
  }
  const key = customFieldKey(field.guId)
  const checked = validateCustomFieldValues([definition], { [key]: given }, { country: plan.country, today: plan.today })
  const error = checked.errors[key]
  if (error) return { error }
  const value = checked.answers[0]?.value ?? null
  if (typeof value === 'boolean') return { value: { bool: value } }
  if (typeof value === 'number') return { value: { number: value } }
  return { value: { text: String(value ?? '') } }
}

/** Names a column's target in the words of the mapping list (for messages and the preview). */
export function plannedLabel(column: PlannedColumn): string {
  return 'field' in column ? column.field.name : column.standard.label
}
