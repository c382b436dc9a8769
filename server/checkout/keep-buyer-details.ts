import type { TenantExecutor } from '#db/tenant-scope'
import { writeContactAnswers } from '#server/forms/keep-answers-on-contact'
import type { BuyerDetails } from './buyer-form'

/**
 * What the user form asked beyond name, email and phone, kept on the buyer's contact: the
 * address, the emergency contact and the birth date, the way registration forms keep theirs.
 */
export function keepBuyerDetails(trx: TenantExecutor, contactId: string, details: BuyerDetails, isOwnContact: boolean): Promise<void> {
  return writeContactAnswers(
    trx,
    contactId,
    {
      address_line1: details.addressLine1,
      address_line2: details.addressLine2,
      city: details.city,
      state: details.state,
      zip: details.zip,
      emergency_contact_name: details.emergencyContactName,
      emergency_contact_phone: details.emergencyContactPhone,
      date_of_birth: details.dob,
    },
    isOwnContact,
  )
}
