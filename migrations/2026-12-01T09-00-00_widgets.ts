import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * A studio's embeddable widgets (settings spec, Widgets): an announcement, a list of upcoming
 * or past events, a compact event sidebar, or a link button, shown on another website through
 * a script tag or an iframe once published. `guid` is the public id in addresses; `type` holds
 * a stable key, and the screens show the spec's labels. The announcement is stored sanitised.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('widgets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('guid', 'uuid', (c) =>
      c
        .notNull()
        .unique()
        .defaultTo(sql`gen_random_uuid()`),
    )
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(btrim(name)) between 1 and 100`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('announcement', 'event_sidebar', 'event_list', 'past_event_list', 'link')`))
    .addColumn('title', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`length(title) <= 200`),
    )
    .addColumn('body_html', 'text', (c) =>
      c
        .notNull()
        .defaultTo('')
        .check(sql`length(body_html) <= 100000`),
    )
    .addColumn('link_url', 'text', (c) => c.check(sql`length(link_url) <= 2000`))
    .addColumn('event_count', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(5)
        .check(sql`event_count between 1 and 50`),
    )
    .addColumn('width', 'integer', (c) => c.check(sql`width between 100 and 4000`))
    .addColumn('height', 'integer', (c) => c.check(sql`height between 40 and 4000`))
    .addColumn('is_published', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('published_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('widgets_link_has_url', sql`type <> 'link' or link_url is not null`)
    .execute()
  await sql`create index widgets_by_name on widgets (tenant_id, lower(name), id)`.execute(db)
  await makeTenantOwned(db, 'widgets')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('widgets').ifExists().execute()
}
