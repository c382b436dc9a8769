import type { CustomFieldType } from '#db/types'
import { withTenant } from '#db/tenant-scope'
import { err, ok, type Result } from '#server/errors/result'
import type { Platform } from '#server/platform'
import type { ScreenFormResult } from '#server/settings/screen-form'
import { postedValues, validateSubmission } from '#server/screens/validate-submission'
import type { Tenant } from '#server/tenancy/tenant'
import { customFieldDescriptor, OPTION_KEYS, type CustomFieldDialogContext } from './custom-field-descriptor'
import { customFieldInputSchema } from './custom-field-input'
import { customFieldTypeLabel, isCustomFieldType } from './custom-field-types'
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

/** What the create or edit dialog shows: its descriptor, its values and its heading. */
export function customFieldDialogView(context: CustomFieldDialogContext, field: CustomFieldView | null) {
  const descriptor = customFieldDescriptor(field ? field.type : context)
  const values: Record<string, unknown> = field
    ? {
        typeLabel: customFieldTypeLabel(field.type),
        name: field.name,
        tag: field.tag ?? '',
        fieldName: field.helpText,
        isMandatory: field.isMandatory,
        ...Object.fromEntries(OPTION_KEYS.map((key, index) => [key, field.options[index] ?? ''])),
      }
    : context === 'all'
      ? { type: 'text' }
      : { typeLabel: customFieldTypeLabel(context) }
  const heading = field ? 'Edit Custom Field' : context === 'all' ? 'Add Custom Field' : `Add ${customFieldTypeLabel(context)} Field`
  return { descriptor, values, heading }
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
): Promise<DialogOutcome> {
  const descriptor = customFieldDescriptor(target.field ? target.field.type : target.context)
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
