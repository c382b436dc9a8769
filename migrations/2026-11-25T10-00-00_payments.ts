import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * Card payments through a studio's own provider account (decision 113).
 *
 * - payment_accounts: the provider account a studio connected (for Stripe, the Connect
 *   account id: not a secret, since every call is made with the platform's key on its behalf).
 * - payments: one row per attempt to collect an invoice on a provider's page (a Stripe Checkout
 *   Session), unique per provider reference, so a repeated answer or event finds the same row.
 * - payment_events: every provider event taken, by its id, so a redelivered event does nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payment_accounts')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().check(sql`length(account_id) between 1 and 255`))
    .addColumn('account_name', 'text', (c) => c.notNull().defaultTo('').check(sql`length(account_name) <= 255`))
    // Disconnect keeps the account so Reconnect can take it up again (spec 001: the integrated flag).
    .addColumn('is_integrated', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('is_test_mode', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('connected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_accounts_pkey', ['tenant_id', 'provider'])
    .addCheckConstraint('payment_accounts_provider_known', sql`provider in ('STRIPE')`)
    .execute()
  await makeTenantOwned(db, 'payment_accounts')

  await db.schema
    .createTable('payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('invoice_id', 'uuid', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    // The provider's page the buyer was sent to (a Checkout Session id).
    .addColumn('checkout_ref', 'text', (c) => c.notNull().check(sql`length(checkout_ref) between 1 and 255`))
    // The charge itself once paid (a PaymentIntent id): what a refund names.
    .addColumn('payment_ref', 'text', (c) => c.check(sql`length(payment_ref) <= 255`))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    // refund_due: taken by Stripe but not kept (the order could not be given); refunded once Stripe agrees.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('paid_at', 'timestamptz')
    .addColumn('refunded_at', 'timestamptz')
    .addColumn('refund_ref', 'text', (c) => c.check(sql`length(refund_ref) <= 255`))
    .addUniqueConstraint('payments_checkout_ref', ['provider', 'checkout_ref'])
    .addForeignKeyConstraint('payments_invoice', ['tenant_id', 'invoice_id'], 'invoices', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('payments_provider_known', sql`provider in ('STRIPE')`)
    .addCheckConstraint('payments_status_known', sql`status in ('open', 'paid', 'expired', 'refund_due', 'refunded')`)
    .execute()
  await sql`create index payments_by_invoice on payments (tenant_id, invoice_id)`.execute(db)
  await makeTenantOwned(db, 'payments')

  await db.schema
    .createTable('payment_events')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull().check(sql`length(event_id) between 1 and 255`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`length(type) <= 100`))
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_events_pkey', ['provider', 'event_id'])
    .execute()
  await makeTenantOwned(db, 'payment_events')
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['payment_events', 'payments', 'payment_accounts']) {
    await db.schema.dropTable(table).ifExists().execute()
  }
}
