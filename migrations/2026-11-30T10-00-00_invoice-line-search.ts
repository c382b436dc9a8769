import { sql, type Kysely } from 'kysely'

/**
 * The invoice report's search by item name reads a stored, folded copy of each line's name.
 * An index on the expression `search_fold(item_name)` is never used under row-level security:
 * search_fold is not leakproof, so Postgres checks the tenant policy first and folds every line
 * of the table (~170 ms at 150,000 lines). A stored column compared with LIKE (leakproof) keeps
 * to its trigram index, as invoices.search_text does.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table invoice_lines add column search_text text generated always as (search_fold(item_name)) stored`.execute(db)
  await sql`create index invoice_lines_search_text_trgm on invoice_lines using gin (search_text gin_trgm_ops)`.execute(db)
  await sql`drop index if exists invoice_lines_item_name_trgm`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`create index invoice_lines_item_name_trgm on invoice_lines using gin ((search_fold(item_name)) gin_trgm_ops)`.execute(db)
  await sql`drop index if exists invoice_lines_search_text_trgm`.execute(db)
  await sql`alter table invoice_lines drop column search_text`.execute(db)
}
