import { z } from 'zod'
import { matchesEmailPattern, normaliseEmail } from '#server/forms/email-pattern'
import { phoneCountryFor } from '#server/forms/phone-mask'
import { contactPhoneValue, phoneCountryOrDefault, type PhoneRules } from './contact-phone'

/** Messages of the Create / Edit Contact forms (website spec 2.9 and 5: first, last name and email required). */
export const CONTACT_FORM_MESSAGES = {
  firstNameRequired: 'First Name is required!',
  lastNameRequired: 'Last Name is required!',
  emailRequired: 'Email is required!',
  emailInvalid: 'Please enter a valid email address.',
  phoneInvalid: 'Please enter a valid phone number.',
  tooLong: 'This is too long.',
  badCharacters: 'This contains characters that are not allowed.',
  duplicateEmail: 'A contact with this email already exists.',
  sameAsEmail: 'This is already one of the contact\'s emails.',
  dateInvalid: 'Please enter a real date, not in the future.',
} as const

export type { PhoneRules }

// Postgres text cannot hold NUL, and no name or number needs control characters.
const printable = (value: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value)
// A description may run over several lines.
const printableLines = (value: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value.replace(/\r?\n/g, ' '))

const requiredText = (message: string, max: number) =>
  z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(max, CONTACT_FORM_MESSAGES.tooLong)
    .refine(printable, CONTACT_FORM_MESSAGES.badCharacters)

const optionalText = (max: number, allowLines = false) =>
  z
    .string()
    .trim()
    .max(max, CONTACT_FORM_MESSAGES.tooLong)
    .refine(allowLines ? printableLines : printable, CONTACT_FORM_MESSAGES.badCharacters)
    .optional()
    .transform((value) => (value ? value : null))

const optionalEmail = optionalText(254).refine(
  (value) => value === null || matchesEmailPattern(normaliseEmail(value)),
  CONTACT_FORM_MESSAGES.emailInvalid,
).transform((value) => (value === null ? null : normaliseEmail(value)))

// A checkbox posts 'on' when ticked and nothing when not.
const checkbox = z.boolean().optional().default(false)

/** A phone in the tenant's country mask; the country chosen beside it counts when multi-country. */
function phoneField(rules: PhoneRules, countryKey: string | null) {
  return (input: Record<string, unknown>, key: string, ctx: z.RefinementCtx): string | null => {
    const text = typeof input[key] === 'string' ? (input[key] as string).trim() : ''
    if (!text) return null
    const chosen = countryKey ? phoneCountryOrDefault(input[countryKey] as string | undefined, rules) : rules.country
    const value = contactPhoneValue(text, chosen, countryKey !== null && rules.multiCountry)
    if (!value) {
      ctx.addIssue({ code: 'custom', path: [key], message: `${CONTACT_FORM_MESSAGES.phoneInvalid} (${chosen.mask})` })
      return null
    }
    return value
  }
}

const dialogShape = (supportsGrn: boolean) => ({
  firstName: requiredText(CONTACT_FORM_MESSAGES.firstNameRequired, 100),
  lastName: requiredText(CONTACT_FORM_MESSAGES.lastNameRequired, 100),
  email: requiredText(CONTACT_FORM_MESSAGES.emailRequired, 254)
    .pipe(z.string().email(CONTACT_FORM_MESSAGES.emailInvalid))
    .transform((value) => value.toLowerCase()),
  phoneCountry: z.string().max(3).optional(),
  phone: z.string().max(40, CONTACT_FORM_MESSAGES.phoneInvalid).optional(),
  grnNumber: supportsGrn ? optionalText(50) : z.unknown().transform(() => null),
  hasSignedWaiverForm: checkbox,
  subscribeToMailingList: checkbox,
})

export interface ContactFormOptions {
  supportsGrn: boolean
  phone: PhoneRules
}

/**
 * The Create Contact dialog (spec 2.9). The GRN number is only part of the form when the
 * organisation supports GRN (Module Settings); otherwise a posted value is ignored.
 */
export function contactFormSchema(options: ContactFormOptions) {
  const phone = phoneField(options.phone, 'phoneCountry')
  return z.object(dialogShape(options.supportsGrn)).transform((input, ctx) => {
    const { phoneCountry: _chosen, ...rest } = input
    return { ...rest, phone: phone(input, 'phone', ctx) }
  })
}

