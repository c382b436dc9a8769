import { z } from 'zod'

/*
 * The sign-in forms' schemas: shared by each route's action (parseWithZod on the server) and
 * its form (useForm in the browser), so this module holds zod only, nothing server-side.
 */

/** What the sign-in forms' checks say, in English; a page gets them in its language from its loader. */
export const AUTH_FORM_MESSAGES = {
  emailRequired: 'Email is required!',
  emailTooLong: 'That email address is too long.',
  emailInvalid: 'Enter a valid email address.',
  passwordRequired: 'Password is required!',
  passwordTooShort: 'Use at least 8 characters.',
  passwordTooLong: 'Use at most 128 characters.',
  loginPasswordTooLong: 'That password is too long.',
  ticketMissing: 'That sign-in has expired. Please sign in again.',
  selectOrganisation: 'Select an organisation.',
  orgIdRequired: 'Organisation id is required!',
  orgIdTooLong: 'That organisation id is too long.',
  firstNameRequired: 'First name is required!',
  lastNameRequired: 'Last name is required!',
  nameTooLong: 'Use at most 100 characters.',
  confirmPasswordRequired: 'Confirm your new password.',
  passwordsDiffer: 'The passwords do not match.',
} as const

export type AuthFormMessages = Record<keyof typeof AUTH_FORM_MESSAGES, string>

const emailWith = (words: AuthFormMessages) =>
  z.string({ required_error: words.emailRequired }).trim().max(320, words.emailTooLong).email(words.emailInvalid)

/** The spec leaves password rules open: 8 to 128 characters, anything goes. */
const newPasswordWith = (words: AuthFormMessages) =>
  z.string({ required_error: words.passwordRequired }).min(8, words.passwordTooShort).max(128, words.passwordTooLong)

export function loginSchemaWith(words: AuthFormMessages = AUTH_FORM_MESSAGES) {
  return z.object({
    intent: z.literal('login').default('login'),
    email: emailWith(words),
    password: z.string({ required_error: words.passwordRequired }).max(1024, words.loginPasswordTooLong),
    rememberMe: z.boolean().default(false),
    redirectTo: z.string().max(2000).optional(),
  })
}

export function selectOrgSchemaWith(words: AuthFormMessages = AUTH_FORM_MESSAGES) {
  return z.object({
    intent: z.literal('select-org'),
    ticket: z.string({ required_error: words.ticketMissing }).max(20_000),
    tenantId: z.string({ required_error: words.selectOrganisation }).uuid(words.selectOrganisation),
  })
}

export function registerSchemaWith(words: AuthFormMessages = AUTH_FORM_MESSAGES) {
  return z.object({
    orgId: z.string({ required_error: words.orgIdRequired }).trim().toLowerCase().max(63, words.orgIdTooLong),
    name: z.string({ required_error: words.firstNameRequired }).trim().min(1, words.firstNameRequired).max(100, words.nameTooLong),
    lastName: z.string({ required_error: words.lastNameRequired }).trim().min(1, words.lastNameRequired).max(100, words.nameTooLong),
    email: emailWith(words),
    password: newPasswordWith(words),
    franchiseId: z.string().trim().max(63).optional(),
    redirectTo: z.string().max(2000).optional(),
  })
}

export function forgotPasswordSchemaWith(words: AuthFormMessages = AUTH_FORM_MESSAGES) {
  return z.object({ email: emailWith(words) })
}

export function resetPasswordSchemaWith(words: AuthFormMessages = AUTH_FORM_MESSAGES) {
  return z
    .object({
      password: newPasswordWith(words),
      confirmPassword: z.string({ required_error: words.confirmPasswordRequired }).max(128),
    })
    .refine((value) => value.password === value.confirmPassword, {
      path: ['confirmPassword'],
      message: words.passwordsDiffer,
    })
}

export const loginSchema = loginSchemaWith()
export const selectOrgSchema = selectOrgSchemaWith()
export const registerSchema = registerSchemaWith()
export const forgotPasswordSchema = forgotPasswordSchemaWith()
export const resetPasswordSchema = resetPasswordSchemaWith()

export const previewAsContactSchema = z.object({
  contactId: z.string({ required_error: 'Choose a contact to preview as.' }).uuid('Choose a contact to preview as.'),
})

export const franchiseSwitchSchema = z.object({
  tenantId: z.string({ required_error: 'Choose a franchise.' }).uuid('Choose a franchise.'),
})
