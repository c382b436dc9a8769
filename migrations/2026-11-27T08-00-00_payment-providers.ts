import { sql, type Kysely } from 'kysely'

/**
 * PaymentSpring/Nelnet, Razorpay and PhonePe beside Stripe (decision 116).
 *
 * - payment_accounts holds every provider a studio set up, one row each. Stripe keeps its
 *   Connect account id; the key providers keep their public key (a PaymentSpring public key, a
 *   Razorpay key id, a PhonePe merchant id) in the clear and their secrets sealed
 *   (server/security/secret-box.ts), live and test apart, with PhonePe's salt index.
 * - activated_at: the provider set up, saved or reconnected last is the one checkout uses while
 *   it is integrated (spec 001: connecting a provider makes it the studio's payment provider).
 * - payments and payment_events take the new providers' references.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table payment_accounts drop constraint payment_accounts_provider_known`.execute(db)
  await sql`alter table payment_accounts add constraint payment_accounts_provider_known check (provider in ('STRIPE', 'PSPRING', 'RAZORPAY', 'PHONEPE'))`.execute(db)
  await db.schema
    .alterTable('payment_accounts')
    .addColumn('api_key', 'text', (c) => c.notNull().defaultTo('').check(sql`length(api_key) <= 255`))
    .addColumn('test_api_key', 'text', (c) => c.notNull().defaultTo('').check(sql`length(test_api_key) <= 255`))
    .addColumn('secret_key_sealed', 'text', (c) => c.check(sql`length(secret_key_sealed) <= 2000`))
    .addColumn('test_secret_key_sealed', 'text', (c) => c.check(sql`length(test_secret_key_sealed) <= 2000`))
    .addColumn('salt_index', 'text', (c) => c.notNull().defaultTo('').check(sql`length(salt_index) <= 10`))
    .addColumn('activated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`update payment_accounts set activated_at = connected_at`.execute(db)

  await sql`alter table payments drop constraint payments_provider_known`.execute(db)
  await sql`alter table payments add constraint payments_provider_known check (provider in ('STRIPE', 'PSPRING', 'RAZORPAY', 'PHONEPE'))`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`delete from payments where provider <> 'STRIPE'`.execute(db)
  await sql`alter table payments drop constraint payments_provider_known`.execute(db)
  await sql`alter table payments add constraint payments_provider_known check (provider in ('STRIPE'))`.execute(db)
  await sql`delete from payment_accounts where provider <> 'STRIPE'`.execute(db)
  await db.schema
    .alterTable('payment_accounts')
    .dropColumn('api_key')
    .dropColumn('test_api_key')
    .dropColumn('secret_key_sealed')
    .dropColumn('test_secret_key_sealed')
    .dropColumn('salt_index')
    .dropColumn('activated_at')
    .execute()
  await sql`alter table payment_accounts drop constraint payment_accounts_provider_known`.execute(db)
  await sql`alter table payment_accounts add constraint payment_accounts_provider_known check (provider in ('STRIPE'))`.execute(db)
}
