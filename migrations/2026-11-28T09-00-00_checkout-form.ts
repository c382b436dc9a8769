import { sql, type Kysely } from 'kysely'

/**
 * The Student Registration form whose questions checkout asks (the user form's custom fields
 * and guardians): at most one per studio, chosen in the form editor.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('custom_forms')
    .addColumn('is_asked_at_checkout', 'boolean', (c) => c.notNull().defaultTo(false))
    .execute()
  await sql`alter table custom_forms add constraint custom_forms_checkout_is_student_registration check (not is_asked_at_checkout or form_type = 'STUDENT_REGISTRATION')`.execute(db)
  await sql`create unique index custom_forms_one_checkout_form on custom_forms (tenant_id) where is_asked_at_checkout`.execute(db)
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index if exists custom_forms_one_checkout_form`.execute(db)
  await db.schema.alterTable('custom_forms').dropConstraint('custom_forms_checkout_is_student_registration').execute()
  await db.schema.alterTable('custom_forms').dropColumn('is_asked_at_checkout').execute()
}
