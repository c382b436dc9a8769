import type { Country } from '#server/shell/dial-codes'
import { countryFor } from '#server/shell/dial-codes'
import { err, ok, type WordedResult } from '#server/errors/result'
import { matchesEmailPattern, normaliseEmail } from './email-pattern'
import type { FormDefinition, FormFieldDefinition } from './form-definition'
import { customFieldInput, formInputsFor, type FormInput } from './form-inputs'
import {
  FORM_MESSAGES,
  invalidDateMessage,
  notANumberMessage,
  notAnOptionMessage,
  requiredMessage,
  tooLongMessage,
} from './form-messages'
import { phoneValue } from './phone-mask'
import { isNameNamed, splitFullName } from './split-full-name'

export type CustomFieldValue = string | number | boolean | null

/** One custom field's answer, as the spec's form submission payload lists it. */
export interface CustomFieldAnswer {
  guId: string
  sequence: number
  type: string
  name: string
  value: CustomFieldValue
}

export interface SubmissionValues {
  fullName: string
  firstName: string
  lastName: string
  email: string
  phone: string
  dob: string
  emergencyContactName: string
  emergencyContactPhone: string
  motherName: string
  motherEmail: string
  motherPhone: string
  fatherName: string
  fatherEmail: string
  fatherPhone: string
  customField: CustomFieldAnswer[]
}

export interface StudentProfile {
  firstName: string
  lastName: string
  email: string
  phone: string
}

export interface ValidationContext {
  country: Country
  multiCountry: boolean
  /** The signed-in student, whose name, email and phone fill in what the form leaves blank. */
  student: StudentProfile | null
  today?: Date
}

/** The checked values, or invalid_input with the form's message and one message per field in `details.errors`. */
export type ValidationResult = WordedResult<SubmissionValues, 'invalid_input', { errors: Record<string, string> }>

const STANDARD_TEXT_KEYS = ['emergencyContactName', 'motherName', 'fatherName'] as const
const STANDARD_EMAIL_KEYS = ['motherEmail', 'fatherEmail'] as const
const STANDARD_PHONE_KEYS = ['emergencyContactPhone', 'motherPhone', 'fatherPhone'] as const

/**
 * Spec 002 section 5, on the server: every value of the post is checked against the form's
 * inputs; keys the form does not have are ignored. Returns the cleaned values, or a message
 * per input key and one for the whole form.
 */
export function validateSubmission(
  form: FormDefinition,
  posted: Readonly<Record<string, string>>,
  context: ValidationContext,
): ValidationResult {
  const inputs = formInputsFor(form, { country: context.country, multiCountry: context.multiCountry, isStudent: context.student !== null })
  const errors: Record<string, string> = {}
  const values: SubmissionValues = {
    fullName: '', firstName: '', lastName: '', email: '', phone: '', dob: '',
    emergencyContactName: '', emergencyContactPhone: '',
    motherName: '', motherEmail: '', motherPhone: '', fatherName: '', fatherEmail: '', fatherPhone: '',
    customField: [],
  }
  const phoneCountry = (context.multiCountry && countryFor(posted.phoneCountry ?? '')) || context.country

  for (const input of inputs) {
    const checked = checkPostedInput(input, posted, phoneCountry, context)
    if ('error' in checked) {
      errors[input.key] = checked.error
      continue
    }
    assign(values, input, checked.value)
  }

  // A custom text field named Name stands in for the standard one when that is switched off.
  if (!form.isName) {
    const named = values.customField.find((answer) => answer.type === 'text' && isNameNamed(answer.name))
    if (named && typeof named.value === 'string' && named.value) {
      const split = splitFullName(named.value)
      if (!split.firstName || !split.lastName) errors[`cf_${named.guId.replace(/-/g, '')}`] ??= FORM_MESSAGES.nameRequired
      values.fullName = named.value
      values.firstName = split.firstName
      values.lastName = split.lastName
    }
  }

  if (context.student) {
    values.firstName ||= context.student.firstName
    values.lastName ||= context.student.lastName
    values.fullName ||= [values.firstName, values.lastName].filter(Boolean).join(' ')
    values.email ||= normaliseEmail(context.student.email)
    values.phone ||= context.student.phone
  }

  // "A non-student must give first and last name": also when a form asks for no name at all.
  const nameKey = form.isName ? 'fullName' : '_form'
  if (!context.student && (!values.firstName || !values.lastName) && !errors[nameKey] && !Object.values(errors).includes(FORM_MESSAGES.nameRequired)) {
    errors[nameKey] = FORM_MESSAGES.nameRequired
  }

  if (Object.keys(errors).length > 0) {
    const nameProblem = Object.values(errors).includes(FORM_MESSAGES.nameRequired)
    return err('invalid_input', nameProblem ? FORM_MESSAGES.nameRequired : FORM_MESSAGES.invalidForm, { errors })
  }
  return ok(values)
}

type Checked = { error: string } | { value: CustomFieldValue }

