import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * Recurring memberships billed by a scheduled job (decision 119):
 * - a held membership keeps the terms it was bought on (period price, frequency, billing day,
 *   tax and card fees) and the kept card it is charged to;
 * - `membership_billings` has one row per membership and billing period: the unique key is
 *   what makes a period billed at most once, whatever the workers do;
 * - a charge that fails is tried again on `billing_retry_at`; after the last try the membership
 *   is suspended;
 * - invoices gain the source 'membership' and the status 'failed';
 * - indexes for the scheduled checkout housekeeping (unpaid orders, idle carts).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table saved_payment_methods add constraint saved_payment_methods_tenant_id_id_key unique (tenant_id, id)`.execute(db)

  await sql`alter table contact_memberships
    add column payment_method_id uuid,
    add column period_price_minor bigint check (period_price_minor >= 0),
    add column currency text check (currency ~ '^[A-Z]{3}$'),
    add column frequency text check (frequency is null or frequency in ('daily', 'weekly', 'monthly', 'quarterly', 'halfyearly', 'yearly')),
    add column billing_day_of_month integer check (billing_day_of_month between 1 and 31),
    add column first_billing_on date,
    add column is_taxable boolean not null default false,
    add column is_charge_card_fees boolean not null default false,
    add column cancel_at_period_end boolean not null default false,
    add column failed_charges integer not null default 0 check (failed_charges between 0 and 10),
    add column billing_retry_at timestamptz,
    add column suspended_at timestamptz,
    add constraint contact_memberships_payment_method foreign key (tenant_id, payment_method_id)
      references saved_payment_methods (tenant_id, id) on delete set null (payment_method_id)`.execute(db)
  // Recurring memberships held already bill on their option's terms as they stand now.
  await sql`update contact_memberships m
    set period_price_minor = greatest(0, o.price_minor - o.discount_minor), currency = o.currency, frequency = o.frequency,
      billing_day_of_month = o.billing_day_of_month, is_taxable = o.is_taxable, is_charge_card_fees = o.is_charge_card_fees,
      first_billing_on = (m.next_billing_at at time zone coalesce(t.settings->>'timezone', 'UTC'))::date
    from item_price_options o, tenants t
    where m.membership_type = 'recurring' and o.tenant_id = m.tenant_id and o.id = m.price_option_id and t.id = m.tenant_id
      and o.frequency is not null`.execute(db)
  await sql`alter table contact_memberships drop constraint contact_memberships_status_known`.execute(db)
  await sql`alter table contact_memberships add constraint contact_memberships_status_known
    check (status in ('trial', 'active', 'paused', 'cancelled', 'expired', 'suspended'))`.execute(db)
  await sql`alter table contact_memberships add constraint contact_memberships_suspended_when check ((status = 'suspended') = (suspended_at is not null))`.execute(db)
  // What the billing sweep reads across tenants: recurring memberships that bill, by when they are next due.
  await sql`create index contact_memberships_billing_due on contact_memberships ((coalesce(billing_retry_at, next_billing_at)))
    where membership_type = 'recurring' and status in ('trial', 'active') and next_billing_at is not null`.execute(db)
  await sql`create index contact_memberships_by_payment_method on contact_memberships (tenant_id, payment_method_id) where payment_method_id is not null`.execute(db)

  await sql`alter table invoices drop constraint invoices_status_known`.execute(db)
  await sql`alter table invoices add constraint invoices_status_known check (status in ('pending', 'paid', 'unpaid', 'void', 'failed'))`.execute(db)
  await sql`alter table invoices drop constraint invoices_source_known`.execute(db)
  await sql`alter table invoices add constraint invoices_source_known check (source in ('checkout', 'till', 'staff', 'membership'))`.execute(db)

  await db.schema
    .createTable('membership_billings')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('membership_id', 'uuid', (c) => c.notNull())
    // The day the period is due, in the studio's zone.
    .addColumn('period_on', 'date', (c) => c.notNull())
    .addColumn('invoice_id', 'uuid', (c) => c.notNull())
    // open: invoiced and not paid yet (being charged, waiting for a retry, or for the member to pay); closed: given up with the membership.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('membership_billings_once_per_period', ['tenant_id', 'membership_id', 'period_on'])
    .addUniqueConstraint('membership_billings_invoice', ['tenant_id', 'invoice_id'])
    .addForeignKeyConstraint('membership_billings_membership', ['tenant_id', 'membership_id'], 'contact_memberships', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addForeignKeyConstraint('membership_billings_invoice_fk', ['tenant_id', 'invoice_id'], 'invoices', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('membership_billings_status_known', sql`status in ('open', 'paid', 'closed')`)
    .execute()
  await makeTenantOwned(db, 'membership_billings')

  // What checkout's housekeeping job reads across tenants: orders left unpaid, carts left idle.
  await sql`create index invoices_unpaid_checkout on invoices (created_at) where status = 'pending' and source = 'checkout'`.execute(db)
  await sql`create index carts_by_updated on carts (updated_at)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists carts_by_updated`.execute(db)
  await sql`drop index if exists invoices_unpaid_checkout`.execute(db)
  await db.schema.dropTable('membership_billings').execute()
  await sql`update invoices set status = 'pending' where status = 'failed'`.execute(db)
  await sql`alter table invoices drop constraint invoices_source_known`.execute(db)
  await sql`alter table invoices add constraint invoices_source_known check (source in ('checkout', 'till', 'staff'))`.execute(db)
  await sql`alter table invoices drop constraint invoices_status_known`.execute(db)
  await sql`alter table invoices add constraint invoices_status_known check (status in ('pending', 'paid', 'unpaid', 'void'))`.execute(db)
  await sql`drop index if exists contact_memberships_by_payment_method`.execute(db)
  await sql`drop index if exists contact_memberships_billing_due`.execute(db)
  await sql`alter table contact_memberships drop constraint contact_memberships_suspended_when`.execute(db)
  await sql`update contact_memberships set status = 'paused' where status = 'suspended'`.execute(db)
  await sql`alter table contact_memberships drop constraint contact_memberships_status_known`.execute(db)
  await sql`alter table contact_memberships add constraint contact_memberships_status_known check (status in ('trial', 'active', 'paused', 'cancelled', 'expired'))`.execute(db)
  await sql`alter table contact_memberships
    drop constraint contact_memberships_payment_method,
    drop column payment_method_id, drop column period_price_minor, drop column currency, drop column frequency,
    drop column billing_day_of_month, drop column first_billing_on, drop column is_taxable, drop column is_charge_card_fees,
    drop column cancel_at_period_end, drop column failed_charges, drop column billing_retry_at, drop column suspended_at`.execute(db)
  await sql`alter table saved_payment_methods drop constraint saved_payment_methods_tenant_id_id_key`.execute(db)
}
