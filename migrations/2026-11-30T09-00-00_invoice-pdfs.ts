import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * The PDF of an invoice, made by a job and downloaded by staff and by the invoice's contact.
 *
 * A PDF is of the invoice as it was when it was made: `version` is a hash of everything the PDF
 * prints (the invoice, its lines, the tenant's letterhead), so an invoice paid, edited or
 * refunded after its PDF was made has another version and gets a new PDF; the old one is never
 * served. One row per invoice and version makes a double click one PDF. `attempt` counts the
 * times a failed PDF was asked for again: each attempt is its own job run (its job id).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('invoice_pdfs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('invoice_id', 'uuid', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull().check(sql`version ~ '^[0-9a-f]{64}$'`))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('IN_PROGRESS'))
    .addColumn('attempt', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`attempt >= 1`),
    )
    .addColumn('file_key', 'text')
    // The name the browser saves it under: invoice-0042.pdf.
    .addColumn('file_name', 'text', (c) => c.notNull().check(sql`length(file_name) between 1 and 200`))
    .addColumn('error', 'text', (c) => c.check(sql`length(error) <= 1000`))
    // The person (staff or the invoice's contact) who asked for it.
    .addColumn('requested_by', 'uuid')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('invoice_pdfs_one_per_version', ['tenant_id', 'invoice_id', 'version'])
    .addForeignKeyConstraint('invoice_pdfs_invoice', ['tenant_id', 'invoice_id'], 'invoices', ['tenant_id', 'id'], (c) => c.onDelete('cascade'))
    .addCheckConstraint('invoice_pdfs_status_known', sql`status in ('IN_PROGRESS', 'COMPLETE', 'ERROR')`)
    .addCheckConstraint('invoice_pdfs_file_when_complete', sql`(status = 'COMPLETE') = (file_key is not null)`)
    .execute()
  await sql`alter table invoice_pdfs
    add constraint invoice_pdfs_requested_by foreign key (tenant_id, requested_by) references contacts (tenant_id, id) on delete set null (requested_by)`.execute(db)
  await makeTenantOwned(db, 'invoice_pdfs')
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('invoice_pdfs').ifExists().execute()
}
