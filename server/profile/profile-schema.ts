import { z } from 'zod'

const PHONE_CHARACTERS = /^[0-9+()\-.\s]*$/

export const PROFILE_MESSAGES = {
  firstNameRequired: 'First name is required.',
  firstNameTooLong: 'First name can be at most 100 characters.',
  lastNameRequired: 'Last name is required.',
  lastNameTooLong: 'Last name can be at most 100 characters.',
  phoneTooLong: 'Phone number can be at most 30 characters.',
  phoneCharacters: 'Use digits, spaces and + ( ) - only.',
  phoneTooShort: 'Enter a phone number with at least 7 digits.',
} as const

export type ProfileMessages = { [K in keyof typeof PROFILE_MESSAGES]: string }

/**
 * My Profile's form: the person's own name and phone. Email and role are changed by an admin.
 * Made with the page's words, so the browser's checks speak the page's language as the server's do.
 */
export function profileFormSchemaWith(words: ProfileMessages = PROFILE_MESSAGES) {
  return z.object({
    firstName: z.string({ required_error: words.firstNameRequired }).trim().min(1, words.firstNameRequired).max(100, words.firstNameTooLong),
    lastName: z.string({ required_error: words.lastNameRequired }).trim().min(1, words.lastNameRequired).max(100, words.lastNameTooLong),
    phone: z
      .string()
      .trim()
      .max(30, words.phoneTooLong)
      // One message at a time: a number with letters in it is not also "too short".
      .superRefine((value, context) => {
        if (!PHONE_CHARACTERS.test(value)) {
          context.addIssue({ code: z.ZodIssueCode.custom, message: words.phoneCharacters })
        } else if (value !== '' && value.replace(/\D/g, '').length < 7) {
          context.addIssue({ code: z.ZodIssueCode.custom, message: words.phoneTooShort })
        }
      })
      .optional()
      .transform((value) => (value ? value : null)),
  })
}

export const profileFormSchema = profileFormSchemaWith()

export type ProfileForm = z.infer<typeof profileFormSchema>
