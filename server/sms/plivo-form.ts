import { z } from 'zod'
import { err, ok, type WordedResult } from '#server/errors/result'
import { withoutControlCharacters } from '#server/text/without-control-characters'

/**
 * The words of the Plivo page. 'Get Started', 'Approved', 'Waiting for approval', 'Sms config
 * updated' and 'No Phone Numbers found' are the spec's; the rest are ours (docs/decisions/138).
 */
export const PLIVO_MESSAGES = {
  termsRequired: 'Please agree to the terms to get started',
  authIdRequired: 'Auth ID is required',
  tokenRequired: 'Auth Token is required',
  authIdShape: 'Auth ID has no spaces: copy it exactly as Plivo shows it',
  tokenShape: 'Auth Token has no spaces: copy it exactly as Plivo shows it',
  tooLong: (label: string, max: number) => `${label} is at most ${max} characters`,
  areaCodeRequired: 'Area code is required',
  areaCodeShape: 'An area code is 3 digits and does not start with 0 or 1, e.g. 415',
  numberShape: 'Choose one of the numbers found to buy',
  updated: 'Sms config updated',
  noNumbers: 'No Phone Numbers found',
  approved: 'Approved',
  waiting: 'Waiting for approval',
  stillWaiting: 'The number is still waiting for approval.',
  fixErrors: 'Please correct the fields marked below.',
  unknownAction: 'Unknown action.',
} as const

/** Every message the Plivo account form can show, as written: the page carries their translations for its checks in the browser. */
export const PLIVO_FORM_SHOWN_MESSAGES: readonly string[] = [
  PLIVO_MESSAGES.termsRequired,
  PLIVO_MESSAGES.authIdRequired,
  PLIVO_MESSAGES.tokenRequired,
  PLIVO_MESSAGES.authIdShape,
  PLIVO_MESSAGES.tokenShape,
  PLIVO_MESSAGES.tooLong('Auth ID', 100),
  PLIVO_MESSAGES.tooLong('Auth Token', 200),
]

export const PLIVO_ACCOUNT_FIELDS = ['agree', 'authId', 'authToken'] as const
export type PlivoAccountField = (typeof PLIVO_ACCOUNT_FIELDS)[number]
export type PlivoAccountValues = { agree: boolean; authId: string; authToken: string }
export type PlivoAccountErrors = Partial<Record<PlivoAccountField, string>>

const M = PLIVO_MESSAGES

/**
 * The account form's rules, shared by the server and the page (which keeps Get Started and
 * Save disabled while they fail). The terms are asked only until agreed (spec: terms must be
 * agreed); the token may be blank only when one is already kept.
 */
export function plivoAccountSchema(hasToken: boolean, needsTerms: boolean) {
  const token = z.string().trim().max(200, M.tooLong('Auth Token', 200)).regex(/^\S*$/, M.tokenShape)
  return z.object({
    agree: needsTerms ? z.literal(true, { errorMap: () => ({ message: M.termsRequired }) }) : z.boolean(),
    authId: z.string().trim().min(1, M.authIdRequired).max(100, M.tooLong('Auth ID', 100)).regex(/^\S+$/, M.authIdShape),
    authToken: hasToken ? token : token.min(1, M.tokenRequired),
  })
}

/** The first message of each field that breaks a rule; empty when the form is valid. */
export function plivoAccountErrors(values: PlivoAccountValues, hasToken: boolean, needsTerms: boolean): PlivoAccountErrors {
  const parsed = plivoAccountSchema(hasToken, needsTerms).safeParse(values)
  if (parsed.success) return {}
  const errors: PlivoAccountErrors = {}
  for (const issue of parsed.error.issues) errors[issue.path[0] as PlivoAccountField] ??= issue.message
  return errors
}

const posted = (form: FormData, name: string) => {
  const raw = form.get(name)
  return typeof raw === 'string' ? withoutControlCharacters(raw).slice(0, 400) : ''
}

/** An unchecked checkbox posts nothing: absent is "not agreed". */
export function readPlivoAccountForm(form: FormData): PlivoAccountValues {
  return { agree: form.get('agree') === 'on' || form.get('agree') === 'true', authId: posted(form, 'authId'), authToken: posted(form, 'authToken') }
}

export interface PlivoAccountInput {
  authId: string
  /** Null keeps the token already sealed (the form never shows it back). */
  authToken: string | null
}

export type PlivoAccountRefusalDetails = { errors: PlivoAccountErrors; values: PlivoAccountValues }

/** The posted account form, checked; the values come back without the token, which is never echoed. */
export function parsePlivoAccountForm(form: FormData, hasToken: boolean, needsTerms: boolean): WordedResult<PlivoAccountInput, 'invalid_input', PlivoAccountRefusalDetails> {
  const values = readPlivoAccountForm(form)
  const errors = plivoAccountErrors(values, hasToken, needsTerms)
  if (Object.keys(errors).length > 0) return err('invalid_input', M.fixErrors, { errors, values: { ...values, authToken: '' } })
  const token = values.authToken.trim()
  return ok({ authId: values.authId.trim(), authToken: token === '' ? null : token })
}

/**
 * An area code to search numbers by (spec: a number input): three digits, the first 2 to 9, as
 * North American area codes are. Answers the code or the message to show.
 */
export function parseAreaCode(raw: unknown): WordedResult<string, 'invalid_input'> {
  const typed = typeof raw === 'string' ? raw.trim() : ''
  if (typed === '') return err('invalid_input', M.areaCodeRequired)
  if (!/^[2-9]\d{2}$/.test(typed)) return err('invalid_input', M.areaCodeShape)
  return ok(typed)
}

/** A number chosen to buy, as the search listed it (Plivo's digits, 11 for a North American number). */
export function parseNumberToBuy(raw: unknown): WordedResult<string, 'invalid_input'> {
  const typed = typeof raw === 'string' ? raw.trim().replace(/^\+/, '') : ''
  if (!/^1[2-9]\d{9}$/.test(typed)) return err('invalid_input', M.numberShape)
  return ok(typed)
}
