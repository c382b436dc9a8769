import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import type { FormFieldDefinition } from '#server/forms/form-definition'
import { customFieldKey } from '#server/forms/form-inputs'
import type { CustomFieldAnswer } from '#server/forms/validate-submission'

/**
 * The tenant's custom fields as a contact holds them: every field but headers, by name, in
 * the shape the registration forms' inputs and checks are made from.
 */
export async function listContactCustomFields(trx: TenantExecutor): Promise<FormFieldDefinition[]> {
  const rows = await trx
    .selectFrom('custom_fields')
    .select(['id', 'guid', 'name', 'type', 'is_mandatory', 'placeholder', 'help_text', 'is_phone_number', 'options'])
    .where('type', '<>', 'header')
    .orderBy(sql`lower(name)`)
    .orderBy('created_at')
    .execute()
  return rows.map((row, index) => ({
    id: row.id,
    guId: row.guid,
    name: row.name,
    type: row.type,
    sequence: index + 1,
    // Mandatory is a rule of the registration forms a visitor fills in; staff keeping a
    // contact's record may not know every answer, so nothing is required of them here.
    isMandatory: false,
    placeholder: row.placeholder,
    helpText: row.help_text,
    isPhoneNumber: row.is_phone_number,
    options: Array.isArray(row.options) ? row.options.filter((option): option is string => typeof option === 'string') : [],
  }))
}

type StoredValue = { value_text: string | null; value_number: string | null; value_bool: boolean | null }

/** An answer in the column its field's type calls for; null when there is nothing to keep. */
export function storedValueOf(answer: Pick<CustomFieldAnswer, 'type' | 'value'>): StoredValue | null {
  const { value } = answer
  if (value === null || value === '' || value === false) return null
  if (answer.type === 'number' && typeof value === 'number') return { value_text: null, value_number: String(value), value_bool: null }
  if (answer.type === 'checkbox') return value === true ? { value_text: null, value_number: null, value_bool: true } : null
  return { value_text: String(value), value_number: null, value_bool: null }
}

/**
 * Writes a contact's answers to the given fields: an answer replaces the stored value, an
 * empty one (or an unticked checkbox) removes it. Fields not in `fields` are left alone.
 * With `fillOnly`, answers only fill in what the contact lacks and nothing is removed: what a
 * visitor types into a public form must not overwrite what is on file.
 */
export async function saveContactFieldValues(
  trx: TenantExecutor,
  target: { tenantId: string; contactId: string },
  fields: readonly Pick<FormFieldDefinition, 'guId' | 'id'>[],
  answers: readonly Pick<CustomFieldAnswer, 'guId' | 'type' | 'value'>[],
  options: { fillOnly?: boolean } = {},
): Promise<void> {
  const fieldIdByGuId = new Map(fields.map((field) => [field.guId, field.id]))
  const kept: Array<StoredValue & { field_id: string }> = []
  const cleared: string[] = []
  for (const answer of answers) {
    const fieldId = fieldIdByGuId.get(answer.guId)
    if (!fieldId) continue
    const stored = storedValueOf(answer)
    if (stored) kept.push({ ...stored, field_id: fieldId })
    else cleared.push(fieldId)
  }
  if (cleared.length > 0 && !options.fillOnly) {
    await trx.deleteFrom('contact_field_values').where('contact_id', '=', target.contactId).where('field_id', 'in', cleared).execute()
  }
  if (kept.length > 0) {
    await trx
      .insertInto('contact_field_values')
      .values(kept.map((value) => ({ tenant_id: target.tenantId, contact_id: target.contactId, ...value })))
      .onConflict((conflict) =>
        options.fillOnly ? conflict.columns(['contact_id', 'field_id']).doNothing() : conflict.columns(['contact_id', 'field_id']).doUpdateSet((eb) => ({
          value_text: eb.ref('excluded.value_text'),
          value_number: eb.ref('excluded.value_number'),
          value_bool: eb.ref('excluded.value_bool'),
          updated_at: sql`now()`,
        })),
      )
      .execute()
  }
}

/** A contact's stored values as the edit form posts them: by input key, ticked boxes as 'on'. */
export async function readContactFieldInputs(trx: TenantExecutor, contactId: string): Promise<Record<string, string>> {
  const rows = await trx
    .selectFrom('contact_field_values as v')
    .innerJoin('custom_fields as f', 'f.id', 'v.field_id')
    .select(['f.guid', 'v.value_text', 'v.value_number', 'v.value_bool'])
    .where('v.contact_id', '=', contactId)
    .execute()
  const inputs: Record<string, string> = {}
  for (const row of rows) {
    const text = row.value_bool !== null ? (row.value_bool ? 'on' : '') : (row.value_text ?? (row.value_number === null ? '' : String(row.value_number)))
    if (text) inputs[customFieldKey(row.guid)] = text
  }
  return inputs
}
