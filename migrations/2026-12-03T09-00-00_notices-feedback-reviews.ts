import { sql, type Kysely } from 'kysely'
import { makeTenantOwned } from './support/tenant-table'

/**
 * The notice board, student feedback and student reviews (website spec 2.13, 2.14 and 3).
 * Notices hold tenant-supplied rich text, sanitised on save and again when shown. A student
 * reviews a studio once: one review per contact. Feedback and reviews go with their contact.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('notices')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull().check(sql`length(btrim(message)) between 1 and 20000`))
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('notice', 'quote')`))
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('expiry_date', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await makeTenantOwned(db, 'notices')
  await sql`create index notices_by_tenant on notices (tenant_id, created_at desc)`.execute(db)

  await db.schema
    .createTable('feedback_entries')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('message', 'text', (c) => c.notNull().check(sql`length(btrim(message)) between 1 and 2000`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute()
  await makeTenantOwned(db, 'feedback_entries')
  await sql`create index feedback_entries_by_tenant on feedback_entries (tenant_id, updated_at desc, id)`.execute(db)

  await db.schema
    .createTable('student_reviews')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('tenant_id', 'uuid', (c) => c.notNull().references('tenants.id').onDelete('cascade'))
    .addColumn('contact_id', 'uuid', (c) => c.notNull().references('contacts.id').onDelete('cascade'))
    .addColumn('stars', 'integer', (c) => c.notNull().check(sql`stars between 1 and 5`))
    .addColumn('review_text', 'text', (c) => c.notNull().check(sql`length(btrim(review_text)) between 10 and 2000`))
    .addColumn('is_reviewed_on_google', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('student_reviews_one_per_contact', ['tenant_id', 'contact_id'])
    .execute()
  await makeTenantOwned(db, 'student_reviews')
  await sql`create index student_reviews_by_tenant on student_reviews (tenant_id, created_at desc, id)`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('student_reviews').ifExists().execute()
  await db.schema.dropTable('feedback_entries').ifExists().execute()
  await db.schema.dropTable('notices').ifExists().execute()
}
