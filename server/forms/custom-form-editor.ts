import { withTenant } from '#db/tenant-scope'
import type { CustomFormType } from '#db/types'
import { err, ok, type Result } from '#server/errors/result'
import type { Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import type { ScreenFormResult } from '#server/settings/screen-form'
import { postedValues, validateSubmission } from '#server/screens/validate-submission'
import type { Tenant } from '#server/tenancy/tenant'
import { customFieldTypeLabelIn } from '#server/custom-fields/formbuilder-words'
import { listCustomFields } from '#server/custom-fields/list-custom-fields'
import { customFormDescriptor } from './custom-form-descriptor'
import { customFormInputSchema } from './custom-form-input'
import { loadFormDefinition, type FormDefinition } from './form-definition'
import { saveCustomForm, setFormPublished } from './save-custom-form'

export const FORM_EDITOR_INTENT = 'custom-form'

/** The toasts of the form editor and the forms list, made from the form's name. */
export const FORM_EDITOR_TOASTS = {
  added: (name: string) => `${name} is added successfully.`,
  updated: (name: string) => `${name} is updated successfully.`,
  published: (name: string) => `${name} is Published.`,
  private: (name: string) => `${name} is Private.`,
} as const

export interface FieldChoice {
  guId: string
  name: string
  typeLabel: string
}

export interface FormEditorView {
  descriptor: ReturnType<typeof customFormDescriptor>
  values: Record<string, unknown>
  /** The form's custom fields, in order. */
  fieldGuIds: string[]
  /** Every custom field of the tenant, to add to the form. */
  choices: FieldChoice[]
  form: { guId: string; name: string; isPublished: boolean; version: number } | null
}

/** Refused saves, and no-JavaScript reorders, come back with the editor as the user left it. */
export interface FormEditorResult extends ScreenFormResult {
  fieldGuIds: string[]
}

export async function loadFormForEditing(platform: Pick<Platform, 'database'>, tenant: Tenant, unverifiedGuId: string): Promise<FormDefinition | null> {
  return withTenant(platform.database, tenant.id, (trx) => loadFormDefinition(trx, { guId: unverifiedGuId }))
}

/** The editor in the page's language: its descriptor and the type of each custom field to add. */
export async function loadFormEditor(platform: Pick<Platform, 'database'>, tenant: Tenant, form: FormDefinition | null, language: Language = 'en'): Promise<FormEditorView> {
  const fields = await withTenant(platform.database, tenant.id, (trx) => listCustomFields(trx))
  return {
    descriptor: customFormDescriptor(language),
    values: form
      ? {
          name: form.name,
          formType: form.formType,
          isName: form.isName,
          isEmail: form.isEmail,
          isPhone: form.isPhone,
          isShowBirthdate: form.isShowBirthdate,
          isShowEmergencyContact: form.isShowEmergencyContact,
          isShowGuardian: form.isShowGuardian,
          isSignRequired: form.isSignRequired,
          isAskedAtCheckout: form.isAskedAtCheckout,
          beforeForm: form.beforeFormHtml,
          subHeader: form.subHeaderHtml,
          afterForm: form.afterFormHtml,
        }
      : { name: '', formType: 'STUDENT_REGISTRATION' satisfies CustomFormType, isName: true, isEmail: true, isPhone: true },
    fieldGuIds: form ? form.fields.map((field) => field.guId) : [],
    choices: fields.map((field) => ({ guId: field.guId, name: field.name, typeLabel: customFieldTypeLabelIn(field.type, language) })),
    form: form ? { guId: form.guId, name: form.name, isPublished: form.isPublished, version: form.version } : null,
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The posted field order: `fieldGuIds` in document order, well-formed and once each. */
export function postedFieldOrder(form: FormData): string[] {
  const ids = form.getAll('fieldGuIds').filter((value): value is string => typeof value === 'string' && uuid.test(value))
  return [...new Set(ids.map((id) => id.toLowerCase()))].slice(0, 100)
}

/**
 * Without JavaScript, the editor's up, down, add and remove buttons post the whole form with
 * an `order` instruction ('up:<guid>', 'down:<guid>', 'add:<guid>', 'remove:<guid>'); the
 * editor comes back rearranged, nothing saved yet.
 */
export function applyOrderInstruction(order: string[], instruction: string): string[] | null {
  const match = /^(up|down|add|remove):([0-9a-f-]{36})$/i.exec(instruction)
  if (!match) return null
  const [, verb, rawId] = match
  const id = rawId.toLowerCase()
  const at = order.indexOf(id)
  const next = [...order]
  switch (verb) {
    case 'add':
      return at === -1 ? [...next, id] : next
    case 'remove':
      return next.filter((item) => item !== id)
    case 'up':
      if (at > 0) [next[at - 1], next[at]] = [next[at], next[at - 1]]
      return next
    case 'down':
      if (at !== -1 && at < next.length - 1) [next[at], next[at + 1]] = [next[at + 1], next[at]]
      return next
  }
  return null
}

/**
 * Saved (where to go and the toast), or a no-JavaScript field move to draw again; or
 * invalid_input with the editor's state in `details`.
 */
export type FormEditorOutcome = Result<
  { kind: 'saved'; guId: string; toast: string } | { kind: 'rearranged'; result: FormEditorResult },
  'invalid_input',
  FormEditorResult
>

/** Saves the editor, or applies a no-JavaScript field move. */
export async function saveFormEditor(
  platform: Pick<Platform, 'database' | 'tenants' | 'caches'>,
  tenant: Tenant,
  existing: FormDefinition | null,
  form: FormData,
  language: Language = 'en',
): Promise<FormEditorOutcome> {
  const descriptor = customFormDescriptor(language)
  const order = postedFieldOrder(form)
  const instruction = form.get('order')
  if (typeof instruction === 'string' && instruction !== '') {
    const rearranged = applyOrderInstruction(order, instruction) ?? order
    const submitted = validateSubmission(descriptor, form)
    return ok({ kind: 'rearranged', result: { intent: FORM_EDITOR_INTENT, formError: '', fieldErrors: {}, values: postedValues(submitted), fieldGuIds: rearranged } })
  }
  const submitted = validateSubmission(descriptor, form)
  const refuse = (fieldErrors: Record<string, string[]>, formError = descriptor.messages.invalid): FormEditorOutcome =>
    err('invalid_input', formError, { intent: FORM_EDITOR_INTENT, formError, fieldErrors, values: postedValues(submitted), fieldGuIds: order })
  if (!submitted.ok) return refuse(submitted.details.fieldErrors, submitted.message)
  const value = submitted.value.checked
  const parsed = customFormInputSchema.safeParse({
    name: value.name,
    formType: value.formType,
    isName: value.isName === true,
    isEmail: value.isEmail === true,
    isPhone: value.isPhone === true,
    isShowEmergencyContact: value.isShowEmergencyContact === true,
    isShowBirthdate: value.isShowBirthdate === true,
    isShowGuardian: value.isShowGuardian === true,
    isSignRequired: value.isSignRequired === true,
    isAskedAtCheckout: value.isAskedAtCheckout === true,
    beforeFormHtml: typeof value.beforeForm === 'string' ? value.beforeForm : '',
    subHeaderHtml: typeof value.subHeader === 'string' ? value.subHeader : '',
    afterFormHtml: typeof value.afterForm === 'string' ? value.afterForm : '',
    fieldGuIds: order,
  })
  if (!parsed.success) {
    const names: Record<string, string> = { beforeFormHtml: 'beforeForm', subHeaderHtml: 'subHeader', afterFormHtml: 'afterForm' }
    const fieldErrors: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'name')
      ;(fieldErrors[names[key] ?? key] ??= []).push(issue.message)
    }
    return refuse(fieldErrors)
  }
  const saved = await withTenant(platform.database, tenant.id, (trx) => saveCustomForm(trx, tenant.id, parsed.data, existing ? { id: existing.id } : null))
  if (!saved.ok) return refuse(saved.details.fieldErrors)
  // The public site's forms menu and kept form pages name published forms.
  platform.caches.changed(tenant.id, ['forms'])
  return ok({
    kind: 'saved',
    guId: saved.value.guId,
    toast: existing ? FORM_EDITOR_TOASTS.updated(parsed.data.name) : FORM_EDITOR_TOASTS.added(parsed.data.name),
  })
}

/** Publishes or unpublishes; the answer is the toast. */
export async function publishForm(platform: Pick<Platform, 'database' | 'tenants' | 'caches'>, tenant: Tenant, form: FormDefinition, isPublished: boolean): Promise<string> {
  await withTenant(platform.database, tenant.id, (trx) => setFormPublished(trx, form.id, isPublished))
  platform.caches.changed(tenant.id, ['forms'])
  return isPublished ? FORM_EDITOR_TOASTS.published(form.name) : FORM_EDITOR_TOASTS.private(form.name)
}
