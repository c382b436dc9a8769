import { z } from 'zod'
import { EMAIL_ACCOUNT_MESSAGES } from './email-providers'

/** The submitEmail step's form (spec: the email is required and must be a valid address: 'Email is required!'). */
export const submitEmailSchema = z.object({
  email: z
    .string({ required_error: EMAIL_ACCOUNT_MESSAGES.emailRequired })
    .trim()
    .toLowerCase()
    .min(1, EMAIL_ACCOUNT_MESSAGES.emailRequired)
    .max(254, EMAIL_ACCOUNT_MESSAGES.emailRequired)
    .email(EMAIL_ACCOUNT_MESSAGES.emailRequired),
  isShareAccount: z
    .union([z.literal('on'), z.literal('true')])
    .optional()
    .transform((value) => value !== undefined),
})

export type SubmittedEmail = z.infer<typeof submitEmailSchema>
