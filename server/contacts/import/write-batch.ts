import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import type { ContactTextColumn } from './import-targets'
import type { BatchPlan, ContactWrite } from './plan-batch'

/** Every column an import may write besides the names and the email, as jsonb_to_recordset reads them. */
const TEXT_COLUMNS: readonly ContactTextColumn[] = [
  'alt_email1', 'alt_email2', 'alt_email3', 'phone', 'address_line1', 'address_line2', 'city', 'state', 'zip', 'country',
  'company', 'description', 'lead_source', 'emergency_contact_name', 'emergency_contact_phone',
  'mother_name', 'mother_email', 'mother_phone', 'father_name', 'father_email', 'father_phone',
]
const recordColumns = sql.raw(
  ['id uuid', 'first_name text', 'last_name text', 'email text', 'date_of_birth date', ...TEXT_COLUMNS.map((column) => `${column} text`)].join(', '),
)
const insertColumns = sql.raw(['first_name', 'last_name', 'email', 'date_of_birth', ...TEXT_COLUMNS].join(', '))
const insertValues = sql.raw(['r.first_name', 'r.last_name', 'r.email', 'r.date_of_birth', ...TEXT_COLUMNS.map((column) => `r.${column}`)].join(', '))
// A blank cell keeps what the contact has: coalesce with the current value.
const updateAssignments = sql.raw(
  ['first_name', 'last_name', 'date_of_birth', ...TEXT_COLUMNS].map((column) => `${column} = coalesce(r.${column}, c.${column})`).join(', '),
)

function recordOf(write: ContactWrite): Record<string, string | null> {
  const record: Record<string, string | null> = {
    id: write.id,
    first_name: write.firstName,
    last_name: write.lastName,
    email: write.email,
    date_of_birth: write.values.date_of_birth ?? null,
  }
  for (const column of TEXT_COLUMNS) record[column] = write.values[column] ?? null
  return record
}

/** Lower-cased email to contact id, for the tenant's contacts that have one of these emails. */
export async function contactsByEmail(trx: TenantExecutor, emails: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(emails)]
  if (unique.length === 0) return new Map()
  const rows = await sql<{ id: string; email: string }>`
    select id, lower(email) as email from contacts where lower(email) = any(${unique}::text[])`.execute(trx)
  return new Map(rows.rows.map((row) => [row.email, row.id]))
}

/**
 * Writes a planned batch in the caller's transaction with a handful of statements whatever its
 * size: new contacts in one multi-row insert, updates in one update from a record set, then
 * the tags (created when new) and the custom field values. A new contact whose email someone
 * added since the batch was planned is not inserted twice (the unique email index): it is
 * handed back so the caller can plan that row again as a duplicate.
 */
export async function writeBatch(trx: TenantExecutor, tenantId: string, plan: Pick<BatchPlan, 'creates' | 'updates'>): Promise<{ notInserted: ContactWrite[] }> {
  let notInserted: ContactWrite[] = []
  if (plan.creates.length > 0) {
    const inserted = await sql<{ id: string }>`
      insert into contacts (id, tenant_id, ${insertColumns})
      select r.id, ${tenantId}::uuid, ${insertValues}
      from jsonb_to_recordset(${JSON.stringify(plan.creates.map(recordOf))}::jsonb) as r(${recordColumns})
      on conflict (tenant_id, lower(email)) where email is not null do nothing
      returning id`.execute(trx)
    const ids = new Set(inserted.rows.map((row) => row.id))
    notInserted = plan.creates.filter((write) => !ids.has(write.id))
  }
  if (plan.updates.length > 0) {
    await sql`
      update contacts as c set ${updateAssignments}, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(plan.updates.map(recordOf))}::jsonb) as r(${recordColumns})
      where c.id = r.id`.execute(trx)
  }
  const written = [...plan.creates.filter((write) => !notInserted.includes(write)), ...plan.updates]
  await writeTags(trx, tenantId, written)
  await writeFieldValues(trx, tenantId, written)
  return { notInserted }
}

async function writeTags(trx: TenantExecutor, tenantId: string, writes: readonly ContactWrite[]): Promise<void> {
  const names = new Map<string, string>()
  for (const write of writes) for (const tag of write.tags) if (!names.has(tag.toLowerCase())) names.set(tag.toLowerCase(), tag)
  if (names.size === 0) return
  await sql`insert into tags (tenant_id, name) select ${tenantId}::uuid, name from unnest(${[...names.values()]}::text[]) as name
    on conflict (tenant_id, lower(name)) do nothing`.execute(trx)
  const found = await sql<{ id: string; name: string }>`select id, lower(name) as name from tags where lower(name) = any(${[...names.keys()]}::text[])`.execute(trx)
  const tagIds = new Map(found.rows.map((row) => [row.name, row.id]))
  const contactIds: string[] = []
  const ids: string[] = []
  for (const write of writes) {
    for (const tag of write.tags) {
      const id = tagIds.get(tag.toLowerCase())
      if (!id) continue
      contactIds.push(write.id)
      ids.push(id)
    }
  }
  await sql`insert into contact_tags (tenant_id, contact_id, tag_id)
    select ${tenantId}::uuid, pair.contact_id, pair.tag_id from unnest(${contactIds}::uuid[], ${ids}::uuid[]) as pair(contact_id, tag_id)
    on conflict do nothing`.execute(trx)
}

async function writeFieldValues(trx: TenantExecutor, tenantId: string, writes: readonly ContactWrite[]): Promise<void> {
  const records: Array<{ contact_id: string; field_id: string; value_text: string | null; value_number: number | null; value_bool: boolean | null }> = []
  // An unticked checkbox is kept as no value at all, as the contact's edit page keeps it (contact-field-values.ts).
  const unticked: Array<{ contact_id: string; field_id: string }> = []
  for (const write of writes) {
    for (const [fieldId, value] of write.fields) {
      if ('bool' in value && !value.bool) {
        unticked.push({ contact_id: write.id, field_id: fieldId })
        continue
      }
      records.push({
        contact_id: write.id,
        field_id: fieldId,
        value_text: 'text' in value ? value.text : null,
        value_number: 'number' in value ? value.number : null,
        value_bool: 'bool' in value ? value.bool : null,
      })
    }
  }
  if (unticked.length > 0) {
    await sql`delete from contact_field_values v using jsonb_to_recordset(${JSON.stringify(unticked)}::jsonb) as r(contact_id uuid, field_id uuid)
      where v.contact_id = r.contact_id and v.field_id = r.field_id`.execute(trx)
  }
  if (records.length === 0) return
  await sql`insert into contact_field_values (tenant_id, contact_id, field_id, value_text, value_number, value_bool)
    select ${tenantId}::uuid, r.contact_id, r.field_id, r.value_text, r.value_number, r.value_bool
    from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(contact_id uuid, field_id uuid, value_text text, value_number numeric, value_bool boolean)
    on conflict (contact_id, field_id) do update set value_text = excluded.value_text, value_number = excluded.value_number,
      value_bool = excluded.value_bool, updated_at = now()`.execute(trx)
}
