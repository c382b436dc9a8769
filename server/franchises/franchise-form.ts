import { z } from 'zod'
import { err, ok, type WordedResult } from '#server/errors/result'
import { TIME_ZONES } from '#server/shell/dial-codes'

/*
 * The franchise form (settings spec, "Franchise form"): one schema per mode, the messages in the
 * spec's words. Street and apartment stay optional, as the spec's logic has them.
 */

export const FRANCHISE_MESSAGES = {
  businessName: 'Name of franchise is required!',
  orgId: 'Franchise OrgId is required!',
  orgIdShape: 'Franchise OrgId must be a valid subdomain: lowercase letters, digits and hyphens, not starting or ending with a hyphen.',
  orgIdTaken: 'This Franchise OrgId is already in use.',
  phone: 'Phone is required!',
  timezone: 'TimeZone is required!',
  adminName: 'Admin name is required!',
  email: 'Email is required!',
  emailShape: 'Enter a valid email address.',
  password: 'Password is required!',
  passwordShort: 'Use at least 8 characters.',
  city: 'City is required!',
  state: 'State is required!',
  zip: 'Zip code is required!',
  zipShort: 'Zip code must be atleast 5 characters long!',
  zipLong: 'Zip code should be less than 10 characters long!',
  zipDigits: 'Zip code should only contain numbers!',
  invalidForm: 'Invalid Form!',
  created: 'Successfully created franchise.',
  updated: 'Successfully updated franchise.',
  deleted: 'Successfully deleted franchise',
  notFound: 'Franchise not found',
  accountOwner: "Choose one of the franchise's administrators.",
} as const

export const FRANCHISE_TIME_ZONES: readonly string[] = TIME_ZONES.map((zone) => zone.timeZone)

/** A host's first label: what the franchise's address `{orgId}.{platform domain}` needs. */
export const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/

const text = (max: number) =>
  z
    .string()
    .default('')
    // Control characters never belong in a name or address, and NUL is refused by Postgres.
    .transform((value) => value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, max))

const required = (message: string, max = 200) => text(max).pipe(z.string().min(1, message))

const orgId = z
  .string()
  .default('')
  .transform((value) => value.trim().toLowerCase())
  .pipe(z.string().min(1, FRANCHISE_MESSAGES.orgId).regex(SUBDOMAIN, FRANCHISE_MESSAGES.orgIdShape))
  // www. of the platform's domain is the platform itself (server/tenancy/parse-host.ts).
  .refine((value) => value !== 'www', FRANCHISE_MESSAGES.orgIdShape)

const zip = z
  .string()
  .default('')
  .transform((value) => value.trim())
  .superRefine((value, ctx) => {
    // One message at a time, the most useful first.
    const message = !value
      ? FRANCHISE_MESSAGES.zip
      : !/^[0-9]+$/.test(value)
        ? FRANCHISE_MESSAGES.zipDigits
        : value.length < 5
          ? FRANCHISE_MESSAGES.zipShort
          : value.length > 10
            ? FRANCHISE_MESSAGES.zipLong
            : null
    if (message) ctx.addIssue({ code: z.ZodIssueCode.custom, message })
  })

const email = (requiredMessage: string | null) =>
  text(320).superRefine((value, ctx) => {
    if (!value) {
      if (requiredMessage) ctx.addIssue({ code: z.ZodIssueCode.custom, message: requiredMessage })
      return
    }
    if (!z.string().email().safeParse(value).success) ctx.addIssue({ code: z.ZodIssueCode.custom, message: FRANCHISE_MESSAGES.emailShape })
  })

const address = {
  line1: text(200),
  line2: text(200),
  city: required(FRANCHISE_MESSAGES.city, 100),
  state: required(FRANCHISE_MESSAGES.state, 100),
  zip,
}

/** The create payload: the franchise, its time zone and its first admin. */
export const createFranchiseSchema = z.object({
  businessName: required(FRANCHISE_MESSAGES.businessName),
  orgId,
  phone: required(FRANCHISE_MESSAGES.phone, 40),
  timezone: text(64).pipe(z.string().min(1, FRANCHISE_MESSAGES.timezone).refine((zone) => FRANCHISE_TIME_ZONES.includes(zone), FRANCHISE_MESSAGES.timezone)),
  userName: required(FRANCHISE_MESSAGES.adminName, 100),
  email: email(FRANCHISE_MESSAGES.email),
  password: z
    .string()
    .default('')
    .pipe(z.string().min(1, FRANCHISE_MESSAGES.password).min(8, FRANCHISE_MESSAGES.passwordShort).max(128, 'Use at most 128 characters.')),
  ...address,
})

/** The update payload: the franchise's identity, sender and address (its admin is its own). */
export const updateFranchiseSchema = z.object({
  businessName: required(FRANCHISE_MESSAGES.businessName),
  orgId,
  phone: required(FRANCHISE_MESSAGES.phone, 40),
  fromEmailName: text(200),
  fromEmail: email(null),
  /** A contact id of one of the franchise's admins; empty keeps the owner it has. */
  accountOwner: text(36),
  ...address,
})

export type CreateFranchiseInput = z.infer<typeof createFranchiseSchema>
export type UpdateFranchiseInput = z.infer<typeof updateFranchiseSchema>

export const CREATE_FIELDS = ['businessName', 'orgId', 'phone', 'timezone', 'userName', 'email', 'password', 'line1', 'line2', 'city', 'state', 'zip'] as const
export const UPDATE_FIELDS = ['businessName', 'orgId', 'phone', 'accountOwner', 'fromEmailName', 'fromEmail', 'line1', 'line2', 'city', 'state', 'zip'] as const

export type FranchiseFormValues = Partial<Record<(typeof CREATE_FIELDS)[number] | (typeof UPDATE_FIELDS)[number], string>>
/** A message per field, and `form` for the whole form ('Invalid Form!'). */
export type FranchiseFormErrors = Partial<Record<keyof FranchiseFormValues | 'form', string>>

/** What was typed, to draw the form again; the password is never sent back. */
export function franchiseFormValues(form: FormData, fields: readonly (keyof FranchiseFormValues)[]): FranchiseFormValues {
  const values: FranchiseFormValues = {}
  for (const field of fields) {
    const value = form.get(field)
    if (field !== 'password' && typeof value === 'string') values[field] = value.slice(0, 400)
  }
  return values
}

export type ParsedFranchiseForm<T> = WordedResult<T, 'invalid_input', { errors: FranchiseFormErrors }>

function parseWith<T>(schema: z.ZodType<T, z.ZodTypeDef, unknown>, form: FormData, fields: readonly string[]): ParsedFranchiseForm<T> {
  const raw: Record<string, unknown> = {}
  for (const field of fields) {
    const value = form.get(field)
    if (typeof value === 'string') raw[field] = value
  }
  const parsed = schema.safeParse(raw)
  if (parsed.success) return ok(parsed.data)
  const errors: FranchiseFormErrors = { form: FRANCHISE_MESSAGES.invalidForm }
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'form') as keyof FranchiseFormErrors
    errors[key] ??= issue.message
  }
  return err('invalid_input', FRANCHISE_MESSAGES.invalidForm, { errors })
}

export const parseCreateFranchise = (form: FormData) => parseWith(createFranchiseSchema, form, CREATE_FIELDS)
export const parseUpdateFranchise = (form: FormData) => parseWith(updateFranchiseSchema, form, UPDATE_FIELDS)