export type ContactFormInput = z.output<ReturnType<typeof contactFormSchema>>

/** The status flags of a contact (website spec 3, Contact), as the full edit page names them. */
export const CONTACT_STATUS_FIELDS = [
  ['isStatusClient', 'Client'],
  ['isStatusLead', 'Lead'],
  ['isStatusMember', 'Member'],
  ['isStatusStaff', 'Staff'],
  ['isStatusFollowup', 'Follow-up'],
  ['isStatusInActive', 'Inactive'],
  ['isStatusOther', 'Other'],
] as const

type StatusKey = (typeof CONTACT_STATUS_FIELDS)[number][0]

const today = () => new Date().toISOString().slice(0, 10)

const birthDate = optionalText(10).refine((value) => {
  if (value === null) return true
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900 && value <= today()
}, CONTACT_FORM_MESSAGES.dateInvalid)

/**
 * The full Edit Contact page: the dialog's fields and the rest of the spec's Contact
 * (alternate emails, address, birth date, company, description, emergency contact, lead
 * source, statuses, teacher, reminders, mother and father). Custom field values are checked
 * apart, by the registration forms' rules (server/contacts/contact-field-values.ts).
 */
export function contactProfileSchema(options: ContactFormOptions) {
  const phone = phoneField(options.phone, 'phoneCountry')
  const localPhone = phoneField(options.phone, null)
  const statuses = Object.fromEntries(CONTACT_STATUS_FIELDS.map(([key]) => [key, checkbox])) as Record<StatusKey, typeof checkbox>
  return z
    .object({
      ...dialogShape(options.supportsGrn),
      altEmail1: optionalEmail,
      altEmail2: optionalEmail,
      altEmail3: optionalEmail,
      addressLine1: optionalText(255),
      addressLine2: optionalText(255),
      city: optionalText(100),
      state: optionalText(100),
      zip: optionalText(20),
      country: optionalText(100),
      dateOfBirth: birthDate,
      company: optionalText(255),
      description: optionalText(5000, true),
      emergencyContactName: optionalText(255),
      emergencyContactPhone: z.string().max(40, CONTACT_FORM_MESSAGES.phoneInvalid).optional(),
      leadSource: optionalText(100),
      category: optionalText(100),
      salesStage: optionalText(100),
      accountStage: optionalText(100),
      barcode: optionalText(100),
      ...statuses,
      isTeacher: checkbox,
      isSendReminder: checkbox,
      isSendSmsReminder: checkbox,
      motherName: optionalText(255),
      motherEmail: optionalEmail,
      motherPhone: z.string().max(40, CONTACT_FORM_MESSAGES.phoneInvalid).optional(),
      fatherName: optionalText(255),
      fatherEmail: optionalEmail,
      fatherPhone: z.string().max(40, CONTACT_FORM_MESSAGES.phoneInvalid).optional(),
    })
    .transform((input, ctx) => {
      const seen = new Set([input.email])
      for (const key of ['altEmail1', 'altEmail2', 'altEmail3'] as const) {
        const value = input[key]
        if (value === null) continue
        if (seen.has(value)) ctx.addIssue({ code: 'custom', path: [key], message: CONTACT_FORM_MESSAGES.sameAsEmail })
        seen.add(value)
      }
      const { phoneCountry: _chosen, ...rest } = input
      return {
        ...rest,
        phone: phone(input, 'phone', ctx),
        emergencyContactPhone: localPhone(input, 'emergencyContactPhone', ctx),
        motherPhone: localPhone(input, 'motherPhone', ctx),
        fatherPhone: localPhone(input, 'fatherPhone', ctx),
      }
    })
}

export type ContactProfileInput = z.output<ReturnType<typeof contactProfileSchema>>

/** What the contact forms of this tenant take: GRN or not, its phone mask and dial codes. */
export function contactFormOptionsFor(settings: { isSupportGrn: boolean; country: string; isMultiCountrySupport: boolean }): ContactFormOptions {
  return {
    supportsGrn: settings.isSupportGrn,
    phone: { country: phoneCountryFor(settings.country), multiCountry: settings.isMultiCountrySupport },
  }
}
