import { z } from 'zod'

export const CONTACT_EMAIL_LIMITS = { subject: 200, message: 10_000 } as const

export const CONTACT_EMAIL_MESSAGES = {
  subjectRequired: 'Subject is required.',
  subjectTooLong: `Subject can be at most ${CONTACT_EMAIL_LIMITS.subject} characters.`,
  subjectOneLine: 'Subject must be a single line.',
  messageRequired: 'Message is required.',
  messageTooLong: `Message can be at most ${CONTACT_EMAIL_LIMITS.message.toLocaleString('en-US')} characters.`,
} as const

/** The 'Send email' form: a plain-text message to the contact's address (website spec 7: POST esend/email/contact). */
export const contactEmailSchema = z.object({
  subject: z
    .string({ required_error: CONTACT_EMAIL_MESSAGES.subjectRequired })
    .trim()
    .min(1, CONTACT_EMAIL_MESSAGES.subjectRequired)
    .max(CONTACT_EMAIL_LIMITS.subject, CONTACT_EMAIL_MESSAGES.subjectTooLong)
    // A line break in a subject would start a new mail header.
    .refine((subject) => !/[\r\n]/.test(subject), CONTACT_EMAIL_MESSAGES.subjectOneLine),
  message: z
    .string({ required_error: CONTACT_EMAIL_MESSAGES.messageRequired })
    .transform((message) => message.replace(/\r\n?/g, '\n'))
    .pipe(
      z
        .string()
        .refine((message) => message.trim().length > 0, CONTACT_EMAIL_MESSAGES.messageRequired)
        .refine((message) => message.length <= CONTACT_EMAIL_LIMITS.message, CONTACT_EMAIL_MESSAGES.messageTooLong),
    ),
})

export type ContactEmailInput = z.infer<typeof contactEmailSchema>
