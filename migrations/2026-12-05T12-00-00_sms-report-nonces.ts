import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * The nonces of the provider reports a studio took (Plivo's V2 signature covers the callback URL
 * and the nonce, not the body): a signed request is taken once, so a captured report cannot be
 * posted again with another body. Kept a week, then pruned when the studio's next report comes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sms_report_nonces')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('plivo')`))
    .addColumn('nonce', 'text', (c) => c.notNull().check(sql`length(nonce) between 1 and 100`))
    .addColumn('seen_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('sms_report_nonces_pkey', ['tenant_id', 'provider', 'nonce'])
    .execute()
  await makeTenantOwned(db, 'sms_report_nonces')
  await sql`create index sms_report_nonces_seen on sms_report_nonces (tenant_id, seen_at)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_report_nonces').execute()
}
