import { sql, type Kysely } from 'kysely'

/**
 * A person's own language (issue 15): chosen on My Profile or with the language switcher while
 * signed in, and used for their pages when the browser carries no `lng` cookie (a new device,
 * cleared cookies). Null: no choice made, the browser's language or the studio's default then.
 * A column of contacts, so the table's tenant policy covers it as it covers the rest.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('contacts')
    .addColumn('language', 'text', (c) => c.check(sql`language in ('en', 'tr')`))
    .execute()
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('contacts').dropColumn('language').execute()
}
