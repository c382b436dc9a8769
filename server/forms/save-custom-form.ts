import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import { err, ok, type Result } from '#server/errors/result'
import type { CustomFormInput } from './custom-form-input'
import { FORM_NEEDS_NAME_MESSAGE } from './custom-form-input'
import { sanitizeFormHtml } from './sanitize-form-html'
import { isNameNamed } from './split-full-name'

/** The saved form's ids, or invalid_input with the message per editor field in `details`. */
export type SaveCustomFormResult = Result<{ id: string; guId: string }, 'invalid_input', { fieldErrors: Record<string, string[]> }>

export const FIELD_GONE_MESSAGE = 'A chosen custom field no longer exists.'

/**
 * Creates a form, or updates one (its version goes up, so later signatures record what they
 * were signed against). Descriptions are sanitised; the fields are the tenant's own, in the
 * given order. A form must let a visitor give a name (spec 002 section 5).
 */
export async function saveCustomForm(
  trx: TenantExecutor,
  tenantId: string,
  input: CustomFormInput,
  existing: { id: string } | null,
): Promise<SaveCustomFormResult> {
  const guIds = [...new Set(input.fieldGuIds)]
  const fields = guIds.length
    ? await trx.selectFrom('custom_fields').select(['id', 'guid', 'name', 'type']).where('guid', 'in', guIds).execute()
    : []
  const byGuId = new Map(fields.map((field) => [field.guid, field]))
  const ordered = guIds.map((guId) => byGuId.get(guId)).filter((field) => field !== undefined)
  if (ordered.length !== guIds.length) return err('invalid_input', FIELD_GONE_MESSAGE, { fieldErrors: { fieldGuIds: [FIELD_GONE_MESSAGE] } })
  if (!input.isName && !ordered.some((field) => field.type === 'text' && isNameNamed(field.name))) {
    return err('invalid_input', FORM_NEEDS_NAME_MESSAGE, { fieldErrors: { isName: [FORM_NEEDS_NAME_MESSAGE] } })
  }

  const values = {
    name: input.name,
    form_type: input.formType,
    is_name: input.isName,
    is_email: input.isEmail,
    is_phone: input.isPhone,
    is_show_emergency_contact: input.isShowEmergencyContact,
    is_show_birthdate: input.isShowBirthdate,
    is_show_guardian: input.isShowGuardian,
    is_sign_required: input.isSignRequired,
    // Only a Student Registration form is asked at checkout.
    is_asked_at_checkout: input.isAskedAtCheckout && input.formType === 'STUDENT_REGISTRATION',
    before_form_html: sanitizeFormHtml(input.beforeFormHtml),
    sub_header_html: sanitizeFormHtml(input.subHeaderHtml),
    after_form_html: sanitizeFormHtml(input.afterFormHtml),
  }
  // One form is asked at checkout: choosing this one lets the last one go.
  if (values.is_asked_at_checkout) {
    let others = trx.updateTable('custom_forms').set({ is_asked_at_checkout: false }).where('is_asked_at_checkout', '=', true)
    if (existing) others = others.where('id', '!=', existing.id)
    await others.execute()
  }
  const form = existing
    ? await trx
        .updateTable('custom_forms')
        .set({ ...values, version: sql`version + 1`, updated_at: sql`now()` })
        .where('id', '=', existing.id)
        .returning(['id', 'guid'])
        .executeTakeFirstOrThrow()
    : await trx.insertInto('custom_forms').values({ ...values, tenant_id: tenantId }).returning(['id', 'guid']).executeTakeFirstOrThrow()

  await trx.deleteFrom('custom_form_fields').where('form_id', '=', form.id).execute()
  if (ordered.length > 0) {
    await trx
      .insertInto('custom_form_fields')
      .values(ordered.map((field, index) => ({ tenant_id: tenantId, form_id: form.id, field_id: field.id, sequence: index + 1 })))
      .execute()
  }
  return ok({ id: form.id, guId: form.guid })
}

/** Publishes or unpublishes a form: published forms are listed on the public site. */
export async function setFormPublished(trx: TenantExecutor, formId: string, isPublished: boolean): Promise<void> {
  await trx.updateTable('custom_forms').set({ is_published: isPublished, updated_at: sql`now()` }).where('id', '=', formId).execute()
}
