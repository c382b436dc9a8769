import type { Country } from '#server/shell/dial-codes'
import { COUNTRIES } from '#server/shell/dial-codes'
import { EMAIL_MAX_LENGTH, isEmailNamed } from './email-pattern'
import type { FormDefinition, FormFieldDefinition } from './form-definition'

export type InputKind =
  | 'name'
  | 'email'
  | 'phone'
  | 'phoneCountry'
  | 'text'
  | 'textarea'
  | 'number'
  | 'checkbox'
  | 'radio'
  | 'dropdown'
  | 'header'
  | 'date'

/** One input of a public form: the single list both the descriptor and the validation are made from. */
export interface FormInput {
  key: string
  label: string
  kind: InputKind
  required: boolean
  maxLength: number
  placeholder: string
  help: string
  options: string[]
  /** The custom field behind this input, if any. */
  field: FormFieldDefinition | null
}

export const TEXT_MAX_LENGTH = 500
export const TEXTAREA_MAX_LENGTH = 5000
export const NAME_MAX_LENGTH = 255
/** "emergency contact name max 255" */
export const EMERGENCY_NAME_MAX_LENGTH = 255
export const PHONE_MAX_LENGTH = 30

export function customFieldKey(guId: string): string {
  return `cf_${guId.replace(/-/g, '')}`
}

export interface FormInputOptions {
  /** The tenant's default country: its phone mask. */
  country: Country
  multiCountry: boolean
  /** A signed-in student: name, email and phone fall back to the profile, so they are not required. */
  isStudent: boolean
}

/**
 * The inputs of a form, in display order: the switched-on standard fields (Name, Email,
 * Phone, Birth Date), the custom fields in the form's order, then emergency contact and
 * guardian details.
 */
export function formInputsFor(form: FormDefinition, options: FormInputOptions): FormInput[] {
  const inputs: FormInput[] = []
  const base = { placeholder: '', help: '', options: [] as string[], field: null }
  const mask = options.country.mask
  if (form.isName) {
    inputs.push({ ...base, key: 'fullName', label: 'Name', kind: 'name', required: !options.isStudent, maxLength: NAME_MAX_LENGTH, placeholder: 'First and last name' })
  }
  if (form.isEmail) {
    inputs.push({ ...base, key: 'email', label: 'Email', kind: 'email', required: !options.isStudent, maxLength: EMAIL_MAX_LENGTH })
  }
  if (form.isPhone) {
    if (options.multiCountry) {
      inputs.push({ ...base, key: 'phoneCountry', label: 'Country Code', kind: 'phoneCountry', required: true, maxLength: 3, options: COUNTRIES.map((c) => c.code) })
    }
    inputs.push({ ...base, key: 'phone', label: 'Phone', kind: 'phone', required: !options.isStudent, maxLength: PHONE_MAX_LENGTH, placeholder: mask })
  }
  if (form.isShowBirthdate) {
    inputs.push({ ...base, key: 'dob', label: 'Birth Date', kind: 'date', required: false, maxLength: 10 })
  }
  for (const field of form.fields) inputs.push(customFieldInput(field, mask))
  if (form.isShowEmergencyContact) {
    inputs.push({ ...base, key: 'emergencyContactName', label: 'Emergency Contact Name', kind: 'text', required: false, maxLength: EMERGENCY_NAME_MAX_LENGTH })
    inputs.push({ ...base, key: 'emergencyContactPhone', label: 'Emergency Contact Phone', kind: 'phone', required: false, maxLength: PHONE_MAX_LENGTH, placeholder: mask })
  }
  if (form.isShowGuardian) {
    for (const [prefix, title] of [['mother', 'Mother'], ['father', 'Father']] as const) {
      inputs.push({ ...base, key: `${prefix}Name`, label: `${title} Name`, kind: 'text', required: false, maxLength: NAME_MAX_LENGTH })
      inputs.push({ ...base, key: `${prefix}Email`, label: `${title} Email`, kind: 'email', required: false, maxLength: EMAIL_MAX_LENGTH })
      inputs.push({ ...base, key: `${prefix}Phone`, label: `${title} Phone`, kind: 'phone', required: false, maxLength: PHONE_MAX_LENGTH, placeholder: mask })
    }
  }
  return inputs
}

/** The input a custom field becomes, on a form or on a contact's edit page. */
export function customFieldInput(field: FormFieldDefinition, mask: string): FormInput {
  const common = {
    key: customFieldKey(field.guId),
    label: field.name,
    required: field.isMandatory && field.type !== 'header',
    placeholder: field.placeholder,
    help: field.helpText,
    options: [] as string[],
    field,
  }
  switch (field.type) {
    case 'email':
      return { ...common, kind: 'email', maxLength: EMAIL_MAX_LENGTH }
    case 'text':
      if (isEmailNamed(field.name)) return { ...common, kind: 'email', maxLength: EMAIL_MAX_LENGTH }
      if (field.isPhoneNumber) return { ...common, kind: 'phone', maxLength: PHONE_MAX_LENGTH, placeholder: field.placeholder || mask }
      return { ...common, kind: 'text', maxLength: TEXT_MAX_LENGTH }
    case 'textarea':
      return { ...common, kind: 'textarea', maxLength: TEXTAREA_MAX_LENGTH }
    case 'number':
      return { ...common, kind: 'number', maxLength: 40 }
    case 'checkbox':
      return { ...common, kind: 'checkbox', maxLength: 5 }
    case 'radio':
    case 'dropdown':
      return { ...common, kind: field.type, maxLength: TEXT_MAX_LENGTH, options: field.options }
    case 'header':
      return { ...common, kind: 'header', maxLength: 0, required: false }
  }
}
