import { sql, type Kysely } from 'kysely'

/**
 * Cards kept with Stripe: one Stripe customer per contact holds many cards, so a kept card is
 * its customer and its payment method. PaymentSpring's rows name a customer per card and leave
 * method_ref empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('saved_payment_methods')
    .addColumn('method_ref', 'text', (c) => c.check(sql`length(method_ref) between 1 and 255`))
    .execute()
  await db.schema.alterTable('saved_payment_methods').dropConstraint('saved_payment_methods_customer').execute()
  await sql`alter table saved_payment_methods add constraint saved_payment_methods_method unique nulls not distinct (tenant_id, provider, customer_ref, method_ref)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('saved_payment_methods').dropConstraint('saved_payment_methods_method').execute()
  await db.schema.alterTable('saved_payment_methods').dropColumn('method_ref').execute()
  await db.schema.alterTable('saved_payment_methods').addUniqueConstraint('saved_payment_methods_customer', ['tenant_id', 'provider', 'customer_ref']).execute()
}
