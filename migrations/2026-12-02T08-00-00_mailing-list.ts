import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * A studio's mailing list at its Mailchimp-style provider (settings spec, Mailing list): one per
 * studio. The API key is sealed (secret-box); only its last four characters are kept in clear,
 * to show it masked. The resync's state lives here too: its status words, its progress
 * (done of total), the cursor (the last contact id of the last committed batch, so a run
 * killed midway resumes after it), the members the provider refused, and why a run failed.
 * One run per studio at a time is the status itself: a run starts only by moving the row from
 * a status other than in_progress to in_progress, in one update.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('mailing_lists')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().unique().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(btrim(name)) between 1 and 100`))
    .addColumn('list_id', 'text', (c) => c.notNull().check(sql`length(btrim(list_id)) between 1 and 100`))
    .addColumn('api_key_sealed', 'text', (c) => c.notNull())
    .addColumn('api_key_last4', 'text', (c) => c.notNull().check(sql`length(api_key_last4) <= 4`))
    .addColumn('from_name', 'text', (c) => c.notNull().check(sql`length(from_name) <= 100`))
    .addColumn('from_email', 'text', (c) => c.notNull().check(sql`length(from_email) <= 254`))
    .addColumn('is_active_list', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('not_started')
        .check(sql`status in ('not_started', 'in_progress', 'complete', 'failed')`),
    )
    .addColumn('run_id', 'uuid')
    .addColumn('sync_total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sync_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('sync_cursor', 'uuid')
    .addColumn('member_errors', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_member_error', 'text', (c) => c.check(sql`length(last_member_error) <= 500`))
    .addColumn('failure', 'text', (c) => c.check(sql`length(failure) <= 500`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await makeTenantOwned(db, 'mailing_lists')
  // The resync reads a studio's subscribed contacts in id order, a batch after the cursor at a time.
  await sql`create index contacts_mailing_list_by_id on contacts (tenant_id, id) where subscribe_to_mailing_list and not is_archived`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists contacts_mailing_list_by_id`.execute(db)
  await db.schema.dropTable('mailing_lists').ifExists().execute()
}