/** One input's posted text, tidied, held to its length and checked by its kind. */
function checkPostedInput(input: FormInput, posted: Readonly<Record<string, string>>, phoneCountry: Country, context: Pick<ValidationContext, 'country' | 'multiCountry' | 'today'>): Checked {
  const raw = (posted[input.key] ?? '').replace(/\r\n/g, '\n')
  const text = input.kind === 'textarea' ? raw.trim() : raw.replace(/\s+/g, ' ').trim()
  if (input.kind !== 'checkbox' && input.kind !== 'header' && text.length > input.maxLength) {
    return { error: tooLongMessage(input.label, input.maxLength) }
  }
  return checkInput(input, text, phoneCountry, context)
}

/**
 * A set of custom fields checked by the registration forms' rules, apart from any form: a
 * contact's edit page and an import row hold custom field values too. Keys are the fields'
 * input keys (customFieldKey); headers are skipped.
 */
export function validateCustomFieldValues(
  fields: readonly FormFieldDefinition[],
  posted: Readonly<Record<string, string>>,
  context: { country: Country; today?: Date },
): { answers: CustomFieldAnswer[]; errors: Record<string, string> } {
  const answers: CustomFieldAnswer[] = []
  const errors: Record<string, string> = {}
  const checkContext = { country: context.country, multiCountry: false, today: context.today }
  for (const field of fields) {
    if (field.type === 'header') continue
    const input = customFieldInput(field, context.country.mask)
    const checked = checkPostedInput(input, posted, context.country, checkContext)
    if ('error' in checked) errors[input.key] = checked.error
    else answers.push({ guId: field.guId, sequence: field.sequence, type: field.type, name: field.name, value: checked.value })
  }
  return { answers, errors }
}

function checkInput(input: FormInput, text: string, phoneCountry: Country, context: Pick<ValidationContext, 'country' | 'multiCountry' | 'today'>): Checked {
  switch (input.kind) {
    case 'header':
      return { value: null }
    case 'name': {
      if (!text) return input.required ? { error: FORM_MESSAGES.nameRequired } : { value: '' }
      const split = splitFullName(text)
      if (!split.firstName || !split.lastName) return { error: FORM_MESSAGES.nameRequired }
      return { value: text }
    }
    case 'email': {
      const email = normaliseEmail(text)
      if (!email) return input.required ? { error: input.field ? requiredMessage(input.label) : FORM_MESSAGES.emailRequired } : { value: '' }
      if (!matchesEmailPattern(email)) return { error: FORM_MESSAGES.emailInvalid }
      return { value: email }
    }
    case 'phoneCountry':
      return { value: (countryFor(text) ?? context.country).code }
    case 'phone': {
      if (!text) return input.required ? { error: FORM_MESSAGES.phoneRequired } : { value: '' }
      const country = input.key === 'phone' ? phoneCountry : context.country
      const value = phoneValue(text, country, context.multiCountry && input.key === 'phone')
      if (!value) return { error: FORM_MESSAGES.phoneRequired }
      return { value }
    }
    case 'date': {
      if (!text) return input.required ? { error: requiredMessage(input.label) } : { value: '' }
      if (!isPastOrTodayDate(text, context.today ?? new Date())) return { error: invalidDateMessage(input.label) }
      return { value: text }
    }
    case 'number': {
      if (!text) return input.required ? { error: requiredMessage(input.label) } : { value: null }
      const number = Number(text)
      if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(text) || !Number.isFinite(number)) return { error: notANumberMessage(input.label) }
      return { value: number }
    }
    case 'checkbox': {
      const checked = text === 'on' || text === 'true' || text === '1'
      if (input.required && !checked) return { error: requiredMessage(input.label) }
      return { value: checked }
    }
    case 'radio':
    case 'dropdown': {
      if (!text) return input.required ? { error: requiredMessage(input.label) } : { value: '' }
      const chosen = input.options.find((option) => option.replace(/\s+/g, ' ').trim() === text)
      if (chosen === undefined) return { error: notAnOptionMessage(input.label) }
      return { value: chosen }
    }
    case 'text':
    case 'textarea':
      if (!text) return input.required ? { error: requiredMessage(input.label) } : { value: '' }
      return { value: text }
  }
}

function assign(values: SubmissionValues, input: FormInput, value: string | number | boolean | null): void {
  if (input.field) {
    values.customField.push({
      guId: input.field.guId,
      sequence: input.field.sequence,
      type: input.field.type,
      name: input.field.name,
      value,
    })
    return
  }
  const text = typeof value === 'string' ? value : ''
  switch (input.key) {
    case 'fullName': {
      const split = splitFullName(text)
      values.fullName = text
      values.firstName = split.firstName
      values.lastName = split.lastName
      return
    }
    case 'email':
      values.email = text
      return
    case 'phone':
      values.phone = text
      return
    case 'dob':
      values.dob = text
      return
  }
  for (const key of [...STANDARD_TEXT_KEYS, ...STANDARD_EMAIL_KEYS, ...STANDARD_PHONE_KEYS]) {
    if (input.key === key) values[key] = text
  }
}

function isPastOrTodayDate(text: string, today: Date): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return false
  return year >= 1900 && date.getTime() <= today.getTime() + 24 * 3600 * 1000
}
