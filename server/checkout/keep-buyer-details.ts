import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import type { BuyerDetails } from './buyer-form'

/**
 * What the user form asked beyond name, email and phone, kept on the buyer's contact: the
 * address, the emergency contact and the birth date. A visitor's answers only fill in what the
 * contact lacks (anyone can type anyone's email, decision 041); a signed-in student's own
 * answers replace what was there.
 */
export async function keepBuyerDetails(trx: TenantExecutor, contactId: string, details: BuyerDetails, isOwnContact: boolean): Promise<void> {
  const given = {
    address_line1: details.addressLine1,
    address_line2: details.addressLine2,
    city: details.city,
    state: details.state,
    zip: details.zip,
    emergency_contact_name: details.emergencyContactName,
    emergency_contact_phone: details.emergencyContactPhone,
    date_of_birth: details.dob,
  }
  const answered = Object.entries(given).filter(([, value]) => value !== '')
  if (answered.length === 0) return
  const set = Object.fromEntries(
    answered.map(([column, value]) => {
      const typed = column === 'date_of_birth' ? sql`${value}::date` : sql`${value}`
      return [column, isOwnContact ? typed : sql`coalesce(${sql.ref(column)}, ${typed})`]
    }),
  )
  await trx.updateTable('contacts').set(set).where('id', '=', contactId).execute()
}
