import { sql, type Kysely } from 'kysely'

/**
 * A class drop-in sold at checkout names its occurrence the way a cart line and an occurrence
 * row do: the schedule and the scheduled local date. The invoice line keeps both, so paying for
 * the order later books the very occurrence the buyer chose. Lines of other kinds leave them null.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoice_lines').addColumn('schedule_id', 'uuid').addColumn('occurrence_date', 'date').execute()
  await db.schema.alterTable('invoice_lines').addCheckConstraint('invoice_lines_occurrence_complete', sql`(schedule_id is null) = (occurrence_date is null)`).execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invoice_lines').dropConstraint('invoice_lines_occurrence_complete').execute()
  await db.schema.alterTable('invoice_lines').dropColumn('occurrence_date').dropColumn('schedule_id').execute()
}
