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

/**
 * The labels of the standard inputs, by key: the product's words, not the tenant's, so a page
 * in another language shows them in it (public-form-language.ts).
 */
export const STANDARD_INPUT_LABELS = {
  fullName: 'Name',
  email: 'Email',
  phoneCountry: 'Country Code',
  phone: 'Phone',
  dob: 'Birth Date',
  emergencyContactName: 'Emergency Contact Name',
  emergencyContactPhone: 'Emergency Contact Phone',
  motherName: 'Mother Name',
  motherEmail: 'Mother Email',
  motherPhone: 'Mother Phone',
  fatherName: 'Father Name',
  fatherEmail: 'Father Email',
  fatherPhone: 'Father Phone',
} as const

export type StandardInputKey = keyof typeof STANDARD_INPUT_LABELS

export function isStandardInputKey(key: string): key is StandardInputKey {
  return Object.hasOwn(STANDARD_INPUT_LABELS, key)
}

/** The hint inside the Name input. */
export const NAME_PLACEHOLDER = 'First and last name'

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
    inputs.push({ ...base, key: 'fullName', label: STANDARD_INPUT_LABELS.fullName, kind: 'name', required: !options.isStudent, maxLength: NAME_MAX_LENGTH, placeholder: NAME_PLACEHOLDER })
  }
  if (form.isEmail) {
    inputs.push({ ...base, key: 'email', label: STANDARD_INPUT_LABELS.email, kind: 'email', required: !options.isStudent, maxLength: EMAIL_MAX_LENGTH })
  }
  if (form.isPhone) {
    if (options.multiCountry) {
      inputs.push({ ...base, key: 'phoneCountry', label: STANDARD_INPUT_LABELS.phoneCountry, kind: 'phoneCountry', required: true, maxLength: 3, options: COUNTRIES.map((c) => c.code) })
    }
    inputs.push({ ...base, key: 'phone', label: STANDARD_INPUT_LABELS.phone, kind: 'phone', required: !options.isStudent, maxLength: PHONE_MAX_LENGTH, placeholder: mask })
  }
  if (form.isShowBirthdate) {
    inputs.push({ ...base, key: 'dob', label: STANDARD_INPUT_LABELS.dob, kind: 'date', required: false, maxLength: 10 })
  }
  for (const field of form.fields) inputs.push(customFieldInput(field, mask))
  if (form.isShowEmergencyContact) {
    inputs.push({ ...base, key: 'emergencyContactName', label: STANDARD_INPUT_LABELS.emergencyContactName, kind: 'text', required: false, maxLength: EMERGENCY_NAME_MAX_LENGTH })
    inputs.push({ ...base, key: 'emergencyContactPhone', label: STANDARD_INPUT_LABELS.emergencyContactPhone, kind: 'phone', required: false, maxLength: PHONE_MAX_LENGTH, placeholder: mask })
  }
  if (form.isShowGuardian) {
    for (const prefix of ['mother', 'father'] as const) {
      inputs.push({ ...base, key: `${prefix}Name`, label: STANDARD_INPUT_LABELS[`${prefix}Name`], kind: 'text', required: false, maxLength: NAME_MAX_LENGTH })
      inputs.push({ ...base, key: `${prefix}Email`, label: STANDARD_INPUT_LABELS[`${prefix}Email`], kind: 'email', required: false, maxLength: EMAIL_MAX_LENGTH })
      inputs.push({ ...base, key: `${prefix}Phone`, label: STANDARD_INPUT_LABELS[`${prefix}Phone`], kind: 'phone', required: false, maxLength: PHONE_MAX_LENGTH, placeholder: mask })
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
