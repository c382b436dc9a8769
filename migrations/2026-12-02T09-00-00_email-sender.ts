import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * A studio's email campaign sender (settings spec, Email campaign sender wizard): the From name
 * and address, the sender domain's DKIM key pair (the private half sealed with secret-box), the
 * token of its verification TXT record, and what the DNS verification job last found. One per
 * tenant. `verification_status` is null until records are issued; the job moves it between
 * pending, verified and disconnect (given up, or the records disappeared).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('campaign_senders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().unique().references('tenants.id').onDelete('cascade'))
    .addColumn('from_name', 'text', (c) => c.notNull().check(sql`length(btrim(from_name)) between 1 and 200`))
    .addColumn('from_email', 'text', (c) => c.notNull().check(sql`length(from_email) between 3 and 320`))
    .addColumn('domain', 'text', (c) => c.notNull().check(sql`length(domain) between 3 and 253`))
    .addColumn('dkim_selector', 'text', (c) => c.notNull().check(sql`dkim_selector ~ '^[a-z0-9-]{1,63}$'`))
    .addColumn('dkim_public_key', 'text', (c) => c.notNull())
    .addColumn('dkim_private_key_sealed', 'text', (c) => c.notNull())
    .addColumn('verification_token', 'text', (c) => c.notNull())
    .addColumn('verification_status', 'text', (c) => c.check(sql`verification_status in ('pending', 'verified', 'disconnect')`))
    .addColumn('is_connected', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('records_issued_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('check_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_checked_at', 'timestamptz')
    .addColumn('last_check_message', 'text', (c) => c.check(sql`length(last_check_message) <= 1000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await makeTenantOwned(db, 'campaign_senders')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('campaign_senders').ifExists().execute()
}
