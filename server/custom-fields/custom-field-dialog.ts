import type { CustomFieldType } from '#db/types'
import { withTenant } from '#db/tenant-scope'
import { err, ok, type Result } from '#server/errors/result'
import type { Language } from '#server/i18n/languages'
import type { Platform } from '#server/platform'
import type { ScreenFormResult } from '#server/settings/screen-form'
import { postedValues, validateSubmission } from '#server/screens/validate-submission'
import type { Tenant } from '#server/tenancy/tenant'
import { customFieldDescriptor, OPTION_KEYS, type CustomFieldDialogContext } from './custom-field-descriptor'
import { customFieldInputSchema } from './custom-field-input'
import { isCustomFieldType } from './custom-field-types'
import { customFieldTypeLabelIn, formbuilderWords } from './formbuilder-words'
import type { CustomFieldView } from './custom-field-view'
import { deleteCustomField } from './delete-custom-field'
import { findCustomField } from './list-custom-fields'
import { saveCustomField } from './save-custom-field'

export const CUSTOM_FIELD_TOASTS = {
  added: 'Added custom field successfully',
  updated: 'Updated custom field successfully',
  deleted: 'Deleted custom field successfully',
} as const

export const DIALOG_INTENT = 'custom-field'

export function isDialogContext(value: string): value is CustomFieldDialogContext {
  return value === 'all' || isCustomFieldType(value)
}

/**
 * What the create or edit dialog shows, in the page's language: its descriptor, its values, its
 * heading and its button. The words travel with the view because the dialog is also opened
 * over the template editor, whose pages draw other namespaces.
 */
export function customFieldDialogView(context: CustomFieldDialogContext, field: CustomFieldView | null, language: Language = 'en') {
  const descriptor = customFieldDescriptor(field ? field.type : context, language)
  const t = formbuilderWords(language)
  const values: Record<string, unknown> = field
    ? {
        typeLabel: customFieldTypeLabelIn(field.type, language),
        name: field.name,
        tag: field.tag ?? '',
        fieldName: field.helpText,
        isMandatory: field.isMandatory,
        ...Object.fromEntries(OPTION_KEYS.map((key, index) => [key, field.options[index] ?? ''])),
      }
    : context === 'all'
      ? { type: 'text' }
      : { typeLabel: customFieldTypeLabelIn(context, language) }
  const heading = field ? t('editCustomField') : context === 'all' ? t('addCustomField') : t('addTypeFieldHeading', { type: customFieldTypeLabelIn(context, language) })
  return { descriptor, values, heading, submitLabel: field ? t('update') : t('add') }
}

export async function loadCustomFieldForEdit(platform: Pick<Platform, 'database'>, tenant: Tenant, unverifiedGuId: string): Promise<CustomFieldView | null> {
  return withTenant(platform.database, tenant.id, (trx) => findCustomField(trx, unverifiedGuId))
}

/** The saved field and its toast, or invalid_input with the dialog's state to show again in `details`. */
export type DialogOutcome = Result<{ toast: string; field: CustomFieldView }, 'invalid_input', ScreenFormResult>

/**
 * Saves the dialog: the descriptor's checks (shapes, the spec's words), then the domain's
 * (options for radio and dropdown, the tag rules against the tenant's other tags).
 */
export async function saveCustomFieldDialog(
  platform: Pick<Platform, 'database' | 'tenants' | 'caches'>,
  tenant: Tenant,
  target: { context: CustomFieldDialogContext; field: CustomFieldView | null },
  form: FormData,
  language: Language = 'en',
): Promise<DialogOutcome> {
  const descriptor = customFieldDescriptor(target.field ? target.field.type : target.context, language)
  const submitted = validateSubmission(descriptor, form)
  const refuse = (fieldErrors: Record<string, string[]>, formError = descriptor.messages.invalid): DialogOutcome =>
    err('invalid_input', formError, { intent: DIALOG_INTENT, formError, fieldErrors, values: postedValues(submitted) })
  if (!submitted.ok) return refuse(submitted.details.fieldErrors, submitted.message)
  const value = submitted.value.checked
  const type: CustomFieldType = target.field?.type ?? (target.context === 'all' ? String(value.type) : target.context) as CustomFieldType
  const parsed = customFieldInputSchema.safeParse({
    type,
    name: value.name ?? '',
    tag: typeof value.tag === 'string' ? value.tag : '',
    helpText: typeof value.fieldName === 'string' ? value.fieldName : '',
    isMandatory: value.isMandatory === true,
    options: OPTION_KEYS.map((key) => (typeof value[key] === 'string' ? String(value[key]) : '')),
  })
  if (!parsed.success) {
    const fieldErrors: Record<string, string[]> = {}
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? 'name')
      const field = key === 'options' ? `option${Number(issue.path[1] ?? 0) + 1}` : key === 'helpText' ? 'fieldName' : key
      ;(fieldErrors[field] ??= []).push(issue.message)
    }
    return refuse(fieldErrors)
  }
  const saved = await withTenant(platform.database, tenant.id, (trx) =>
    saveCustomField(trx, tenant.id, parsed.data, { existing: target.field, tagShown: target.field !== null || target.context !== 'all' }),
  )
  if (!saved.ok) return refuse(saved.details ?? {})
  // Public forms and settings screens showing this field are kept; they must show the new words.
  platform.caches.changed(tenant.id, ['forms', 'screens'])
  return ok({ field: saved.value, toast: target.field ? CUSTOM_FIELD_TOASTS.updated : CUSTOM_FIELD_TOASTS.added })
}

/** Deletes a field of this tenant; false when the guid names none. */
export async function removeCustomField(platform: Pick<Platform, 'database' | 'tenants' | 'caches'>, tenant: Tenant, unverifiedGuId: string): Promise<boolean> {
  const removed = await withTenant(platform.database, tenant.id, async (trx) => {
    const field = await findCustomField(trx, unverifiedGuId)
    if (!field) return false
    await deleteCustomField(trx, field)
    return true
  })
  if (removed) platform.caches.changed(tenant.id, ['forms', 'screens'])
  return removed
}
