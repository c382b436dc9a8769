import type { ContactRow } from '#db/types'
import { CONTACT_STATUS_COLUMN } from '#db/tables/contacts'
import { balanceText } from '#server/contacts/balance-text'
import { CONTACT_STATUS_LABELS } from '#server/contacts/contact-list-filter'
import { formatInZone } from '#server/dates/tenant-dates'
import type { TenantSettings } from '#server/tenancy/tenant-settings'

/**
 * The contact's details as the report lists them (website spec 3, Contact; Guardian and other
 * info fields), label and value, leaving out what is empty.
 */
export function reportDetails(contact: ContactRow, settings: TenantSettings): Array<{ label: string; value: string }> {
  const statuses = (Object.keys(CONTACT_STATUS_COLUMN) as Array<keyof typeof CONTACT_STATUS_COLUMN>)
    .filter((status) => contact[CONTACT_STATUS_COLUMN[status]])
    .map((status) => CONTACT_STATUS_LABELS[status])
  const address = [contact.address_line1, contact.address_line2, [contact.city, contact.state, contact.zip].filter(Boolean).join(' '), contact.country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ')
  const rows: Array<[string, string | null | undefined]> = [
    ['Email', contact.email],
    ['Phone', contact.phone],
    ['Address', address],
    ['Date of birth', contact.date_of_birth],
    ['Company', contact.company],
    ['Status', statuses.join(', ')],
    ['Lead source', contact.lead_source],
    ['Balance', balanceText(Number(contact.balance_minor), settings.defaultCurrency)],
    ['Emergency contact', [contact.emergency_contact_name, contact.emergency_contact_phone].filter(Boolean).join(', ')],
    ['Mother', [contact.mother_name, contact.mother_email, contact.mother_phone].filter(Boolean).join(', ')],
    ['Father', [contact.father_name, contact.father_email, contact.father_phone].filter(Boolean).join(', ')],
    ['Email verified', contact.is_email_verified ? 'Yes' : 'No'],
    ['Contact since', formatInZone(new Date(contact.created_at), settings, 'date')],
    ['Description', contact.description],
  ]
  return rows.flatMap(([label, value]) => (value && value.trim() ? [{ label, value: value.trim() }] : []))
}
