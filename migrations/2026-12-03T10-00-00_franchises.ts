import { sql, type Kysely } from 'kysely'

/**
 * Deleting a franchise archives its tenant (docs/decisions/133): `archived_at` marks it, host
 * resolution and the master's lists skip it, and its data stays for 30 days so a mistaken
 * delete can be undone. The index serves the master's franchise list, live children only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('tenants').addColumn('archived_at', 'timestamptz').execute()
  await sql`create index tenants_live_children on tenants (parent_tenant_id, created_at desc) where archived_at is null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists tenants_live_children`.execute(db)
  await db.schema.alterTable('tenants').dropColumn('archived_at').execute()
}
