import { z } from 'zod'

const PHONE_CHARACTERS = /^[0-9+()\-.\s]*$/

/** My Profile's form: the person's own name and phone. Email and role are changed by an admin. */
export const profileFormSchema = z.object({
  firstName: z
    .string({ required_error: 'First name is required.' })
    .trim()
    .min(1, 'First name is required.')
    .max(100, 'First name can be at most 100 characters.'),
  lastName: z
    .string({ required_error: 'Last name is required.' })
    .trim()
    .min(1, 'Last name is required.')
    .max(100, 'Last name can be at most 100 characters.'),
  phone: z
    .string()
    .trim()
    .max(30, 'Phone number can be at most 30 characters.')
    // One message at a time: a number with letters in it is not also "too short".
    .superRefine((value, context) => {
      if (!PHONE_CHARACTERS.test(value)) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: 'Use digits, spaces and + ( ) - only.' })
      } else if (value !== '' && value.replace(/\D/g, '').length < 7) {
        context.addIssue({ code: z.ZodIssueCode.custom, message: 'Enter a phone number with at least 7 digits.' })
      }
    })
    .optional()
    .transform((value) => (value ? value : null)),
})

export type ProfileForm = z.infer<typeof profileFormSchema>
