import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * Custom fields, custom (registration) forms with their ordered fields, the submissions
 * visitors send (with the signature record and the PDF copy's state), and the contact
 * activity log a submission writes to.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('custom_fields')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tag', 'text')
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('placeholder', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('help_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_mandatory', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_phone_number', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('options', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`alter table custom_fields add constraint custom_fields_type_known
    check (type in ('text', 'email', 'number', 'textarea', 'checkbox', 'radio', 'dropdown', 'header'))`.execute(db)
  await sql`alter table custom_fields add constraint custom_fields_tag_format
    check (tag is null or tag ~ '^[a-z0-9]{1,25}$')`.execute(db)
  await sql`alter table custom_fields add constraint custom_fields_options_list
    check (jsonb_typeof(options) = 'array' and jsonb_array_length(options) <= 6)`.execute(db)
  await sql`create unique index custom_fields_tenant_tag on custom_fields (tenant_id, tag) where tag is not null`.execute(db)
  await sql`create index custom_fields_tenant_name on custom_fields (tenant_id, lower(name))`.execute(db)
  await makeTenantOwned(db, 'custom_fields')

  await db.schema
    .createTable('custom_forms')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('form_type', 'text', (c) => c.notNull())
    .addColumn('is_name', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_email', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_phone', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_show_emergency_contact', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_show_birthdate', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_show_guardian', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_sign_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('before_form_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sub_header_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('after_form_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`alter table custom_forms add constraint custom_forms_type_known
    check (form_type in ('STUDENT_REGISTRATION', 'WAIVER', 'EVENT_REGISTRATION', 'GENERAL'))`.execute(db)
  await sql`create index custom_forms_tenant_published on custom_forms (tenant_id, is_published, lower(name))`.execute(db)
  await makeTenantOwned(db, 'custom_forms')

  await db.schema
    .createTable('custom_form_fields')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('form_id', 'uuid', (c) => c.notNull().references('custom_forms.id').onDelete('cascade'))
    .addColumn('field_id', 'uuid', (c) => c.notNull().references('custom_fields.id').onDelete('cascade'))
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('custom_form_fields_pk', ['form_id', 'field_id'])
    .execute()
  await sql`create index custom_form_fields_field on custom_form_fields (field_id)`.execute(db)
  await makeTenantOwned(db, 'custom_form_fields')

  await db.schema
    .createTable('form_submissions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('form_id', 'uuid', (c) => c.notNull().references('custom_forms.id').onDelete('cascade'))
    .addColumn('form_version', 'integer', (c) => c.notNull())
    .addColumn('form_name', 'text', (c) => c.notNull())
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('data', 'jsonb', (c) => c.notNull())
    .addColumn('sign_method', 'text')
    .addColumn('signature_png', 'text')
    .addColumn('signed_name', 'text')
    .addColumn('signed_at', 'timestamptz')
    .addColumn('signer_ip', 'text')
    .addColumn('signer_user_agent', 'text')
    .addColumn('integrity_hash', 'text', (c) => c.notNull())
    .addColumn('pdf_status', 'text', (c) => c.notNull().defaultTo('IN_PROGRESS'))
    .addColumn('pdf_file_key', 'text')
    .addColumn('pdf_error', 'text')
    .addColumn('download_token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`alter table form_submissions add constraint form_submissions_pdf_status_known
    check (pdf_status in ('IN_PROGRESS', 'COMPLETE', 'ERROR'))`.execute(db)
  await sql`alter table form_submissions add constraint form_submissions_sign_method_known
    check (sign_method is null or sign_method in ('drawn', 'typed'))`.execute(db)
  await sql`create index form_submissions_form_created on form_submissions (tenant_id, form_id, created_at desc)`.execute(db)
  await makeTenantOwned(db, 'form_submissions')

  await db.schema
    .createTable('activities')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index activities_contact_created on activities (tenant_id, contact_id, created_at desc)`.execute(db)
  await makeTenantOwned(db, 'activities')
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['activities', 'form_submissions', 'custom_form_fields', 'custom_forms', 'custom_fields']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
