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
  await writeContactAnswers(trx, target.contactId, given, target.isOwnContact)
  await saveContactFieldValues(trx, target, fields, values.customField, { fillOnly: !target.isOwnContact })
}

/** Contact columns a form may answer; date_of_birth is a date, the rest text. */
export type ContactAnswerColumn =
  | 'date_of_birth' | 'emergency_contact_name' | 'emergency_contact_phone' | 'mother_name' | 'mother_email' | 'mother_phone' | 'father_name'
  | 'father_email' | 'father_phone' | 'address_line1' | 'address_line2' | 'city' | 'state' | 'zip'

/**
 * Writes a form's answers onto a contact: empty answers write nothing; a visitor's answers only
 * fill in what the contact lacks (decision 041); the contact's own replace what was there.
 */
export async function writeContactAnswers(
  trx: TenantExecutor,
  contactId: string,
  given: Partial<Record<ContactAnswerColumn, string | null>>,
  isOwnContact: boolean,
): Promise<void> {
  const answered = Object.entries(given).filter((entry): entry is [ContactAnswerColumn, string] => Boolean(entry[1]))
  if (answered.length === 0) return
  const set = Object.fromEntries(
    answered.map(([column, value]) => {
      const typed = column === 'date_of_birth' ? sql`${value}::date` : sql`${value}`
      return [column, isOwnContact ? typed : sql`coalesce(${sql.ref(column)}, ${typed})`]
    }),
  )
  await trx.updateTable('contacts').set(set).where('id', '=', contactId).execute()
}
