import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * The studio's plan on the platform (settings spec 7, "Plan and subscription") and what it paid
 * for it. `tenant_plans` is one row per studio: no row means no plan was ever chosen (shown as
 * 'Free Plan', not limited: docs/decisions/129). `contact_limit` is the plan's limit as written
 * when the plan was set, so the database can hold every way a contact is added to it.
 * `plan_payments` are the platform's sales to the studio: a checkout session on the platform's
 * own Stripe account, settled once; a free plan is a settled row of amount 0.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tenant_plans')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (c) => c.notNull().check(sql`plan_id ~ '^[a-z]+(_(monthly|yearly))?_plan$'`))
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('monthly', 'yearly')`))
    .addColumn('contact_limit', 'integer', (c) => c.check(sql`contact_limit is null or contact_limit >= 0`))
    .addColumn('started_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('renews_at', 'timestamptz')
    .addColumn('stripe_customer', 'text')
    .addColumn('stripe_payment_method', 'text')
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await makeTenantOwned(db, 'tenant_plans')

  await db.schema
    .createTable('plan_payments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('guid', 'uuid', (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()`),
    )
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.notNull().check(sql`period in ('monthly', 'yearly')`))
    .addColumn('amount_minor', 'bigint', (c) => c.notNull().check(sql`amount_minor >= 0`))
    .addColumn('currency', 'text', (c) => c.notNull().check(sql`currency ~ '^[A-Z]{3}$'`))
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('OPEN', 'SETTLED', 'FAILED', 'EXPIRED')`))
    .addColumn('is_recurring', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('client_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('paid_by_contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('checkout_ref', 'text')
    .addColumn('payment_ref', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('settled_at', 'timestamptz')
    .execute()
  await sql`create unique index plan_payments_idempotency on plan_payments (tenant_id, idempotency_key)`.execute(db)
  await sql`create unique index plan_payments_checkout_ref on plan_payments (checkout_ref) where checkout_ref is not null`.execute(db)
  await sql`create index plan_payments_by_created on plan_payments (tenant_id, created_at desc, id)`.execute(db)
  await makeTenantOwned(db, 'plan_payments')

  // A contact past the plan's limit is refused wherever it is added (staff, import, forms,
  // checkout, sign-up). Existing contacts are never touched; one who is already on file (same
  // email) may come back through an upsert. The plan row is locked so two additions at once
  // cannot both take the last place; the count stops at the limit.
  await sql`create function enforce_plan_contact_limit() returns trigger language plpgsql as $$
    declare
      allowed integer;
      present integer;
    begin
      select contact_limit into allowed from tenant_plans where tenant_id = new.tenant_id for update;
      if allowed is null then
        return new;
      end if;
      if new.email is not null and exists (select 1 from contacts where tenant_id = new.tenant_id and lower(email) = lower(new.email)) then
        return new;
      end if;
      select count(*) into present from (select 1 from contacts where tenant_id = new.tenant_id limit allowed) counted;
      if present >= allowed then
        raise exception 'the plan allows % contacts', allowed using errcode = 'PLN01', detail = allowed::text;
      end if;
      return new;
    end
  $$`.execute(db)
  await sql`create trigger contacts_plan_limit before insert on contacts for each row execute function enforce_plan_contact_limit()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists contacts_plan_limit on contacts`.execute(db)
  await sql`drop function if exists enforce_plan_contact_limit()`.execute(db)
  await db.schema.dropTable('plan_payments').ifExists().execute()
  await db.schema.dropTable('tenant_plans').ifExists().execute()
}
