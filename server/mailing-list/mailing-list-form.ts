import { z } from 'zod'
import { err, ok, type WordedResult } from '#server/errors/result'
import { withoutControlCharacters } from '#server/text/without-control-characters'

/** The spec's words for the mailing list page (settings spec, Mailing list validation and toasts). */
export const MAILING_LIST_MESSAGES = {
  nameRequired: 'Audience Name required',
  listIdRequired: 'Audience ID is required',
  apiKeyRequired: 'API Key required',
  fromNameRequired: 'From Name is required',
  fromEmailRequired: 'From Email is required',
  fromEmailShape: 'From Email is not a valid email address',
  tooLong: (label: string, max: number) => `${label} is at most ${max} characters`,
  apiKeyShape: 'API Key has no spaces: copy it exactly as Mailchimp shows it',
  added: 'Mailchimp added successfully',
  updated: 'Mailchimp updated successfully',
  resetQuestion: 'This will reset the existing mailchimp account and resync has to be done again, proceed?',
  resyncQuestion: 'Sync will sync all mailchimp contacts with wajooba contacts this process takes time based on the number of records',
  resyncStarted: 'Resync was successfully initiated',
  resyncRunning: 'resync is already in progress',
  resyncNotReady: 'Resync is available once the first sync is complete.',
  deleteQuestion: 'The mailing list will be disconnected and contacts will no longer be sent to Mailchimp. Are you sure?',
  deleted: 'Mailchimp disconnected successfully',
  nothing: 'No mailing list is set up.',
  fixErrors: 'Please correct the fields marked below.',
  unknownAction: 'Unknown action.',
} as const

/** Every message the mailing list form can show, as written: the page carries their translations for its checks in the browser. */
export const MAILING_LIST_FORM_SHOWN_MESSAGES: readonly string[] = [
  MAILING_LIST_MESSAGES.nameRequired,
  MAILING_LIST_MESSAGES.listIdRequired,
  MAILING_LIST_MESSAGES.apiKeyRequired,
  MAILING_LIST_MESSAGES.fromNameRequired,
  MAILING_LIST_MESSAGES.fromEmailRequired,
  MAILING_LIST_MESSAGES.fromEmailShape,
  MAILING_LIST_MESSAGES.apiKeyShape,
  MAILING_LIST_MESSAGES.tooLong('Audience Name', 100),
  MAILING_LIST_MESSAGES.tooLong('Audience ID', 100),
  MAILING_LIST_MESSAGES.tooLong('API Key', 200),
  MAILING_LIST_MESSAGES.tooLong('From Name', 100),
  MAILING_LIST_MESSAGES.tooLong('From Email', 254),
]

export const MAILING_LIST_FIELDS = ['name', 'listId', 'apiKey', 'fromName', 'fromEmail'] as const
export type MailingListField = (typeof MAILING_LIST_FIELDS)[number]
export type MailingListFormValues = Record<MailingListField, string>
export type MailingListFormErrors = Partial<Record<MailingListField, string>>

export interface MailingListInput {
  name: string
  listId: string
  /** Null keeps the key already sealed (the form never shows it back). */
  apiKey: string | null
  fromName: string
  fromEmail: string
}

const M = MAILING_LIST_MESSAGES
const text = (required: string, label: string, max: number) => z.string().trim().min(1, required).max(max, M.tooLong(label, max))

/**
 * The form's rules, shared by the server and the page (which disables Submit while they fail).
 * The API key may be blank only when one is already kept.
 */
export function mailingListSchema(hasKey: boolean) {
  return z.object({
    name: text(M.nameRequired, 'Audience Name', 100),
    listId: text(M.listIdRequired, 'Audience ID', 100),
    apiKey: hasKey
      ? z.string().trim().max(200, M.tooLong('API Key', 200)).regex(/^\S*$/, M.apiKeyShape)
      : z.string().trim().min(1, M.apiKeyRequired).max(200, M.tooLong('API Key', 200)).regex(/^\S*$/, M.apiKeyShape),
    fromName: text(M.fromNameRequired, 'From Name', 100),
    fromEmail: text(M.fromEmailRequired, 'From Email', 254).pipe(z.string().email(M.fromEmailShape)),
  })
}

/** The first message of each field that breaks a rule; empty when the form is valid. */
export function mailingListErrors(values: MailingListFormValues, hasKey: boolean): MailingListFormErrors {
  const parsed = mailingListSchema(hasKey).safeParse(values)
  if (parsed.success) return {}
  const errors: MailingListFormErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as MailingListField
    errors[field] ??= issue.message
  }
  return errors
}

export function readMailingListForm(form: FormData): MailingListFormValues {
  const read = (name: MailingListField) => {
    const raw = form.get(name)
    return typeof raw === 'string' ? withoutControlCharacters(raw).slice(0, 400) : ''
  }
  return Object.fromEntries(MAILING_LIST_FIELDS.map((name) => [name, read(name)])) as MailingListFormValues
}

export type ParsedMailingListForm = WordedResult<MailingListInput, 'invalid_input', { errors: MailingListFormErrors; values: MailingListFormValues }>

/** The posted form, checked; the values come back without the key, which is never echoed. */
export function parseMailingListForm(form: FormData, hasKey: boolean): ParsedMailingListForm {
  const values = readMailingListForm(form)
  const errors = mailingListErrors(values, hasKey)
  const shown = { ...values, apiKey: '' }
  if (Object.keys(errors).length > 0) return err('invalid_input', M.fixErrors, { errors, values: shown })
  const apiKey = values.apiKey.trim()
  return ok({
    name: values.name.trim(),
    listId: values.listId.trim(),
    apiKey: apiKey === '' ? null : apiKey,
    fromName: values.fromName.trim(),
    fromEmail: values.fromEmail.trim(),
  })
}

/** The name a new list gets (spec: 'Mailchimp-' plus 3 random digits). */
export function defaultMailingListName(random: () => number = Math.random): string {
  const digits = Math.min(999, Math.floor(random() * 1000))
  return `Mailchimp-${String(digits).padStart(3, '0')}`
}

/** The key as the page shows it: its last four characters behind dots. */
export function maskedApiKey(last4: string): string {
  return last4 === '' ? '' : `••••••••${last4}`
}

export function lastFourOf(apiKey: string): string {
  return apiKey.slice(-4)
}

/**
 * Whether saving asks first (spec: changing the list or key after status complete resets the
 * account and the resync has to be done again).
 */
export function needsResetConfirmation(saved: { status: string; listId: string } | null, input: Pick<MailingListInput, 'listId' | 'apiKey'>, keyChanged: boolean): boolean {
  if (!saved || saved.status !== 'complete') return false
  return saved.listId !== input.listId || keyChanged
}
