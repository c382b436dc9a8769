import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * SMS through Twilio (settings spec, SMS tenant and Twilio page): a studio's SMS settings, one
 * row per studio, with the auth token sealed (secret-box), and the outbox of text messages the
 * send job works through a page at a time. A message moves queued -> sending (claimed for a
 * page, then marked attempted just before the provider call) -> sent or failed; a row marked
 * attempted is never sent again, so a job run twice sends each message at most once. A dedupe
 * key (a class reminder: occurrence and contact) keeps the same reminder from being queued twice.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sms_settings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().unique().references('tenants.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('twilio', 'plivo')`))
    .addColumn('twilio_sid', 'text', (c) => c.check(sql`length(twilio_sid) <= 100`))
    .addColumn('twilio_token_sealed', 'text')
    .addColumn('twilio_phone', 'text', (c) => c.check(sql`length(twilio_phone) <= 32`))
    .addColumn('twilio_messaging_id', 'text', (c) => c.check(sql`length(twilio_messaging_id) <= 100`))
    .addColumn('admin_phone', 'text', (c) => c.check(sql`length(admin_phone) <= 32`))
    .addColumn('footer', 'text', (c) => c.check(sql`length(footer) <= 160`))
    .addColumn('page_size', 'integer', (c) => c.notNull().defaultTo(250).check(sql`page_size between 1 and 10000`))
    .addColumn('page_wait_minutes', 'integer', (c) => c.notNull().defaultTo(3).check(sql`page_wait_minutes between 0 and 1440`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('sms_settings_one_sender', sql`twilio_phone is null or twilio_messaging_id is null`)
    .execute()
  await makeTenantOwned(db, 'sms_settings')

  await db.schema
    .createTable('sms_messages')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('to_number', 'text', (c) => c.notNull().check(sql`length(to_number) between 1 and 32`))
    .addColumn('body', 'text', (c) => c.notNull().check(sql`length(btrim(body)) between 1 and 1600`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('message', 'reminder')`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('queued').check(sql`status in ('queued', 'sending', 'sent', 'failed')`))
    .addColumn('provider_message_id', 'text', (c) => c.check(sql`length(provider_message_id) <= 100`))
    .addColumn('error', 'text', (c) => c.check(sql`length(error) <= 500`))
    .addColumn('batch_id', 'uuid', (c) => c.notNull())
    .addColumn('dedupe_key', 'text', (c) => c.check(sql`length(dedupe_key) <= 200`))
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('not_before', 'timestamptz')
    .addColumn('claimed_at', 'timestamptz')
    .addColumn('attempted_at', 'timestamptz')
    .addColumn('created_by', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute()
  await makeTenantOwned(db, 'sms_messages')
  // The send job reads a studio's waiting messages oldest first, and counts its claims in the page window.
  await sql`create index sms_messages_waiting on sms_messages (tenant_id, created_at, id) where status = 'queued'`.execute(db)
  await sql`create index sms_messages_claimed on sms_messages (tenant_id, claimed_at) where claimed_at is not null`.execute(db)
  await sql`create index sms_messages_by_contact on sms_messages (tenant_id, contact_id, created_at desc)`.execute(db)
  await sql`create unique index sms_messages_dedupe on sms_messages (tenant_id, dedupe_key) where dedupe_key is not null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sms_messages').ifExists().execute()
  await db.schema.dropTable('sms_settings').ifExists().execute()
}
