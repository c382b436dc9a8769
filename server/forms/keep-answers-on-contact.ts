import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import { saveContactFieldValues } from '#server/contacts/contact-field-values'
import type { FormFieldDefinition } from './form-definition'
import type { SubmissionValues } from './validate-submission'

/**
 * What a registration form asked beyond name, email and phone, kept on the contact as well as
 * in the submission: birth date, emergency contact, mother and father, and the custom field
 * values (per field, typed, so the contacts list can filter on them). A visitor's answers
 * only fill in what the contact lacks (anyone can type anyone's email, docs/decisions/041);
 * a signed-in student's own answers replace what was there.
 */
export async function keepAnswersOnContact(
  trx: TenantExecutor,
  target: { tenantId: string; contactId: string; isOwnContact: boolean },
  fields: readonly FormFieldDefinition[],
  values: SubmissionValues,
): Promise<void> {
  const given = {
    date_of_birth: values.dob || null,
    emergency_contact_name: values.emergencyContactName || null,
    emergency_contact_phone: values.emergencyContactPhone || null,
    mother_name: values.motherName || null,
    mother_email: values.motherEmail || null,
    mother_phone: values.motherPhone || null,
    father_name: values.fatherName || null,
    father_email: values.fatherEmail || null,
    father_phone: values.fatherPhone || null,
  }
  const answered = Object.entries(given).filter(([, value]) => value !== null)
  if (answered.length > 0) {
    const set = Object.fromEntries(
      answered.map(([column, value]) => [
        column,
        target.isOwnContact
          ? column === 'date_of_birth' ? sql`${value}::date` : sql`${value}`
          : column === 'date_of_birth' ? sql`coalesce(date_of_birth, ${value}::date)` : sql`coalesce(${sql.ref(column)}, ${value})`,
      ]),
    )
    await trx.updateTable('contacts').set(set).where('id', '=', target.contactId).execute()
  }
  await saveContactFieldValues(trx, target, fields, values.customField, { fillOnly: !target.isOwnContact })
}
