import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * A kept count of each studio's contacts, so the plan's contact limit is checked once per
 * statement against one number instead of counting the studio's contacts on every insert
 * (which made a 50,000-contact import count tens of thousands of rows per row).
 *
 * Statement triggers with transition tables add and subtract what a statement inserted or
 * deleted. An upsert that meets an existing contact inserts nothing, so a person already on file
 * may always come back. The counter row is upserted, which locks it until the transaction ends:
 * two additions at once cannot both take the last place. A statement that would leave more
 * contacts than the plan allows is refused whole (an import's batch, a form's one contact).
 *
 * Not `contact_counts` (migration contact-list-speed): that one leaves archived contacts out for
 * the list's totals, while the plan counts every contact the studio keeps, archived ones too.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tenant_contact_counts')
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey().references('tenants.id').onDelete('cascade'))
    .addColumn('contacts', 'bigint', (c) => c.notNull().defaultTo(0).check(sql`contacts >= 0`))
    .execute()
  await makeTenantOwned(db, 'tenant_contact_counts')
  // The owner is filtered by forced row-level security too: the backfill must see every studio.
  await sql`select set_config('app.system_access', 'on', true)`.execute(db)
  await sql`insert into tenant_contact_counts (tenant_id, contacts) select tenant_id, count(*) from contacts group by tenant_id`.execute(db)

  await sql`drop trigger if exists contacts_plan_limit on contacts`.execute(db)
  await sql`drop function if exists enforce_plan_contact_limit()`.execute(db)

  await sql`create function count_added_contacts() returns trigger language plpgsql as $$
    declare
      over_limit integer;
    begin
      insert into tenant_contact_counts as kept (tenant_id, contacts)
        select tenant_id, count(*) from added group by tenant_id
        on conflict (tenant_id) do update set contacts = kept.contacts + excluded.contacts;
      select plans.contact_limit into over_limit
        from tenant_contact_counts kept
        join tenant_plans plans on plans.tenant_id = kept.tenant_id
        where kept.tenant_id in (select distinct tenant_id from added)
          and plans.contact_limit is not null
          and kept.contacts > plans.contact_limit
        limit 1;
      if over_limit is not null then
        raise exception 'the plan allows % contacts', over_limit using errcode = 'PLN01', detail = over_limit::text;
      end if;
      return null;
    end
  $$`.execute(db)
  await sql`create function count_removed_contacts() returns trigger language plpgsql as $$
    begin
      update tenant_contact_counts kept
        set contacts = greatest(kept.contacts - removed_per_tenant.n, 0)
        from (select tenant_id, count(*) as n from removed group by tenant_id) removed_per_tenant
        where kept.tenant_id = removed_per_tenant.tenant_id;
      return null;
    end
  $$`.execute(db)
  await sql`create trigger contacts_counted_on_insert after insert on contacts referencing new table as added for each statement execute function count_added_contacts()`.execute(db)
  await sql`create trigger contacts_counted_on_delete after delete on contacts referencing old table as removed for each statement execute function count_removed_contacts()`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop trigger if exists contacts_counted_on_insert on contacts`.execute(db)
  await sql`drop trigger if exists contacts_counted_on_delete on contacts`.execute(db)
  await sql`drop function if exists count_added_contacts()`.execute(db)
  await sql`drop function if exists count_removed_contacts()`.execute(db)
  await db.schema.dropTable('tenant_contact_counts').ifExists().execute()
}
