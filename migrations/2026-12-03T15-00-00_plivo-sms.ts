import { sql, type Kysely } from 'kysely'

/**
 * SMS through Plivo (settings spec, SMS tenant: isAgreeToTerms, plivoPhoneNumber,
 * isMessagingApproved; the SMS integration page). The studio's own Plivo account (auth id in
 * clear, auth token sealed), the terms it agreed to, the number it rented by area code and
 * whether carriers approved that number for texting. One provider per studio: the row's
 * `provider` says which one sends, so a Plivo row always carries its credentials. A buy in
 * flight is marked so that a second press of Buy never rents a second number.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sms_settings')
    .addColumn('plivo_auth_id', 'text', (c) => c.check(sql`length(plivo_auth_id) <= 100`))
    .addColumn('plivo_token_sealed', 'text')
    .addColumn('is_agree_to_terms', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('terms_agreed_at', 'timestamptz')
    .addColumn('plivo_phone_number', 'text', (c) => c.check(sql`length(plivo_phone_number) <= 32`))
    .addColumn('is_messaging_approved', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('plivo_approval_checked_at', 'timestamptz')
    .addColumn('plivo_buying_at', 'timestamptz')
    .execute()
  await sql`alter table sms_settings add constraint sms_settings_plivo_account check (provider <> 'plivo' or (plivo_auth_id is not null and plivo_token_sealed is not null and is_agree_to_terms))`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table sms_settings drop constraint if exists sms_settings_plivo_account`.execute(db)
  await db.schema
    .alterTable('sms_settings')
    .dropColumn('plivo_auth_id')
    .dropColumn('plivo_token_sealed')
    .dropColumn('is_agree_to_terms')
    .dropColumn('terms_agreed_at')
    .dropColumn('plivo_phone_number')
    .dropColumn('is_messaging_approved')
    .dropColumn('plivo_approval_checked_at')
    .dropColumn('plivo_buying_at')
    .execute()
}
