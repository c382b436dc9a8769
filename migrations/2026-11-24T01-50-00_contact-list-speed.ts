import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

const LABEL_COLUMNS = ['category', 'sales_stage', 'account_stage'] as const
const STATUSES = ['client', 'lead', 'member', 'staff', 'followup', 'inactive', 'other'] as const

/**
 * What keeps the contacts list fast at 100,000 contacts per tenant:
 *
 * 1. Search through the trigram index under row-level security. Postgres only uses an index
 *    for a condition that runs before the tenant policy when the condition's function is
 *    LEAKPROOF (it cannot reveal a row through an error). `textlike` (LIKE) and pg_trgm's
 *    word-similarity operators raise no error that depends on a row's value, so they are
 *    marked so. Only a superuser may do it: without one the search still works, by reading
 *    every contact of the tenant (README, Running against Postgres).
 *    Near spellings are looked for in names only ('person4242' is not a typo of 'person4243'),
 *    through a trigram index of the folded name.
 * 2. One index per label column, walked value by value for the filter form's choices.
 * 3. The totals per status at the top of the list, kept by statement triggers in
 *    contact_counts rather than counted over the whole book on every page view.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`do $$
    begin
      alter function textlike(text, text) leakproof;
      alter function public.word_similarity_op(text, text) leakproof;
      alter function public.word_similarity_commutator_op(text, text) leakproof;
    exception when insufficient_privilege then
      raise notice 'contact search will not use its trigram index: marking LIKE and word similarity leakproof needs a superuser';
    end $$`.execute(db)

  await sql`create index contacts_sort_name_trgm on contacts using gin (sort_name gin_trgm_ops)`.execute(db)
  for (const column of LABEL_COLUMNS) {
    await sql`create index ${sql.id(`contacts_by_${column}`)} on contacts (tenant_id, ${sql.id(column)}) where ${sql.id(column)} is not null and not is_archived`.execute(db)
  }

  await db.schema
    .createTable('contact_counts')
    // No foreign key: a tenant's deletion cascades to its contacts, whose delete trigger must
    // not then try to touch a row of a tenant that is gone.
    .addColumn('tenant_id', 'uuid', (c) => c.primaryKey())
    .addColumn('total', 'bigint', (c) => c.notNull().defaultTo(0))
    .$call((table) => STATUSES.reduce((t, status) => t.addColumn(status, 'bigint', (c) => c.notNull().defaultTo(0)), table))
    .execute()
  await makeTenantOwned(db, 'contact_counts')

  const columns = sql.raw(['total', ...STATUSES].join(', '))
  const aggregates = (rows: string, sign: '+' | '-') =>
    sql.raw(
      [`${sign}count(*)`, ...STATUSES.map((status) => `${sign}count(*) filter (where is_status_${status})`)].join(', ') +
        ` from ${rows} where not is_archived group by tenant_id`,
    )
  const addExcluded = sql.raw(['total', ...STATUSES].map((column) => `${column} = counts.${column} + excluded.${column}`).join(', '))
  const addFrom = sql.raw(['total', ...STATUSES].map((column) => `${column} = counts.${column} + change.${column}`).join(', '))

  // Inserts may create a tenant's row; updates and deletes only adjust an existing one.
  await sql`create function contact_counts_after_insert() returns trigger language plpgsql as $$
    begin
      insert into contact_counts as counts (tenant_id, ${columns})
        select tenant_id, ${aggregates('new_rows', '+')}
      on conflict (tenant_id) do update set ${addExcluded};
      return null;
    end $$`.execute(db)
  await sql`create function contact_counts_after_delete() returns trigger language plpgsql as $$
    begin
      update contact_counts as counts set ${addFrom}
      from (select tenant_id, ${aggregatesAs('old_rows', '-')}) as change
      where counts.tenant_id = change.tenant_id;
      return null;
    end $$`.execute(db)
  await sql`create function contact_counts_after_update() returns trigger language plpgsql as $$
    begin
      update contact_counts as counts set ${addFrom}
      from (select tenant_id, ${aggregatesAs('old_rows', '-')}) as change
      where counts.tenant_id = change.tenant_id;
      update contact_counts as counts set ${addFrom}
      from (select tenant_id, ${aggregatesAs('new_rows', '+')}) as change
      where counts.tenant_id = change.tenant_id;
      return null;
    end $$`.execute(db)
  await sql`create trigger contact_counts_insert after insert on contacts
    referencing new table as new_rows for each statement execute function contact_counts_after_insert()`.execute(db)
  await sql`create trigger contact_counts_update after update on contacts
    referencing old table as old_rows new table as new_rows for each statement execute function contact_counts_after_update()`.execute(db)
  await sql`create trigger contact_counts_delete after delete on contacts
    referencing old table as old_rows for each statement execute function contact_counts_after_delete()`.execute(db)

  // Contacts that exist already (a migrated installation): counted once here.
  await sql`insert into contact_counts (tenant_id, ${columns})
    select tenant_id, ${aggregates('contacts', '+')}`.execute(db)
}

/** `count(*) as total, count(*) filter (...) as client, ...` with a sign, from a transition table. */
function aggregatesAs(rows: string, sign: '+' | '-') {
  return sql.raw(
    [`${sign}count(*) as total`, ...STATUSES.map((status) => `${sign}count(*) filter (where is_status_${status}) as ${status}`)].join(', ') +
      ` from ${rows} where not is_archived group by tenant_id`,
  )
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of ['contact_counts_insert', 'contact_counts_update', 'contact_counts_delete']) {
    await sql`drop trigger if exists ${sql.id(trigger)} on contacts`.execute(db)
  }
  for (const fn of ['contact_counts_after_insert', 'contact_counts_after_delete', 'contact_counts_after_update']) {
    await sql`drop function if exists ${sql.id(fn)}()`.execute(db)
  }
  await db.schema.dropTable('contact_counts').ifExists().execute()
  await sql`drop index if exists contacts_sort_name_trgm`.execute(db)
  for (const column of LABEL_COLUMNS) {
    await sql`drop index if exists ${sql.id(`contacts_by_${column}`)}`.execute(db)
  }
}
