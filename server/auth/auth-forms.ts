import { z } from 'zod'

/*
 * The sign-in forms' schemas: shared by each route's action (parseWithZod on the server) and
 * its form (useForm in the browser), so this module holds zod only, nothing server-side.
 */

const email = z
  .string({ required_error: 'Email is required!' })
  .trim()
  .max(320, 'That email address is too long.')
  .email('Enter a valid email address.')

/** The spec leaves password rules open: 8 to 128 characters, anything goes. */
const newPassword = z
  .string({ required_error: 'Password is required!' })
  .min(8, 'Use at least 8 characters.')
  .max(128, 'Use at most 128 characters.')

export const loginSchema = z.object({
  intent: z.literal('login').default('login'),
  email,
  password: z.string({ required_error: 'Password is required!' }).max(1024, 'That password is too long.'),
  rememberMe: z.boolean().default(false),
  redirectTo: z.string().max(2000).optional(),
})

export const selectOrgSchema = z.object({
  intent: z.literal('select-org'),
  ticket: z.string({ required_error: 'That sign-in has expired. Please sign in again.' }).max(20_000),
  tenantId: z.string({ required_error: 'Select an organisation.' }).uuid('Select an organisation.'),
})

export const registerSchema = z.object({
  orgId: z
    .string({ required_error: 'Organisation id is required!' })
    .trim()
    .toLowerCase()
    .max(63, 'That organisation id is too long.'),
  name: z.string({ required_error: 'First name is required!' }).trim().min(1, 'First name is required!').max(100, 'Use at most 100 characters.'),
  lastName: z.string({ required_error: 'Last name is required!' }).trim().min(1, 'Last name is required!').max(100, 'Use at most 100 characters.'),
  email,
  password: newPassword,
  franchiseId: z.string().trim().max(63).optional(),
  redirectTo: z.string().max(2000).optional(),
})

export const forgotPasswordSchema = z.object({ email })

export const resetPasswordSchema = z
  .object({
    password: newPassword,
    confirmPassword: z.string({ required_error: 'Confirm your new password.' }).max(128),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match.',
  })

export const previewAsContactSchema = z.object({
  contactId: z.string({ required_error: 'Choose a contact to preview as.' }).uuid('Choose a contact to preview as.'),
})

export const franchiseSwitchSchema = z.object({
  tenantId: z.string({ required_error: 'Choose a franchise.' }).uuid('Choose a franchise.'),
})
