import { CONTACT_FORM_MESSAGES, contactFormSchema } from '#server/contacts/contact-form-schema'
import type { CustomFieldView } from '#server/custom-fields/custom-field-view'
import type { DateFormat } from '#server/dates/date-formats'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { FormDefinition } from '#server/forms/form-definition'
import { formInputsFor, type FormInput } from '#server/forms/form-inputs'
import { tooLongMessage } from '#server/forms/form-messages'
import { splitFullName } from '#server/forms/split-full-name'
import { checkInput } from '#server/forms/validate-submission'
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
  | { index: number; header: string; field: CustomFieldView; input: FormInput }

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

const contactRules = contactFormSchema({ supportsGrn: false }).shape

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
    if (field) columns.push({ index, header, field, input: customFieldInput(field, input.country) })
  })
  return { columnCount: input.header.length, columns, country: input.country, dateFormat: input.dateFormat, today: input.today }
}

/** The registration form's input for a custom field, never required: a blank cell leaves the field unset. */
function customFieldInput(field: CustomFieldView, country: Country): FormInput {
  const form: FormDefinition = {
    id: '', guId: '', name: '', formType: 'GENERAL', isName: false, isEmail: false, isPhone: false, isShowEmergencyContact: false,
    isShowBirthdate: false, isShowGuardian: false, isSignRequired: false, beforeFormHtml: '', subHeaderHtml: '', afterFormHtml: '',
    isPublished: true, version: 1,
    fields: [{ ...field, sequence: 0, isMandatory: false }],
  }
  const [input] = formInputsFor(form, { country, multiCountry: false, isStudent: true })
  if (!input) throw new Error(`no input for custom field ${field.guId}`)
  return input
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
      const value = readCustomField(column.field, column.input, text, plan)
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
        const parsed = (target.kind === 'firstName' ? contactRules.firstName : contactRules.lastName).safeParse(text)
        if (!parsed.success) problem(parsed.error.issues[0]?.message ?? CONTACT_FORM_MESSAGES.tooLong)
        else if (target.kind === 'firstName') row.firstName = parsed.data
        else row.lastName = parsed.data
        break
      }
      case 'fullName': {
        const split = splitFullName(text)
        const first = contactRules.firstName.safeParse(split.firstName)
        const last = split.lastName ? contactRules.lastName.safeParse(split.lastName) : null
        if (!first.success) problem(first.error.issues[0]?.message ?? CONTACT_FORM_MESSAGES.tooLong)
        else if (last && !last.success) problem(last.error.issues[0]?.message ?? CONTACT_FORM_MESSAGES.tooLong)
        else fullName = { first: first.data, last: last?.success ? last.data : '' }
        break
      }
      case 'email':
      case 'altEmail': {
        const parsed = contactRules.email.safeParse(text)
        if (!parsed.success) problem(parsed.error.issues[0]?.message ?? CONTACT_FORM_MESSAGES.emailInvalid)
        else if (target.kind === 'email') row.email = parsed.data
        else if (target.column) row.values[target.column] = parsed.data
        break
      }
      case 'phone': {
        const parsed = contactRules.phone.safeParse(text)
        if (!parsed.success) problem(parsed.error.issues[0]?.message ?? CONTACT_FORM_MESSAGES.phoneInvalid)
        else if (parsed.data && target.column) row.values[target.column] = parsed.data
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

function readCustomField(field: CustomFieldView, input: FormInput, text: string, plan: ImportPlan): { error: string } | { value: FieldValue } {
  let given = text
  if (input.kind === 'checkbox') {
    const word = text.toLowerCase()
    if (YES.has(word)) given = 'true'
    else if (NO.has(word)) given = 'false'
    else return { error: ROW_MESSAGES.checkboxWord(field.name) }
  }
  if (input.kind !== 'checkbox' && given.length > input.maxLength) return { error: tooLongMessage(field.name, input.maxLength) }
  const checked = checkInput(input, input.kind === 'textarea' ? given : given.replace(/\s+/g, ' '), plan.country, {
    country: plan.country,
    multiCountry: false,
    student: null,
    today: plan.today,
  })
  if ('error' in checked) return { error: checked.error }
  const value = checked.value
  if (typeof value === 'boolean') return { value: { bool: value } }
  if (typeof value === 'number') return { value: { number: value } }
  return { value: { text: String(value ?? '') } }
}

/** Names a column's target in the words of the mapping list (for messages and the preview). */
export function plannedLabel(column: PlannedColumn): string {
  return 'field' in column ? column.field.name : column.standard.label
}
