import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * Invoices staff write and collect by hand, and the money each invoice took (decision 120).
 *
 * - An invoice's balance is what is still owed on it: total less what was paid, for every
 *   invoice that is not void. A checkout order waiting for its card payment owes its total
 *   (it was written with 0 before; backfilled). paid_minor is what it has taken and
 *   refunded_minor what was given back of that; a wholly given back invoice is 'refunded'.
 * - Staff invoices may carry free-text lines (item type 'custom', no catalog item), a due date,
 *   and be archived out of the report.
 * - invoice_payments is the ledger of money taken: card (naming the provider attempt that took
 *   it), cash, other and the contact's account credit. The sales report reads it. Paid invoices
 *   written before it get one row each.
 * - invoice_refunds records each refund of one payment, with the provider's reference when a
 *   provider gave it back.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table invoices
    add column due_on date,
    add column is_archived boolean not null default false,
    add column paid_minor bigint not null default 0 check (paid_minor >= 0),
    add column refunded_minor bigint not null default 0 check (refunded_minor >= 0),
    add column emailed_at timestamptz`.execute(db)
  await sql`update invoices set balance_minor = total_minor where status in ('pending', 'failed')`.execute(db)
  await sql`update invoices set paid_minor = total_minor where status = 'paid'`.execute(db)
  await sql`update invoices set balance_minor = 0 where status = 'void'`.execute(db)

  await sql`alter table invoices drop constraint invoices_status_known`.execute(db)
  await sql`alter table invoices add constraint invoices_status_known check (status in ('pending', 'paid', 'unpaid', 'void', 'failed', 'refunded'))`.execute(db)
  await sql`alter table invoices drop constraint invoices_paid_when`.execute(db)
  await sql`alter table invoices add constraint invoices_paid_when check ((status in ('paid', 'refunded')) = (paid_at is not null))`.execute(db)
  await sql`alter table invoices add constraint invoices_owed check (status = 'void' or balance_minor = total_minor - paid_minor)`.execute(db)
  await sql`alter table invoices add constraint invoices_refunded_of_paid check (refunded_minor <= paid_minor)`.execute(db)
  await sql`create index invoices_report on invoices (tenant_id, is_archived, created_at desc, number desc)`.execute(db)
  // The report's search: the buyer's name and email, and the lines' item names, accents and case aside (search_fold, migration contacts-list).
  await sql`alter table invoices add column search_text text generated always as (search_fold(first_name || ' ' || last_name || ' ' || email)) stored`.execute(db)
  await sql`create index invoices_search_text_trgm on invoices using gin (search_text gin_trgm_ops)`.execute(db)
  await sql`create index invoice_lines_item_name_trgm on invoice_lines using gin ((search_fold(item_name)) gin_trgm_ops)`.execute(db)

  await sql`alter table invoice_lines alter column item_id drop not null`.execute(db)
  await sql`alter table invoice_lines drop constraint invoice_lines_item_type_known`.execute(db)
  await sql`alter table invoice_lines add constraint invoice_lines_item_type_known
    check (item_type in ('course', 'class', 'event', 'product', 'bundle', 'donation', 'membership', 'custom'))`.execute(db)
  await sql`alter table invoice_lines add constraint invoice_lines_item_when check ((item_type = 'custom') = (item_id is null))`.execute(db)
  // Hours of coaching or a dozen shirts on a staff invoice; the cart keeps its own 1 to 9.
  await sql`alter table invoice_lines drop constraint invoice_lines_quantity_check`.execute(db)
  await sql`alter table invoice_lines add constraint invoice_lines_quantity_check check (quantity between 1 and 999)`.execute(db)

  await db.schema
    .createTable('invoice_payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('guid', 'uuid', (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()`),
    )
    .addColumn('invoice_id', 'uuid', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    // The provider attempt that took a card payment; what a refund through the provider names.
    .addColumn('payment_id', 'uuid', (c) => c.references('payments.id').onDelete('set null'))
    .addColumn('provider', 'text')
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    .addColumn('refunded_minor', 'bigint', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`refunded_minor >= 0`),
    )
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('note', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`length(note) <= 255`),
    )
    // The staff member (a contact) who recorded it; null when taken online or by the billing job.
    .addColumn('recorded_by', 'uuid')
    .addColumn('paid_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('invoice_payments_tenant_id_id_key', ['tenant_id', 'id'])
    .addForeignKeyConstraint('invoice_payments_invoice', ['tenant_id', 'invoice_id'], 'invoices', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('invoice_payments_method_known', sql`method in ('card', 'cash', 'other', 'account')`)
    .addCheckConstraint('invoice_payments_refunded_of_amount', sql`refunded_minor <= amount_minor`)
    .execute()
  await sql`alter table invoice_payments add constraint invoice_payments_recorded_by foreign key (tenant_id, recorded_by) references contacts (tenant_id, id) on delete set null (recorded_by)`.execute(
    db,
  )
  await sql`create unique index invoice_payments_one_per_attempt on invoice_payments (payment_id) where payment_id is not null`.execute(db)
  await sql`create index invoice_payments_by_invoice on invoice_payments (tenant_id, invoice_id, paid_at)`.execute(db)
  await sql`create index invoice_payments_by_paid_at on invoice_payments (tenant_id, paid_at desc)`.execute(db)
  await makeTenantOwned(db, 'invoice_payments')

  await db.schema
    .createTable('invoice_refunds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('invoice_payment_id', 'uuid', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor > 0`))
    // The provider's refund id; null for cash or other money handed back, or account credit.
    .addColumn('refund_ref', 'text', (c) => c.check(sql`length(refund_ref) <= 255`))
    .addColumn('reason', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`length(reason) <= 255`),
    )
    .addColumn('recorded_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('invoice_refunds_payment', ['tenant_id', 'invoice_payment_id'], 'invoice_payments', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .execute()
  await sql`alter table invoice_refunds add constraint invoice_refunds_recorded_by foreign key (tenant_id, recorded_by) references contacts (tenant_id, id) on delete set null (recorded_by)`.execute(
    db,
  )
  await sql`create index invoice_refunds_by_payment on invoice_refunds (tenant_id, invoice_payment_id)`.execute(db)
  await makeTenantOwned(db, 'invoice_refunds')

  // Paid invoices written before the ledger: one payment each, the card ones naming the attempt that took them.
  await sql`insert into invoice_payments (tenant_id, invoice_id, method, payment_id, provider, amount_minor, currency, paid_at, created_at)
    select i.tenant_id, i.id, case when i.payment_method in ('cash', 'other', 'account') then i.payment_method else 'card' end,
      p.id, p.provider, i.total_minor, i.currency, i.paid_at, i.paid_at
    from invoices i
    left join lateral (select id, provider from payments where payments.invoice_id = i.id and payments.status = 'paid' order by paid_at desc limit 1) p on true
    where i.status = 'paid' and i.total_minor > 0`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_refunds').ifExists().execute()
  await db.schema.dropTable('invoice_payments').ifExists().execute()
  await sql`delete from invoice_lines where item_type = 'custom'`.execute(db)
  await sql`alter table invoice_lines drop constraint invoice_lines_quantity_check`.execute(db)
  await sql`alter table invoice_lines add constraint invoice_lines_quantity_check check (quantity between 1 and 9)`.execute(db)
  await sql`alter table invoice_lines drop constraint invoice_lines_item_when`.execute(db)
  await sql`alter table invoice_lines drop constraint invoice_lines_item_type_known`.execute(db)
  await sql`alter table invoice_lines add constraint invoice_lines_item_type_known
    check (item_type in ('course', 'class', 'event', 'product', 'bundle', 'donation', 'membership'))`.execute(db)
  await sql`alter table invoice_lines alter column item_id set not null`.execute(db)
  await sql`drop index if exists invoice_lines_item_name_trgm`.execute(db)
  await sql`drop index if exists invoices_search_text_trgm`.execute(db)
  await sql`alter table invoices drop column search_text`.execute(db)
  await sql`drop index if exists invoices_report`.execute(db)
  await sql`alter table invoices drop constraint invoices_refunded_of_paid`.execute(db)
  await sql`alter table invoices drop constraint invoices_owed`.execute(db)
  await sql`update invoices set status = 'paid' where status = 'refunded'`.execute(db)
  await sql`alter table invoices drop constraint invoices_paid_when`.execute(db)
  await sql`alter table invoices add constraint invoices_paid_when check ((status = 'paid') = (paid_at is not null))`.execute(db)
  await sql`alter table invoices drop constraint invoices_status_known`.execute(db)
  await sql`alter table invoices add constraint invoices_status_known check (status in ('pending', 'paid', 'unpaid', 'void', 'failed'))`.execute(db)
  await sql`update invoices set balance_minor = 0 where status in ('pending', 'failed')`.execute(db)
  await sql`alter table invoices drop column due_on, drop column is_archived, drop column paid_minor, drop column refunded_minor, drop column emailed_at`.execute(db)
}
