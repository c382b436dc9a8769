import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * What the contacts list shows, filters and searches on (website spec 3, Contact and Contact
 * search filter): status flags, category, sales and account stages, walk-in and archived flags,
 * the balance in minor units of the tenant's currency, the alternate emails and the barcode;
 * tags; and the search indexes that keep a search fast at 100,000 contacts per tenant.
 *
 * Search is accent-insensitive and typo-tolerant: `unaccent` folds 'José' to 'jose' and
 * `pg_trgm` matches substrings (ILIKE) and near spellings (word similarity) through one GIN
 * index. `unaccent()` itself is only STABLE (its dictionary could change), so an IMMUTABLE
 * wrapper with the dictionary named explicitly is what generated columns and indexes can use.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db)
  await sql`create extension if not exists unaccent`.execute(db)
  await sql`create or replace function search_fold(value text) returns text
    language sql immutable parallel safe strict
    as $$ select lower(public.unaccent('public.unaccent'::regdictionary, value)) $$`.execute(db)

  await db.schema
    .alterTable('contacts')
    .addColumn('alt_email1', 'text')
    .addColumn('alt_email2', 'text')
    .addColumn('alt_email3', 'text')
    .addColumn('barcode', 'text')
    .addColumn('category', 'text')
    .addColumn('sales_stage', 'text')
    .addColumn('account_stage', 'text')
    .addColumn('is_status_client', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_status_lead', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_status_member', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_status_staff', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_status_followup', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_status_inactive', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_status_other', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_walk_in', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_archived', 'boolean', (c) => c.notNull().defaultTo(false))
    // Money is integer minor units (cents) of the tenant's currency; negative means owed.
    .addColumn('balance_minor', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute()

  // Derived columns kept by Postgres (|| rather than concat_ws, which is only STABLE): the name as sorted, the text a search looks in, and the
  // phone's digits alone (so '5550100142' finds '(555) 010-0142').
  await sql`alter table contacts
    add column sort_name text generated always as (search_fold(first_name || ' ' || last_name)) stored,
    add column search_text text generated always as (search_fold(first_name || ' ' || last_name
      || ' ' || coalesce(email, '') || ' ' || coalesce(alt_email1, '') || ' ' || coalesce(alt_email2, '')
      || ' ' || coalesce(alt_email3, '') || ' ' || coalesce(barcode, ''))) stored,
    add column phone_digits text generated always as (regexp_replace(coalesce(phone, ''), '\\D', '', 'g')) stored`.execute(db)

  await sql`create index contacts_search_text_trgm on contacts using gin (search_text gin_trgm_ops)`.execute(db)
  await sql`create index contacts_phone_digits_trgm on contacts using gin (phone_digits gin_trgm_ops) where phone_digits <> ''`.execute(db)
  // One index per sort, each ending in id so that a page boundary never splits a tie.
  await sql`create index contacts_list_by_name on contacts (tenant_id, sort_name, id) where not is_archived`.execute(db)
  await sql`create index contacts_list_by_created on contacts (tenant_id, created_at, id) where not is_archived`.execute(db)
  await sql`create index contacts_list_by_updated on contacts (tenant_id, updated_at, id) where not is_archived`.execute(db)
  await sql`create index contacts_list_by_balance on contacts (tenant_id, balance_minor, id) where not is_archived`.execute(db)
  await sql`alter table contacts add constraint contacts_text_lengths check (
    length(coalesce(category, '')) <= 100 and length(coalesce(sales_stage, '')) <= 100
    and length(coalesce(account_stage, '')) <= 100 and length(coalesce(barcode, '')) <= 100)`.execute(db)

  await db.schema
    .createTable('tags')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 100`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index tags_tenant_name_unique on tags (tenant_id, lower(name))`.execute(db)
  await makeTenantOwned(db, 'tags')

  await db.schema
    .createTable('contact_tags')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('tag_id', 'uuid', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('contact_tags_pkey', ['contact_id', 'tag_id'])
    .execute()
  await sql`create index contact_tags_by_tag on contact_tags (tenant_id, tag_id, contact_id)`.execute(db)
  await makeTenantOwned(db, 'contact_tags')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contact_tags').ifExists().execute()
  await db.schema.dropTable('tags').ifExists().execute()
  for (const index of ['contacts_search_text_trgm', 'contacts_phone_digits_trgm', 'contacts_list_by_name', 'contacts_list_by_created', 'contacts_list_by_updated', 'contacts_list_by_balance']) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db)
  }
  await sql`alter table contacts drop constraint if exists contacts_text_lengths`.execute(db)
  for (const column of ['sort_name', 'search_text', 'phone_digits', 'alt_email1', 'alt_email2', 'alt_email3', 'barcode', 'category', 'sales_stage', 'account_stage',
    'is_status_client', 'is_status_lead', 'is_status_member', 'is_status_staff', 'is_status_followup', 'is_status_inactive', 'is_status_other',
    'is_walk_in', 'is_archived', 'balance_minor']) {
    await sql`alter table contacts drop column if exists ${sql.id(column)}`.execute(db)
  }
  await sql`drop function if exists search_fold(text)`.execute(db)
}
