import { z } from 'zod'

/** Messages of the Create Contact dialog (website spec 2.9 and 5: first, last name and email required). */
export const CONTACT_FORM_MESSAGES = {
  firstNameRequired: 'First Name is required!',
  lastNameRequired: 'Last Name is required!',
  emailRequired: 'Email is required!',
  emailInvalid: 'Please enter a valid email address.',
  phoneInvalid: 'Please enter a valid phone number.',
  tooLong: 'This is too long.',
  badCharacters: 'This contains characters that are not allowed.',
  duplicateEmail: 'A contact with this email already exists.',
} as const

const MIN_PHONE_DIGITS = 7
const MAX_PHONE_DIGITS = 15

// Postgres text cannot hold NUL, and no name or number needs control characters.
const printable = (value: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)

const requiredText = (message: string, max: number) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(max, CONTACT_FORM_MESSAGES.tooLong)
    .refine(printable, CONTACT_FORM_MESSAGES.badCharacters)

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, CONTACT_FORM_MESSAGES.tooLong)
    .refine(printable, CONTACT_FORM_MESSAGES.badCharacters)
    .optional()
    .transform((value) => (value ? value : null))

const phone = optionalText(30).refine((value) => {
  if (value === null) return true
  if (!/^[+\d\s().-]+$/.test(value)) return false
  const digits = value.replace(/\D/g, '').length
  return digits >= MIN_PHONE_DIGITS && digits <= MAX_PHONE_DIGITS
}, CONTACT_FORM_MESSAGES.phoneInvalid)

// A checkbox posts 'on' when ticked and nothing when not; the dialog ticks both by default.
const checkbox = z.boolean().optional().default(false)

/**
 * The Create Contact dialog. The GRN number is only part of the form when the organisation
 * supports GRN (Module Settings); otherwise a posted value is ignored.
 */
export function contactFormSchema(options: { supportsGrn: boolean }) {
  return z.object({
    firstName: requiredText(CONTACT_FORM_MESSAGES.firstNameRequired, 100),
    lastName: requiredText(CONTACT_FORM_MESSAGES.lastNameRequired, 100),
    email: requiredText(CONTACT_FORM_MESSAGES.emailRequired, 254)
      .pipe(z.string().email(CONTACT_FORM_MESSAGES.emailInvalid))
      .transform((value) => value.toLowerCase()),
    phone,
    grnNumber: options.supportsGrn ? optionalText(50) : z.unknown().transform(() => null),
    hasSignedWaiverForm: checkbox,
    subscribeToMailingList: checkbox,
  })
}

export type ContactFormInput = z.infer<ReturnType<typeof contactFormSchema>>
