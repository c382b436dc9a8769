import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import { err, ok, type Result } from '#server/errors/result'
import { generateTag } from '#server/shell/tags'
import type { CustomFieldInput } from './custom-field-input'
import { customFieldView, type CustomFieldView } from './custom-field-view'
import { TAG_FORMAT_MESSAGE, TAG_MAX_LENGTH, tagProblem } from './tag-rules'

/** The saved field, or invalid_input with the messages by field name in `details`. */
export type SaveCustomFieldResult = Result<CustomFieldView, 'invalid_input', Record<string, string[]>>

/** The tenant's tags except the field's own. */
async function otherTags(trx: TenantExecutor, exceptId: string | null): Promise<Set<string>> {
  let query = trx.selectFrom('custom_fields').select('tag').where('tag', 'is not', null)
  if (exceptId) query = query.where('id', '!=', exceptId)
  const rows = await query.execute()
  return new Set(rows.map((row) => row.tag).filter((tag): tag is string => tag !== null))
}

/**
 * A tag for a field whose dialog did not show one (the 'all' context): made from the name and
 * made unique with a number, since the user had no chance to pick another.
 */
function uniqueGeneratedTag(name: string, taken: Set<string>): string {
  const base = (generateTag(name) || 'field').slice(0, TAG_MAX_LENGTH)
  if (!taken.has(base)) return base
  for (let n = 2; ; n++) {
    const suffix = String(n)
    const candidate = `${base.slice(0, TAG_MAX_LENGTH - suffix.length)}${suffix}`
    if (!taken.has(candidate)) return candidate
  }
}

/**
 * Creates a custom field, or updates one (whose type never changes). The tag rules of spec
 * 001 section 5 are checked here against the tenant's other tags; a new field's empty tag is
 * made from the name. Editing a field changes the forms that use it, so their versions go up.
 */
export async function saveCustomField(
  trx: TenantExecutor,
  tenantId: string,
  input: CustomFieldInput,
  options: { existing: CustomFieldView | null; tagShown: boolean },
): Promise<SaveCustomFieldResult> {
  const taken = await otherTags(trx, options.existing?.id ?? null)
  let tag = input.tag
  if (!options.tagShown) tag = options.existing?.tag ?? uniqueGeneratedTag(input.name, taken)
  // A new field without a tag gets one from its name; an existing field's tag is never rebuilt
  // behind the user's back (forms and templates may name it): cleared, it is refused.
  else if (tag === '' && !options.existing) tag = input.name.length <= TAG_MAX_LENGTH ? generateTag(input.name) : ''
  const problem = tag === '' ? TAG_FORMAT_MESSAGE : tagProblem(tag, taken)
  if (problem) return err('invalid_input', problem, { tag: [problem] })

  const values = {
    name: input.name,
    tag,
    placeholder: input.placeholder,
    help_text: input.helpText,
    is_mandatory: input.isMandatory,
    options: JSON.stringify(input.options),
  }
  if (!options.existing) {
    const row = await trx
      .insertInto('custom_fields')
      .values({ ...values, tenant_id: tenantId, type: input.type })
      .returningAll()
      .executeTakeFirstOrThrow()
    return ok(customFieldView(row))
  }
  const row = await trx
    .updateTable('custom_fields')
    .set({ ...values, updated_at: sql`now()` })
    .where('id', '=', options.existing.id)
    .returningAll()
    .executeTakeFirstOrThrow()
  await bumpFormsUsing(trx, row.id)
  return ok(customFieldView(row))
}

/** Forms that show this field now show something else: what a visitor signs has changed. */
export async function bumpFormsUsing(trx: TenantExecutor, fieldId: string): Promise<void> {
  await trx
    .updateTable('custom_forms')
    .set({ version: sql`version + 1`, updated_at: sql`now()` })
    .where('id', 'in', trx.selectFrom('custom_form_fields').select('form_id').where('field_id', '=', fieldId))
    .execute()
}
