import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * A student's personal calendar feed (their class bookings as .ics): calendar apps fetch it
 * without a session, so its address carries a secret. Only the token's SHA-256 is stored; a
 * revoked token stays as history and a new one can be issued. At most one live token per
 * contact.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('calendar_feed_tokens')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addForeignKeyConstraint('calendar_feed_tokens_contact', ['tenant_id', 'contact_id'], 'contacts', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .execute()
  await sql`create unique index calendar_feed_tokens_live_per_contact on calendar_feed_tokens (tenant_id, contact_id) where revoked_at is null`.execute(db)
  await makeTenantOwned(db, 'calendar_feed_tokens')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('calendar_feed_tokens').ifExists().execute()
}
