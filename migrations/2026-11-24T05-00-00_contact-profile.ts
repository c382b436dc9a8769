import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * What a contact's profile holds beyond the list (website spec 3, Contact; Guardian and other
 * info fields): address, birth date, company, description, emergency contact, lead source,
 * reminders, mother and father details and a picture; then staff notes, guardian links,
 * custom field values kept per contact and per field (typed, so a list can filter on them),
 * and CSV imports with their per-row errors.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contacts')
    .addColumn('address_line1', 'text')
    .addColumn('address_line2', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('zip', 'text')
    .addColumn('country', 'text')
    .addColumn('date_of_birth', 'date')
    .addColumn('company', 'text')
    .addColumn('description', 'text')
    .addColumn('emergency_contact_name', 'text')
    .addColumn('emergency_contact_phone', 'text')
    .addColumn('lead_source', 'text')
    .addColumn('is_send_reminder', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_send_sms_reminder', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('mother_name', 'text')
    .addColumn('mother_email', 'text')
    .addColumn('mother_phone', 'text')
    .addColumn('father_name', 'text')
    .addColumn('father_email', 'text')
    .addColumn('father_phone', 'text')
    .addColumn('picture_key', 'text')
    .execute()
  await sql`alter table contacts add constraint contacts_profile_lengths check (
    length(coalesce(address_line1, '')) <= 255 and length(coalesce(address_line2, '')) <= 255
    and length(coalesce(city, '')) <= 100 and length(coalesce(state, '')) <= 100
    and length(coalesce(zip, '')) <= 20 and length(coalesce(country, '')) <= 100
    and length(coalesce(company, '')) <= 255 and length(coalesce(description, '')) <= 5000
    and length(coalesce(emergency_contact_name, '')) <= 255 and length(coalesce(emergency_contact_phone, '')) <= 30
    and length(coalesce(lead_source, '')) <= 100
    and length(coalesce(mother_name, '')) <= 255 and length(coalesce(mother_email, '')) <= 254
    and length(coalesce(mother_phone, '')) <= 30 and length(coalesce(father_name, '')) <= 255
    and length(coalesce(father_email, '')) <= 254 and length(coalesce(father_phone, '')) <= 30)`.execute(db)

  await db.schema
    .createTable('contact_notes')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('contact_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    // Who wrote it; the name is kept too so a note still says who once its author is deleted.
    .addColumn('author_contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('author_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`length(body) between 1 and 5000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index contact_notes_contact_created on contact_notes (tenant_id, contact_id, created_at desc)`.execute(db)
  await makeTenantOwned(db, 'contact_notes')

  // A guardian (parent) and a child, both contacts of the tenant. Siblings are children that
  // share a guardian, so they are not stored.
  await db.schema
    .createTable('contact_guardians')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guardian_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('child_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('relation', 'text', (c) => c.notNull().defaultTo('guardian'))
    // The child's emergency contact by default; at most one per child.
    .addColumn('is_emergency_contact', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('contact_guardians_pkey', ['guardian_id', 'child_id'])
    .addCheckConstraint('contact_guardians_not_self', sql`guardian_id <> child_id`)
    .addCheckConstraint('contact_guardians_relation_known', sql`relation in ('guardian', 'mother', 'father')`)
    .execute()
  await sql`create index contact_guardians_by_child on contact_guardians (tenant_id, child_id)`.execute(db)
  await sql`create unique index contact_guardians_one_emergency on contact_guardians (child_id) where is_emergency_contact`.execute(db)
  await makeTenantOwned(db, 'contact_guardians')

  // One row per contact and custom field, in the column its type calls for.
  await db.schema
    .createTable('contact_field_values')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('field_id', 'uuid', (c) => c.notNull().references('custom_fields.id').onDelete('cascade'))
    .addColumn('value_text', 'text', (c) => c.check(sql`length(value_text) <= 5000`))
    .addColumn('value_number', 'numeric')
    .addColumn('value_bool', 'boolean')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('contact_field_values_pkey', ['contact_id', 'field_id'])
    .addCheckConstraint('contact_field_values_one_value', sql`num_nonnulls(value_text, value_number, value_bool) = 1`)
    .execute()
  await sql`create index contact_field_values_by_text on contact_field_values (tenant_id, field_id, value_text) where value_text is not null`.execute(db)
  await sql`create index contact_field_values_by_number on contact_field_values (tenant_id, field_id, value_number) where value_number is not null`.execute(db)
  await makeTenantOwned(db, 'contact_field_values')

  await db.schema
    .createTable('contact_imports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('created_by', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('file_bytes', 'bigint', (c) => c.notNull())
    .addColumn('delimiter', 'text', (c) => c.notNull().defaultTo(','))
    .addColumn('header', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('mapping', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('on_duplicate', 'text', (c) => c.notNull().defaultTo('skip'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('mapping'))
    .addColumn('total_rows', 'integer', (c) => c.notNull().defaultTo(0))
    // Rows done is committed with the rows it counts, so a resumed job starts after it.
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('skipped_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failure', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addCheckConstraint('contact_imports_status_known', sql`status in ('mapping', 'queued', 'running', 'done', 'failed')`)
    .addCheckConstraint('contact_imports_on_duplicate_known', sql`on_duplicate in ('skip', 'update')`)
    .addCheckConstraint('contact_imports_delimiter_known', sql`delimiter in (',', ';')`)
    .execute()
  await sql`create index contact_imports_tenant_created on contact_imports (tenant_id, created_at desc)`.execute(db)
  await makeTenantOwned(db, 'contact_imports')

  await db.schema
    .createTable('contact_import_errors')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('import_id', 'uuid', (c) => c.notNull().references('contact_imports.id').onDelete('cascade'))
    // 1-based data row of the file (the header is row 0).
    .addColumn('row_number', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('row_values', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addPrimaryKeyConstraint('contact_import_errors_pkey', ['import_id', 'row_number'])
    .execute()
  await makeTenantOwned(db, 'contact_import_errors')
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['contact_import_errors', 'contact_imports', 'contact_field_values', 'contact_guardians', 'contact_notes']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
  await sql`alter table contacts drop constraint if exists contacts_profile_lengths`.execute(db)
  for (const column of ['address_line1', 'address_line2', 'city', 'state', 'zip', 'country', 'date_of_birth', 'company', 'description',
    'emergency_contact_name', 'emergency_contact_phone', 'lead_source', 'is_send_reminder', 'is_send_sms_reminder',
    'mother_name', 'mother_email', 'mother_phone', 'father_name', 'father_email', 'father_phone', 'picture_key']) {
    await sql`alter table contacts drop column if exists ${sql.id(column)}`.execute(db)
  }
}
