import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * A studio's own email templates (settings spec, Email templates): a name, a subject and an
 * HTML body, both of which may hold merge tags ({{firstname}}). A template named after one of
 * the product's emails (invoice_pending, invoice_success, invoice_failed, invoice_reminder) is
 * sent in its place. Names are unique per studio, whatever their case, so that choice is never
 * ambiguous. The body is stored sanitised.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_templates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('guid', 'uuid', (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()`),
    )
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(btrim(name)) between 1 and 100`))
    .addColumn('subject', 'text', (c) => c.notNull().check(sql`length(btrim(subject)) between 1 and 255`))
    .addColumn('body_html', 'text', (c) => c.notNull().check(sql`length(body_html) between 1 and 100000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index email_templates_name on email_templates (tenant_id, lower(name))`.execute(db)
  await sql`create index email_templates_by_created on email_templates (tenant_id, created_at desc)`.execute(db)
  await makeTenantOwned(db, 'email_templates')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('email_templates').ifExists().execute()
}
