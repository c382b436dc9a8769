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

/** My Profile's form: the person's own name and phone. Email and role are changed by an admin. */
export const profileFormSchema = z.object({
  firstName: z
    .string({ required_error: PROFILE_MESSAGES.firstNameRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.firstNameRequired)
    .max(100, PROFILE_MESSAGES.firstNameTooLong),
  lastName: z
    .string({ required_error: PROFILE_MESSAGES.lastNameRequired })
    .trim()
    .min(1, PROFILE_MESSAGES.lastNameRequired)
    .max(100, PROFILE_MESSAGES.lastNameTooLong),
  phone: z
    .string()
    .trim()
    .max(30, PROFILE_MESSAGES.phoneTooLong)
    // One message at a time: a number with letters in it is not also "too short".
    .superRefine((value, context) => {
      if (!PHONE_CHARACTERS.test(value)) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: PROFILE_MESSAGES.phoneCharacters })
      } else if (value !== '' && value.replace(/\D/g, '').length < 7) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: PROFILE_MESSAGES.phoneTooShort })
      }
    })
    .optional()
    .transform((value) => (value ? value : null)),
})

export type ProfileForm = z.infer<typeof profileFormSchema>
