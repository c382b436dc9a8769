import { err, ok, type WordedResult } from '#server/errors/result'
import type { Language } from '#server/i18n/languages'
import { translateMessage } from '#server/i18n/translate-message'
import type { Platform } from '#server/platform'
import { resolveEffectiveScreen, type EffectiveScreen } from '#server/screens/effective-descriptor'
import type { ScreenDescriptor } from '#server/screens/descriptor'
import { translatedDescriptor } from '#server/screens/translated-descriptor'
import type { SubmissionRefusal, SubmissionValues } from '#server/screens/validate-submission'
import type { Tenant } from '#server/tenancy/tenant'
import { SETTING_NOT_SAVED, type TenantUpdateResult } from './update-tenant'

/** What a refused submission sends back to its form: shown again with the user's values. */
export interface ScreenFormResult {
  /** Which form of the page was posted (a page may hold several). */
  intent: string
  formError: string
  fieldErrors: Record<string, string[]>
  values: SubmissionValues
}

/** A saved screen and its toast, or invalid_input with the form's state to show again in `details`. */
export type SaveOutcome = WordedResult<{ toast: string }, 'invalid_input', ScreenFormResult>

export function saved(toast: string): SaveOutcome {
  return ok({ toast })
}

/** A refusal the screen shows as it is (its message is the form-level one). */
export function refused(result: ScreenFormResult): SaveOutcome {
  return err('invalid_input', result.formError, result)
}

/** What a loader hands a descriptor-driven form. */
export interface ScreenView {
  descriptor: ScreenDescriptor
  values: SubmissionValues
}

/** The tenant's screen, its words in the page's language (drawn and checked with the same ones). */
export async function requireScreen(platform: Pick<Platform, 'database'>, tenant: Tenant, key: string, language: Language = 'en'): Promise<EffectiveScreen> {
  const screen = await resolveEffectiveScreen(platform, tenant, key)
  if (!screen) throw new Error(`No shipped screen descriptor "${key}"`)
  return language === 'en' ? screen : { ...screen, descriptor: translatedDescriptor(screen.descriptor, language) }
}

/** Fields the tenant's screen shows: only these are read from a submission and written. */
export function shownFields(descriptor: Pick<ScreenDescriptor, 'schema'>): Set<string> {
  return new Set(Object.keys(descriptor.schema.properties))
}

export function refusal(intent: string, failed: SubmissionRefusal): SaveOutcome {
  return refused({ intent, formError: failed.message, fieldErrors: failed.details.fieldErrors, values: failed.details.values })
}

/** A refusal found by a domain rule after the schema passed. */
export function domainRefusal(
  intent: string,
  descriptor: ScreenDescriptor,
  values: SubmissionValues,
  fieldErrors: Record<string, string[]>,
): SaveOutcome {
  return refused({ intent, formError: descriptor.messages.invalid, fieldErrors, values })
}

/**
 * What a screen says once its settings are written: the toast when the write took, else the
 * form again with each field at fault named (another tenant took the domain meanwhile, or a
 * value does not fit the stored settings). A failed write must never be reported as saved.
 */
export function savedUnlessRefused(
  written: TenantUpdateResult,
  toast: string,
  form: { intent: string; descriptor: ScreenDescriptor; values: SubmissionValues },
): SaveOutcome {
  if (written.ok) return saved(toast)
  const fieldErrors = Object.fromEntries(written.details.fields.map((field) => [field, [written.error === 'conflict' ? written.message : SETTING_NOT_SAVED]]))
  return domainRefusal(form.intent, form.descriptor, form.values, fieldErrors)
}

/** Values of a submission keyed by shown field: absent strings read as '', numbers as null. */
export function text(values: SubmissionValues, name: string): string {
  const value = values[name]
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value)
}

export function numberOrNull(values: SubmissionValues, name: string): number | null {
  const value = values[name]
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}

export function bool(values: SubmissionValues, name: string): boolean {
  return values[name] === true
}

/** The answer to a body that is not a form at all (wrong content type, broken multipart). */
export function unreadableForm(formError = 'Invalid Form!'): ScreenFormResult {
  return { intent: '', formError, fieldErrors: {}, values: {} }
}

/**
 * A refusal's messages in the page's language. Most come from a descriptor already put into
 * it; the ones a domain rule wrote (a domain taken, a value not saved) are English and are
 * translated here. What the user typed stays as typed.
 */
export function screenResultIn(language: Language, result: ScreenFormResult): ScreenFormResult {
  if (language === 'en') return result
  return {
    ...result,
    formError: translateMessage(language, result.formError),
    fieldErrors: Object.fromEntries(Object.entries(result.fieldErrors).map(([field, messages]) => [field, messages.map((message) => translateMessage(language, message))])),
  }
}
