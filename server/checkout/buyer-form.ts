import { z } from 'zod'
import { EMAIL_MAX_LENGTH, matchesEmailPattern, normaliseEmail } from '#server/forms/email-pattern'
import { FORM_MESSAGES, requiredMessage, tooLongMessage } from '#server/forms/form-messages'
import { err, ok, type WordedResult } from '#server/errors/result'
import { withoutControlCharacters } from '#server/text/without-control-characters'
import { parseCalendarDate } from '#server/catalog/calendar-date'
import type { FormDefinition } from '#server/forms/form-definition'
import { customFieldKey } from '#server/forms/form-inputs'
import { validateCustomFieldValues, type CustomFieldAnswer } from '#server/forms/validate-submission'
import type { Country } from '#server/shell/dial-codes'

/** The guardian details of spec 002 (Guardian and other info fields), asked when the checkout form shows them. */
export const GUARDIAN_FIELDS = ['motherName', 'motherEmail', 'motherPhone', 'fatherName', 'fatherEmail', 'fatherPhone'] as const
export type GuardianField = (typeof GUARDIAN_FIELDS)[number]

/** The checkout's user form (spec 002 User form): who buys, how to reach them, and what the studio keeps on their contact. */
export interface BuyerDetails {
  firstName: string
  lastName: string
  email: string
  phone: string
  note: string
  signedWaiver: boolean
  addressLine1: string
  addressLine2: string
  city: string
  state: string
  zip: string
  emergencyContactName: string
  emergencyContactPhone: string
  /** 'YYYY-MM-DD', or '' when not given. */
  dob: string
  /** A visitor asked for a student account (credentials by email). */
  wantsAccount: boolean
  /** Answers to the checkout form's custom fields (none when the studio chose no form). */
  customAnswers: CustomFieldAnswer[]
  /** Mother's and father's details, '' where not given or not asked. */
  guardians: Record<GuardianField, string>
}

export type BuyerField = Exclude<keyof BuyerDetails, 'customAnswers' | 'guardians'> | GuardianField

export const BUYER_MESSAGES = {
  firstName: requiredMessage('First name'),
  lastName: requiredMessage('Last name'),
  email: FORM_MESSAGES.emailRequired,
  emailInvalid: FORM_MESSAGES.emailInvalid,
  phone: 'Please enter a phone number of digits, spaces, brackets, dots or dashes.',
  waiver: 'Please accept the waiver to continue.',
  address: 'Please enter your street address.',
  city: 'Please enter your city.',
  zip: 'Please enter your ZIP or postal code.',
  emergencyPhone: 'Please enter the emergency contact phone number of digits, spaces, brackets, dots or dashes.',
  dob: 'Please enter a real date of birth, not in the future.',
  guardianPhone: (who: 'Mother' | 'Father') => `Please enter the ${who.toLowerCase()}'s phone number of digits, spaces, brackets, dots or dashes.`,
  checkForm: FORM_MESSAGES.invalidForm,
} as const

/** A refused user form: each field's message (custom fields by their input key), and what was typed to show again. */
export interface BuyerRefusal {
  errors: Partial<Record<BuyerField, string>> & Record<string, string>
  values: Record<string, string>
}

const PHONE = /^\+?[0-9 ().-]{5,30}$/

/** What the form posts, before any rule: every field a string, none trusted. */
const postedBuyer = z.object({
  firstName: z.string().trim().max(100, tooLongMessage('First name', 100)).default(''),
  lastName: z.string().trim().max(100, tooLongMessage('Last name', 100)).default(''),
  email: z.string().max(EMAIL_MAX_LENGTH, BUYER_MESSAGES.emailInvalid).default(''),
  phone: z.string().trim().max(30, BUYER_MESSAGES.phone).default(''),
  note: z.string().trim().max(1000, tooLongMessage('Note', 1000)).default(''),
  waiver: z.string().optional(),
  addressLine1: z.string().trim().max(255, tooLongMessage('Address', 255)).default(''),
  addressLine2: z.string().trim().max(255, tooLongMessage('Address line 2', 255)).default(''),
  city: z.string().trim().max(100, tooLongMessage('City', 100)).default(''),
  state: z.string().trim().max(100, tooLongMessage('State', 100)).default(''),
  zip: z.string().trim().max(20, tooLongMessage('ZIP', 20)).default(''),
  emergencyContactName: z.string().trim().max(255, tooLongMessage('Emergency contact name', 255)).default(''),
  emergencyContactPhone: z.string().trim().max(30, BUYER_MESSAGES.emergencyPhone).default(''),
  dob: z.string().trim().max(10, BUYER_MESSAGES.dob).default(''),
  createAccount: z.string().optional(),
})

const TEXT_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'note', 'waiver', 'addressLine1', 'addressLine2', 'city', 'state', 'zip', 'emergencyContactName', 'emergencyContactPhone', 'dob', 'createAccount'] as const

/**
 * The buyer's details with the spec's rules (section 5: "firstName and lastName required;
 * email required and valid"), the phone when given, and the tenant's waiver when it asks for
 * one (Payment and registration: isWaiverFormToBeSigned).
 */
