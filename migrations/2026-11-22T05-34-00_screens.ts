import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * Per-tenant customisations of the shipped screen descriptors, and per-tenant secrets
 * (API keys), which are kept out of the tenants.settings document so that no code that
 * passes settings around can leak them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('screen_overlays')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('screen_key', 'text', (c) => c.notNull())
    // The base descriptor version the overlay was written against, to explain stale entries.
    .addColumn('base_version', 'integer', (c) => c.notNull())
    .addColumn('overlay', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_by', 'uuid', (c) => c.references('contacts.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await sql`create unique index screen_overlays_tenant_screen on screen_overlays (tenant_id, screen_key)`.execute(db)
  await makeTenantOwned(db, 'screen_overlays')

  await db.schema
    .createTable('tenant_secrets')
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // AES-256-GCM box (server/security/secret-box.ts); never the plain value.
    .addColumn('sealed_value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('tenant_secrets_pkey', ['tenant_id', 'name'])
    .execute()
  await makeTenantOwned(db, 'tenant_secrets')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('tenant_secrets').ifExists().execute()
  await db.schema.dropTable('screen_overlays').ifExists().execute()
}
