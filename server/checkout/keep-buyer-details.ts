import type { TenantExecutor } from '#db/tenant-scope'
import { saveContactFieldValues } from '#server/contacts/contact-field-values'
import type { FormFieldDefinition } from '#server/forms/form-definition'
import { writeContactAnswers } from '#server/forms/keep-answers-on-contact'
import type { BuyerDetails } from './buyer-form'

/**
 * What the user form asked beyond name, email and phone, kept on the buyer's contact: the
 * address, the emergency contact, the birth date, the guardians and the checkout form's custom
 * field values, the way registration forms keep theirs (a visitor's answers only fill in what
 * the contact lacks; a signed-in buyer's own replace it).
 */
export async function keepBuyerDetails(
  trx: TenantExecutor,
  target: { tenantId: string; contactId: string; isOwnContact: boolean },
  details: BuyerDetails,
  fields: readonly FormFieldDefinition[],
): Promise<void> {
  const { guardians } = details
  await writeContactAnswers(
    trx,
    target.contactId,
    {
      address_line1: details.addressLine1,
      address_line2: details.addressLine2,
      city: details.city,
      state: details.state,
      zip: details.zip,
      emergency_contact_name: details.emergencyContactName,
      emergency_contact_phone: details.emergencyContactPhone,
      date_of_birth: details.dob,
      mother_name: guardians.motherName,
      mother_email: guardians.motherEmail,
      mother_phone: guardians.motherPhone,
      father_name: guardians.fatherName,
      father_email: guardians.fatherEmail,
      father_phone: guardians.fatherPhone,
    },
    target.isOwnContact,
  )
  if (details.customAnswers.length > 0) await saveContactFieldValues(trx, target, fields, details.customAnswers, { fillOnly: !target.isOwnContact })
}
