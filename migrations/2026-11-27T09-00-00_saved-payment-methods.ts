import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * Cards and bank accounts a student kept on file with the studio's payment provider ('Save for
 * my next payment', spec 001). Only the provider's reference is kept (a PaymentSpring customer)
 * with what a buyer recognises the card by: never a number.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('saved_payment_methods')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('STRIPE', 'PSPRING', 'RAZORPAY', 'PHONEPE')`))
    // The key the provider's record belongs to: keys changed, the record is not offered.
    .addColumn('account_id', 'text', (c) => c.notNull().check(sql`length(account_id) between 1 and 255`))
    .addColumn('customer_ref', 'text', (c) => c.notNull().check(sql`length(customer_ref) between 1 and 255`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('card', 'bank')`))
    .addColumn('brand', 'text', (c) => c.notNull().defaultTo('').check(sql`length(brand) <= 40`))
    .addColumn('last4', 'text', (c) => c.notNull().check(sql`last4 ~ '^[0-9]{2,4}$'`))
    .addColumn('exp_month', 'integer', (c) => c.check(sql`exp_month between 1 and 12`))
    .addColumn('exp_year', 'integer', (c) => c.check(sql`exp_year between 2000 and 2100`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('saved_payment_methods_customer', ['tenant_id', 'provider', 'customer_ref'])
    .execute()
  await sql`create index saved_payment_methods_by_contact on saved_payment_methods (tenant_id, contact_id, created_at)`.execute(db)
  await makeTenantOwned(db, 'saved_payment_methods')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('saved_payment_methods').ifExists().execute()
}
