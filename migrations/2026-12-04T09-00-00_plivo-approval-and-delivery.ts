import { sql, type Kysely } from 'kysely'

/**
 * Plivo's background work (docs/decisions/138, amended): since when a bought number has been
 * waiting for carriers' approval, so the approval check can look again on its schedule; and
 * what Plivo's delivery report said of a sent text (delivered or failed, with Plivo's error
 * code), found by Plivo's message id within the studio.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sms_settings').addColumn('plivo_waiting_since', 'timestamptz').execute()
  await db.schema
    .alterTable('sms_messages')
    .addColumn('delivery_status', 'text', (c) => c.check(sql`delivery_status in ('delivered', 'failed')`))
    .addColumn('delivery_error', 'text', (c) => c.check(sql`length(delivery_error) <= 200`))
    .addColumn('delivery_reported_at', 'timestamptz')
    .execute()
  await sql`create index sms_messages_provider_id on sms_messages (tenant_id, provider_message_id) where provider_message_id is not null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists sms_messages_provider_id`.execute(db)
  await db.schema.alterTable('sms_messages').dropColumn('delivery_status').dropColumn('delivery_error').dropColumn('delivery_reported_at').execute()
  await db.schema.alterTable('sms_settings').dropColumn('plivo_waiting_since').execute()
}
