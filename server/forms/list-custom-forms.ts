import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import type { CustomFormSummary } from './custom-form-view'

/** The tenant's forms by name, with how many fields and submissions each has. */
export async function listCustomForms(trx: TenantExecutor): Promise<CustomFormSummary[]> {
  const rows = await trx
    .selectFrom('custom_forms as f')
    .select(['f.id', 'f.guid', 'f.name', 'f.form_type', 'f.is_published', 'f.version', 'f.updated_at'])
    .select((eb) => [
      eb.selectFrom('custom_form_fields').select(eb.fn.countAll<string>().as('n')).whereRef('form_id', '=', 'f.id').as('field_count'),
      eb.selectFrom('form_submissions').select(eb.fn.countAll<string>().as('n')).whereRef('form_id', '=', 'f.id').as('submission_count'),
    ])
    .orderBy(sql`lower(f.name)`)
    .orderBy('f.created_at')
    .execute()
  return rows.map((row) => ({
    id: row.id,
    guId: row.guid,
    name: row.name,
    formType: row.form_type,
    isPublished: row.is_published,
    version: row.version,
    fieldCount: Number(row.field_count ?? 0),
    submissionCount: Number(row.submission_count ?? 0),
    updatedAt: new Date(row.updated_at).toISOString(),
  }))
}
