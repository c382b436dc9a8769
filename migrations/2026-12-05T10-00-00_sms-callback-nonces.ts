import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * The nonces of the SMS providers' signed callbacks a studio has taken (docs/decisions/145):
 * Plivo's signature covers the URL and a nonce but not the body, so a nonce seen once is never
 * taken again for that studio; rows older than a week are pruned by the daily housekeeping.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sms_callback_nonces')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('twilio', 'plivo')`))
    .addColumn('nonce', 'text', (c) => c.notNull().check(sql`length(nonce) between 1 and 200`))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sms_callback_nonces_once', ['tenant_id', 'provider', 'nonce'])
    .execute()
  await makeTenantOwned(db, 'sms_callback_nonces')
  await sql`create index sms_callback_nonces_seen on sms_callback_nonces (seen_at)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_callback_nonces').ifExists().execute()
}
