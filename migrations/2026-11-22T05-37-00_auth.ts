import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * Password reset links: only the sha256 of the token is kept, each is used once and
 * expires an hour after it is requested.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('requested_ip', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index password_reset_tokens_contact on password_reset_tokens (tenant_id, contact_id)`.execute(db)
  await makeTenantOwned(db, 'password_reset_tokens')

  // Sessions are looked up by token within a tenant, and expired ones are swept by date.
  await sql`create index sessions_expires on sessions (expires_at)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists sessions_expires`.execute(db)
  await db.schema.dropTable('password_reset_tokens').ifExists().execute()
}