export function parseBuyer(
  posted: Record<string, unknown>,
  rules: {
    waiverRequired: boolean
    addressRequired?: boolean
    today?: string
    /** The Student Registration form checkout asks (checkout-form.ts), with the tenant's country for its phone fields. */
    form?: { definition: FormDefinition; country: Country } | null
  },
): WordedResult<BuyerDetails, 'invalid_input', BuyerRefusal> {
  // As a person could have typed it: a NUL from a crafted post would be refused by Postgres.
  const text = (name: string) => (typeof posted[name] === 'string' ? withoutControlCharacters(posted[name] as string) : undefined)
  const given = Object.fromEntries(TEXT_FIELDS.map((name) => [name, text(name)]))
  const parsed = postedBuyer.safeParse(given)
  const errors: BuyerRefusal['errors'] = {}
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'waiver' ? 'signedWaiver' : issue.path[0] === 'createAccount' ? 'wantsAccount' : (issue.path[0] as BuyerField)
      errors[field] ??= issue.message
    }
  }
  const raw = parsed.success
    ? parsed.data
    : (Object.fromEntries(TEXT_FIELDS.map((name) => [name, (given[name] ?? '').trim()])) as Record<(typeof TEXT_FIELDS)[number], string>)
  const email = normaliseEmail(raw.email)
  if (!raw.firstName) errors.firstName ??= BUYER_MESSAGES.firstName
  if (!raw.lastName) errors.lastName ??= BUYER_MESSAGES.lastName
  if (!email) errors.email ??= BUYER_MESSAGES.email
  else if (!matchesEmailPattern(email)) errors.email ??= BUYER_MESSAGES.emailInvalid
  if (raw.phone && !PHONE.test(raw.phone)) errors.phone ??= BUYER_MESSAGES.phone
  if (raw.emergencyContactPhone && !PHONE.test(raw.emergencyContactPhone)) errors.emergencyContactPhone ??= BUYER_MESSAGES.emergencyPhone
  if (raw.dob && (parseCalendarDate(raw.dob) === null || raw.dob > (rules.today ?? '9999-12-31'))) errors.dob ??= BUYER_MESSAGES.dob
  if (rules.addressRequired) {
    if (!raw.addressLine1) errors.addressLine1 ??= BUYER_MESSAGES.address
    if (!raw.city) errors.city ??= BUYER_MESSAGES.city
    if (!raw.zip) errors.zip ??= BUYER_MESSAGES.zip
  }
  const signedWaiver = raw.waiver === 'on'
  if (rules.waiverRequired && !signedWaiver) errors.signedWaiver ??= BUYER_MESSAGES.waiver
  const values: Record<string, string> = Object.fromEntries(TEXT_FIELDS.filter((name) => name !== 'waiver').map((name) => [name, (raw[name] ?? '').slice(0, name === 'note' ? 1000 : 255)]))
  const asked = askedQuestions(text, rules.form ?? null)
  Object.assign(errors, asked.errors)
  Object.assign(values, asked.values)
  if (Object.keys(errors).length > 0) return err('invalid_input', BUYER_MESSAGES.checkForm, { errors, values })
  return ok({
    firstName: raw.firstName,
    lastName: raw.lastName,
    email,
    phone: raw.phone,
    note: raw.note,
    signedWaiver,
    addressLine1: raw.addressLine1,
    addressLine2: raw.addressLine2,
    city: raw.city,
    state: raw.state,
    zip: raw.zip,
    emergencyContactName: raw.emergencyContactName,
    emergencyContactPhone: raw.emergencyContactPhone,
    dob: raw.dob,
    wantsAccount: raw.createAccount === 'on',
    customAnswers: asked.answers,
    guardians: asked.guardians,
  })
}

const NO_GUARDIANS: Record<GuardianField, string> = { motherName: '', motherEmail: '', motherPhone: '', fatherName: '', fatherEmail: '', fatherPhone: '' }

/**
 * The checkout form's questions: its custom fields by the registration forms' own rules
 * (required when mandatory, emails and phones checked), and the guardians when it shows them.
 */
function askedQuestions(
  text: (name: string) => string | undefined,
  form: { definition: FormDefinition; country: Country } | null,
): { answers: CustomFieldAnswer[]; guardians: Record<GuardianField, string>; errors: Record<string, string>; values: Record<string, string> } {
  if (!form) return { answers: [], guardians: NO_GUARDIANS, errors: {}, values: {} }
  const { definition, country } = form
  const posted: Record<string, string> = {}
  for (const field of definition.fields) {
    const key = customFieldKey(field.guId)
    posted[key] = (text(key) ?? '').slice(0, 5000)
  }
  const checked = validateCustomFieldValues(definition.fields, posted, { country })
  const errors: Record<string, string> = { ...checked.errors }
  const guardians = { ...NO_GUARDIANS }
  if (definition.isShowGuardian) {
    for (const name of GUARDIAN_FIELDS) {
      const value = (text(name) ?? '').trim()
      const who = name.startsWith('mother') ? 'Mother' : 'Father'
      if (name.endsWith('Name') && value.length > 255) errors[name] = tooLongMessage(`${who} Name`, 255)
      else if (name.endsWith('Email') && value && !matchesEmailPattern(normaliseEmail(value))) errors[name] = BUYER_MESSAGES.emailInvalid
      else if (name.endsWith('Phone') && value && !PHONE.test(value)) errors[name] = BUYER_MESSAGES.guardianPhone(who)
      guardians[name] = name.endsWith('Email') ? normaliseEmail(value) : value
      posted[name] = value.slice(0, 255)
    }
  }
  return { answers: checked.answers, guardians, errors, values: posted }
}
