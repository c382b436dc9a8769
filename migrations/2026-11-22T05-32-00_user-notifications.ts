import type { Kysely } from 'kysely'

/**
 * Per-user notification choices of the user detail screen (Sales, Contact, Product), kept on
 * the contact: every contact has such a record, and it is all off until an admin turns it on.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contacts')
    .addColumn('notify_sales', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notify_contact', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('notify_product', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contacts')
    .dropColumn('notify_sales')
    .dropColumn('notify_contact')
    .dropColumn('notify_product')
    .execute()
}
