import { z } from 'zod'
import { err, ok, type WordedResult } from '#server/errors/result'
import { withoutControlCharacters } from '#server/text/without-control-characters'

/** The spec's words for the Twilio page (settings spec, Twilio validation, toasts and defaults). */
export const TWILIO_MESSAGES = {
  sidRequired: 'Account SID is required',
  tokenRequired: 'Auth Token is required',
  senderRequired: 'Phone or Messaging Service ID is required',
  sidShape: 'Account SID has no spaces: copy it exactly as Twilio shows it',
  tokenShape: 'Auth Token has no spaces: copy it exactly as Twilio shows it',
  senderShape: 'A phone number has digits only (a leading + and spaces or dashes are fine); a Messaging Service ID has no spaces',
  adminPhoneShape: 'Admin Phone is a phone number: digits, with a leading + if you like',
  pageSize: 'Page Size is a whole number from 1 to 10000',
  pageWait: 'Page Timer is a whole number of minutes from 0 to 1440',
  tooLong: (label: string, max: number) => `${label} is at most ${max} characters`,
  updated: 'Twilio updated successfully',
  fixErrors: 'Please correct the fields marked below.',
} as const

/** Every message the Twilio form can show, as written: the page carries their translations for its checks in the browser. */
export const TWILIO_FORM_SHOWN_MESSAGES: readonly string[] = [
  ...Object.values(TWILIO_MESSAGES).flatMap((message) => (typeof message === 'string' ? [message] : [])),
  TWILIO_MESSAGES.tooLong('Phone or Messaging Service ID', 100),
  TWILIO_MESSAGES.tooLong('Account SID', 100),
  TWILIO_MESSAGES.tooLong('Auth Token', 200),
]

/** Spec: Twilio defaults, page size 250 and page wait time 3 minutes. */
export const TWILIO_DEFAULTS = { pageSize: 250, pageWaitMinutes: 3 } as const

export const TWILIO_FIELDS = ['sender', 'sid', 'token', 'adminPhone', 'pageSize', 'pageWaitMinutes'] as const
export type TwilioField = (typeof TWILIO_FIELDS)[number]
export type TwilioFormValues = Record<TwilioField, string>
export type TwilioFormErrors = Partial<Record<TwilioField, string>>

/** Separators people type inside a phone number. */
const PHONE_SEPARATORS = /[\s().-]/g

/** Whether a value is a phone number: an optional leading + and digits, separators aside. */
export function isNumericPhone(value: string): boolean {
  return /^\+?\d{4,15}$/.test(value.trim().replace(PHONE_SEPARATORS, ''))
}

/**
 * Spec (Twilio): a sender value that is not numeric is the messaging id, and the phone is
 * cleared; a numeric one is the phone (kept without its separators) and the messaging id is cleared.
 */
export function senderOf(value: string): { phone: string; messagingId: null } | { phone: null; messagingId: string } {
  const trimmed = value.trim()
  if (isNumericPhone(trimmed)) return { phone: trimmed.replace(PHONE_SEPARATORS, ''), messagingId: null }
  return { phone: null, messagingId: trimmed }
}

const M = TWILIO_MESSAGES
const whole = (message: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}$/, message)
    .transform(Number)
    .pipe(z.number().int().min(min, message).max(max, message))

/**
 * The form's rules, shared by the server and the page (which disables Submit while they fail).
 * The token may be blank only when one is already kept; the advanced fields only when the
 * advanced view was not open (they keep their saved values then).
 */
export function twilioSchema(hasToken: boolean, advanced: boolean) {
  return z.object({
    sender: z
      .string()
      .trim()
      .min(1, M.senderRequired)
      .max(100, M.tooLong('Phone or Messaging Service ID', 100))
      .refine((value) => isNumericPhone(value) || /^[A-Za-z0-9_-]+$/.test(value), M.senderShape),
    sid: z.string().trim().min(1, M.sidRequired).max(100, M.tooLong('Account SID', 100)).regex(/^\S+$/, M.sidShape),
    token: hasToken
      ? z.string().trim().max(200, M.tooLong('Auth Token', 200)).regex(/^\S*$/, M.tokenShape)
      : z.string().trim().min(1, M.tokenRequired).max(200, M.tooLong('Auth Token', 200)).regex(/^\S*$/, M.tokenShape),
    adminPhone: z
      .string()
      .trim()
      .max(32, M.adminPhoneShape)
      .refine((value) => value === '' || isNumericPhone(value), M.adminPhoneShape),
    pageSize: advanced ? whole(M.pageSize, 1, 10000) : z.string(),
    pageWaitMinutes: advanced ? whole(M.pageWait, 0, 1440) : z.string(),
  })
}

/** The first message of each field that breaks a rule; empty when the form is valid. */
export function twilioErrors(values: TwilioFormValues, hasToken: boolean, advanced: boolean): TwilioFormErrors {
  const parsed = twilioSchema(hasToken, advanced).safeParse(values)
  if (parsed.success) return {}
  const errors: TwilioFormErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as TwilioField
    errors[field] ??= issue.message
  }
  return errors
}

export interface TwilioInput {
  sid: string
  /** Null keeps the token already sealed (the form never shows it back). */
  token: string | null
  phone: string | null
  messagingId: string | null
  adminPhone: string | null
  /** Null keeps what is saved (the advanced view was not open). */
  pageSize: number | null
  pageWaitMinutes: number | null
}

export function readTwilioForm(form: FormData): TwilioFormValues {
  const read = (name: TwilioField) => {
    const raw = form.get(name)
    return typeof raw === 'string' ? withoutControlCharacters(raw).slice(0, 400) : ''
  }
  return Object.fromEntries(TWILIO_FIELDS.map((name) => [name, read(name)])) as TwilioFormValues
}

export type ParsedTwilioForm = WordedResult<TwilioInput, 'invalid_input', { errors: TwilioFormErrors; values: TwilioFormValues }>

/** The posted form, checked; the values come back without the token, which is never echoed. */
export function parseTwilioForm(form: FormData, hasToken: boolean): ParsedTwilioForm {
  const values = readTwilioForm(form)
  // The advanced view posts its fields; without them the saved page size and timer stay.
  const advanced = form.has('pageSize') || form.has('pageWaitMinutes')
  const errors = twilioErrors(values, hasToken, advanced)
  const shown = { ...values, token: '' }
  if (Object.keys(errors).length > 0) return err('invalid_input', M.fixErrors, { errors, values: shown })
  const token = values.token.trim()
  const adminPhone = values.adminPhone.trim()
  return ok({
    sid: values.sid.trim(),
    token: token === '' ? null : token,
    ...senderOf(values.sender),
    adminPhone: adminPhone === '' ? null : adminPhone.replace(PHONE_SEPARATORS, ''),
    pageSize: advanced ? Number(values.pageSize.trim()) : null,
    pageWaitMinutes: advanced ? Number(values.pageWaitMinutes.trim()) : null,
  })
}
