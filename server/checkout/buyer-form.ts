import { z } from 'zod'
import { EMAIL_MAX_LENGTH, matchesEmailPattern, normaliseEmail } from '#server/forms/email-pattern'
import { FORM_MESSAGES, requiredMessage, tooLongMessage } from '#server/forms/form-messages'
import { err, ok, type WordedResult } from '#server/errors/result'
import { withoutControlCharacters } from '#server/text/without-control-characters'

/** The checkout's user form (spec 002 User form) as far as checkout without payment asks it. */
export interface BuyerDetails {
  firstName: string
  lastName: string
  email: string
  phone: string
  note: string
  signedWaiver: boolean
}

export type BuyerField = keyof BuyerDetails

export const BUYER_MESSAGES = {
  firstName: requiredMessage('First name'),
  lastName: requiredMessage('Last name'),
  email: FORM_MESSAGES.emailRequired,
  emailInvalid: FORM_MESSAGES.emailInvalid,
  phone: 'Please enter a phone number of digits, spaces, brackets, dots or dashes.',
  waiver: 'Please accept the waiver to continue.',
  checkForm: FORM_MESSAGES.invalidForm,
} as const

/** A refused user form: each field's message, and what was typed to show again. */
export interface BuyerRefusal {
  errors: Partial<Record<BuyerField, string>>
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
})

/**
 * The buyer's details with the spec's rules (section 5: "firstName and lastName required;
 * email required and valid"), the phone when given, and the tenant's waiver when it asks for
 * one (Payment and registration: isWaiverFormToBeSigned).
 */
export function parseBuyer(
  posted: Record<string, unknown>,
  rules: { waiverRequired: boolean },
): WordedResult<BuyerDetails, 'invalid_input', BuyerRefusal> {
  // As a person could have typed it: a NUL from a crafted post would be refused by Postgres.
  const text = (name: string) => (typeof posted[name] === 'string' ? withoutControlCharacters(posted[name] as string) : undefined)
  const parsed = postedBuyer.safeParse({ firstName: text('firstName'), lastName: text('lastName'), email: text('email'), phone: text('phone'), note: text('note'), waiver: text('waiver') })
  const errors: Partial<Record<BuyerField, string>> = {}
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === 'waiver' ? 'signedWaiver' : (issue.path[0] as BuyerField)
      errors[field] ??= issue.message
    }
  }
  const raw = parsed.success ? parsed.data : { firstName: (text('firstName') ?? '').trim(), lastName: (text('lastName') ?? '').trim(), email: text('email') ?? '', phone: (text('phone') ?? '').trim(), note: (text('note') ?? '').trim(), waiver: text('waiver') }
  const email = normaliseEmail(raw.email)
  if (!raw.firstName) errors.firstName ??= BUYER_MESSAGES.firstName
  if (!raw.lastName) errors.lastName ??= BUYER_MESSAGES.lastName
  if (!email) errors.email ??= BUYER_MESSAGES.email
  else if (!matchesEmailPattern(email)) errors.email ??= BUYER_MESSAGES.emailInvalid
  if (raw.phone && !PHONE.test(raw.phone)) errors.phone ??= BUYER_MESSAGES.phone
  const signedWaiver = raw.waiver === 'on'
  if (rules.waiverRequired && !signedWaiver) errors.signedWaiver ??= BUYER_MESSAGES.waiver
  const values = { firstName: raw.firstName.slice(0, 100), lastName: raw.lastName.slice(0, 100), email: raw.email.slice(0, EMAIL_MAX_LENGTH), phone: raw.phone.slice(0, 30), note: raw.note.slice(0, 1000) }
  if (Object.keys(errors).length > 0) return err('invalid_input', BUYER_MESSAGES.checkForm, { errors, values })
  return ok({ firstName: raw.firstName, lastName: raw.lastName, email, phone: raw.phone, note: raw.note, signedWaiver })
}
