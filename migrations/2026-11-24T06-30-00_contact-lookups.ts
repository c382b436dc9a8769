import { sql, type Kysely } from 'kysely'

/**
 * Look-ups by contact that grew with the contact profile: a contact's form submissions (the
 * timeline, and whether a delete must archive instead) and the emails sent to a contact's
 * address (the timeline matches addresses in any letter case).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index form_submissions_by_contact on form_submissions (tenant_id, contact_id, created_at desc) where contact_id is not null`.execute(db)
  await sql`create index outbound_emails_by_address on outbound_emails (tenant_id, lower(to_address), created_at desc)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists outbound_emails_by_address`.execute(db)
  await sql`drop index if exists form_submissions_by_contact`.execute(db)
}
