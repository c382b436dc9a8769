import { sql, type Kysely } from 'kysely'
import { allowSystemAccess, ensureTenantRole, makeTenantOwned } from './support/tenant-table'

export async function up(db: Kysely<any>): Promise<void> {
  await ensureTenantRole(db)

  await db.schema
    .createTable('tenants')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'bigint', (c) => c.notNull().unique().generatedByDefaultAsIdentity())
    .addColumn('org_id', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('parent_tenant_id', 'uuid', (c) => c.references('tenants.id').onDelete('restrict'))
    .addColumn('custom_domain', 'text', (c) => c.unique())
    .addColumn('is_master_franchise', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`alter table tenants add constraint tenants_org_id_format check (org_id ~ '^[a-z0-9][a-z0-9-]{0,62}$')`.execute(db)
  await sql`alter table tenants add constraint tenants_custom_domain_lower check (custom_domain = lower(custom_domain))`.execute(db)
  // A tenant sees and edits its own row, and sees its franchise children; resolution and
  // franchise management go through the system executor.
  await sql`alter table tenants enable row level security`.execute(db)
  await sql`alter table tenants force row level security`.execute(db)
  await sql`create policy tenant_self_read on tenants for select
    using (id = nullif(current_setting('app.tenant_id', true), '')::uuid
        or parent_tenant_id = nullif(current_setting('app.tenant_id', true), '')::uuid)`.execute(db)
  await sql`create policy tenant_self_update on tenants for update
    using (id = nullif(current_setting('app.tenant_id', true), '')::uuid)
    with check (id = nullif(current_setting('app.tenant_id', true), '')::uuid)`.execute(db)
  await allowSystemAccess(db, 'tenants')
  await sql`grant select, update on tenants to app_tenant`.execute(db)

  await db.schema
    .createTable('contacts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) => c.notNull().unique().defaultTo(sql`gen_random_uuid()`))
    .addColumn('first_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('last_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'text')
    .addColumn('phone', 'text')
    .addColumn('role', 'text')
    .addColumn('password_hash', 'text')
    .addColumn('is_teacher', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_account_locked', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_email_verified', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('has_signed_waiver_form', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('subscribe_to_mailing_list', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('grn_number', 'text')
    .addColumn('last_login_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`alter table contacts add constraint contacts_role_known
    check (role is null or role in ('ROLE_ADMIN', 'ROLE_STAFF', 'ROLE_FRONTDESK', 'ROLE_STUDENT'))`.execute(db)
  await sql`create unique index contacts_tenant_email_unique on contacts (tenant_id, lower(email)) where email is not null`.execute(db)
  await sql`create index contacts_tenant_role on contacts (tenant_id, role)`.execute(db)
  await makeTenantOwned(db, 'contacts')

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('contact_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('state', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('remember_me', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index sessions_contact on sessions (tenant_id, contact_id)`.execute(db)
  await makeTenantOwned(db, 'sessions')

  await db.schema
    .createTable('outbound_emails')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.references('tenants.id').onDelete('cascade'))
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('from_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued'))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`alter table outbound_emails add constraint outbound_emails_status_known
    check (status in ('queued', 'sent', 'failed', 'outbox'))`.execute(db)
  await sql`create index outbound_emails_tenant_created on outbound_emails (tenant_id, created_at desc)`.execute(db)
  await makeTenantOwned(db, 'outbound_emails')

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('tenant_id', 'uuid', (c) => c.references('tenants.id').onDelete('cascade'))
    .addColumn('actor_contact_id', 'uuid')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index audit_log_tenant_created on audit_log (tenant_id, created_at desc)`.execute(db)
  await makeTenantOwned(db, 'audit_log')

  await db.schema
    .createTable('web_pages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('is_standard', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_external_link', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('external_link', 'text')
    .addColumn('is_show_navigation', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_show_footer', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_legal', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('header', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sub_header', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('design', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index web_pages_tenant_name on web_pages (tenant_id, lower(name))`.execute(db)
  await makeTenantOwned(db, 'web_pages')
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['web_pages', 'audit_log', 'outbound_emails', 'sessions', 'contacts', 'tenants']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
