import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import type { Language } from '#server/i18n/languages'

export interface FormContactDetails {
  firstName: string
  lastName: string
  email: string
  phone: string
  signedWaiver: boolean
  /**
   * The language the visitor used the studio's pages in, when it is not the studio's default
   * (a contact without one follows the default): their emails are then written in it.
   */
  language?: Language | null
}

/**
 * The contact a submission belongs to: found by email within the tenant (any letter case) or
 * created. An anonymous post may fill in what an existing contact lacks and mark a waiver as
 * signed, but never overwrites a name or phone already on file: anyone can type anyone's
 * email into a public form (docs/decisions/041). A language is likewise only filled in where
 * none is kept.
 */
export async function upsertFormContact(trx: TenantExecutor, tenantId: string, details: FormContactDetails): Promise<string> {
  const values = {
    tenant_id: tenantId,
    first_name: details.firstName,
    last_name: details.lastName,
    email: details.email || null,
    phone: details.phone || null,
    has_signed_waiver_form: details.signedWaiver,
    language: details.language ?? null,
  }
  if (!details.email) {
    const created = await trx.insertInto('contacts').values(values).returning('id').executeTakeFirstOrThrow()
    return created.id
  }
  // One statement, so two first submissions with the same new email cannot both insert.
  const row = await trx
    .insertInto('contacts')
    .values(values)
    .onConflict((oc) =>
      oc
        .expression(sql`tenant_id, lower(email)`)
        .where('email', 'is not', null)
        .doUpdateSet({
          first_name: sql`case when contacts.first_name = '' then excluded.first_name else contacts.first_name end`,
          last_name: sql`case when contacts.last_name = '' then excluded.last_name else contacts.last_name end`,
          phone: sql`coalesce(contacts.phone, excluded.phone)`,
          has_signed_waiver_form: sql`contacts.has_signed_waiver_form or excluded.has_signed_waiver_form`,
          language: sql`coalesce(contacts.language, excluded.language)`,
          updated_at: sql`now()`,
        }),
    )
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** A signed-in student's own contact: marks the waiver, fills in a missing phone. */
export async function touchStudentContact(trx: TenantExecutor, contactId: string, details: Pick<FormContactDetails, 'phone' | 'signedWaiver'>): Promise<string | null> {
  const row = await trx
    .updateTable('contacts')
    .set({
      phone: sql`coalesce(phone, ${details.phone || null})`,
      has_signed_waiver_form: sql`has_signed_waiver_form or ${details.signedWaiver}`,
      updated_at: sql`now()`,
    })
    .where('id', '=', contactId)
    .returning('id')
    .executeTakeFirst()
  return row?.id ?? null
}
