import { sql, type Kysely } from 'kysely'

/**
 * A rotated session keeps its previous token for a few seconds, so requests the browser already
 * had in flight with the old cookie (a back navigation racing a redirect, a second tab) land on
 * the same session instead of being signed out.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .addColumn('previous_token_hash', 'text')
    .addColumn('previous_valid_until', 'timestamptz')
    .execute()
  await sql`create index sessions_previous_token on sessions (previous_token_hash) where previous_token_hash is not null`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists sessions_previous_token`.execute(db)
  await db.schema.alterTable('sessions').dropColumn('previous_token_hash').dropColumn('previous_valid_until').execute()
}
