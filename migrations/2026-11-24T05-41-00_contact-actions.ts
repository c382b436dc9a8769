import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * What the actions on a contact's profile keep (website spec 7, Contacts: PUT
 * contact/{id}/verification, GET cform/pdf/cactivityreport/{id}): single-use email
 * verification links (only the token's hash is stored, with the address it vouches for), and
 * the activity report PDFs staff ask for, with the state the download page shows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('email_verification_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    // The address the link was mailed to: a link verifies that address only, not a later one.
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index email_verification_tokens_contact on email_verification_tokens (tenant_id, contact_id)`.execute(db)
  await makeTenantOwned(db, 'email_verification_tokens')

  await db.schema
    .createTable('contact_activity_reports')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('requested_by', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('IN_PROGRESS'))
    .addColumn('file_key', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('contact_activity_reports_status_known', sql`status in ('IN_PROGRESS', 'COMPLETE', 'ERROR')`)
    .execute()
  await sql`create index contact_activity_reports_contact on contact_activity_reports (tenant_id, contact_id, created_at desc)`.execute(db)
  await makeTenantOwned(db, 'contact_activity_reports')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_activity_reports').ifExists().execute()
  await db.schema.dropTable('email_verification_tokens').ifExists().execute()
}
