import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * The website builder (spec 002 sections 2.1 to 2.4, 3 Website page and Website template).
 * A page gains its own CSS beside its HTML and design json: the visual editor writes both, and
 * the public page scopes the CSS to the page body when it renders. A studio's own templates are
 * kept per tenant; the shared ones (org id 'master') ship with the product as code, so every
 * studio sees them without a row of its own and no studio can delete them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('web_pages')
    .addColumn('css', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await db.schema
    .createTable('web_templates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(btrim(name)) between 1 and 100`))
    .addColumn('page_type', 'text', (c) => c.notNull().check(sql`page_type in ('home', 'about', 'contact', 'privacypolicy', 'termsofservice', 'others')`))
    .addColumn('html', 'text', (c) => c.notNull().check(sql`length(html) <= 500000`))
    .addColumn('css', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`length(css) <= 200000`),
    )
    .addColumn('design', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create index web_templates_by_name on web_templates (tenant_id, lower(name))`.execute(db)
  await makeTenantOwned(db, 'web_templates')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('web_templates').ifExists().execute()
  await db.schema.alterTable('web_pages').dropColumn('css').execute()
}
