import { sql, type Kysely } from 'kysely'

/**
 * A gift given on repeat (a recurring donation) is billed like a recurring membership: a held
 * row the billing job charges each period. `is_gift` keeps it from counting as a membership
 * where a membership means something (booking classes, the plan's active members, My Store).
 * The donor's limit (years, or until they stop it) rides on the cart line and the invoice line,
 * so a gift paid for later still starts with the limit that was chosen.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contact_memberships').addColumn('is_gift', 'boolean', (c) => c.notNull().defaultTo(false)).execute()
  await db.schema.alterTable('cart_lines').addColumn('gift_years', 'integer').execute()
  await db.schema.alterTable('cart_lines').addCheckConstraint('cart_lines_gift_years_range', sql`gift_years is null or gift_years between 1 and 50`).execute()
  await db.schema.alterTable('invoice_lines').addColumn('gift_years', 'integer').execute()
  await db.schema.alterTable('invoice_lines').addCheckConstraint('invoice_lines_gift_years_range', sql`gift_years is null or gift_years between 1 and 50`).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoice_lines').dropConstraint('invoice_lines_gift_years_range').execute()
  await db.schema.alterTable('invoice_lines').dropColumn('gift_years').execute()
  await db.schema.alterTable('cart_lines').dropConstraint('cart_lines_gift_years_range').execute()
  await db.schema.alterTable('cart_lines').dropColumn('gift_years').execute()
  await db.schema.alterTable('contact_memberships').dropColumn('is_gift').execute()
}
