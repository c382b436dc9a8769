import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * Online meetings (shell spec: /oauth/omeeting, /integrations/zoom; settings spec: Online
 * Meeting counts as integrated when a provider is zoom or googlemeet).
 *
 * meeting_connections: a studio's OAuth grant at Zoom or Google Meet, one per provider. The
 * access and refresh tokens are sealed (secret-box); only the account's email is kept in clear.
 *
 * meeting_links: the meeting a class series or an event has, one per catalog item. A side
 * table and not columns on catalog_items: the link is for booked students only, and the
 * public pages (kept under the 'catalog' cache tag) never read this table, so it can neither
 * leak into a kept page nor drop one when it is regenerated.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('meeting_connections')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('zoom', 'googlemeet')`))
    .addColumn('account_email', 'text', (c) => c.check(sql`length(account_email) <= 254`))
    .addColumn('access_token_sealed', 'text', (c) => c.notNull())
    .addColumn('refresh_token_sealed', 'text')
    .addColumn('expires_at', 'timestamptz')
    .addColumn('connected_by', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('connected_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('meeting_connections_one_per_provider', ['tenant_id', 'provider'])
    .execute()
  await makeTenantOwned(db, 'meeting_connections')

  await db.schema
    .createTable('meeting_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('item_id', 'uuid', (c) => c.notNull().references('catalog_items.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('zoom', 'googlemeet')`))
    .addColumn('meeting_id', 'text', (c) => c.notNull().check(sql`length(meeting_id) between 1 and 255`))
    .addColumn('meeting_url', 'text', (c) => c.notNull().check(sql`meeting_url ~ '^https?://' and length(meeting_url) <= 2000`))
    .addColumn('generated_by', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('generated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('meeting_links_one_per_item', ['tenant_id', 'item_id'])
    .execute()
  await makeTenantOwned(db, 'meeting_links')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('meeting_links').ifExists().execute()
  await db.schema.dropTable('meeting_connections').ifExists().execute()
}
