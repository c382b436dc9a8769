import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * Files staff keep and share with contacts or with every student (docs/decisions/147). The bytes
 * live privately in the tenant's file store under `storage_key`; a share names one contact, or
 * none for "all students".
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shared_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 200`))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull().check(sql`size_bytes >= 0`))
    .addColumn('storage_key', 'text', (c) => c.notNull())
    .addColumn('uploaded_by', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await makeTenantOwned(db, 'shared_files')
  await sql`create index shared_files_tenant_created on shared_files (tenant_id, created_at desc)`.execute(db)

  await db.schema
    .createTable('shared_file_shares')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('file_id', 'uuid', (c) => c.notNull().references('shared_files.id').onDelete('cascade'))
    // null: shared with every student of the studio.
    .addColumn('contact_id', 'uuid', (c) => c.references('contacts.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await makeTenantOwned(db, 'shared_file_shares')
  await sql`create unique index shared_file_shares_contact on shared_file_shares (file_id, contact_id) where contact_id is not null`.execute(db)
  await sql`create unique index shared_file_shares_everyone on shared_file_shares (file_id) where contact_id is null`.execute(db)
  await sql`create index shared_file_shares_by_contact on shared_file_shares (tenant_id, contact_id)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shared_file_shares').ifExists().execute()
  await db.schema.dropTable('shared_files').ifExists().execute()
}
