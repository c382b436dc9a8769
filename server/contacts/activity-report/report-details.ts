import type { ContactRow } from '#db/types'
import { CONTACT_STATUS_COLUMN } from '#db/tables/contacts'
import { balanceText } from '#server/contacts/balance-text'
import type { ContactStatus } from '#server/contacts/contact-list-filter'
import { dateInLanguage, dayInLanguage } from '#server/dates/language-dates'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import type { TenantSettings } from '#server/tenancy/tenant-settings'

const STATUS_KEYS = {
  client: 'contactStatusClient',
  lead: 'contactStatusLead',
  member: 'contactStatusMember',
  staff: 'contactStatusStaff',
  followup: 'contactStatusFollowup',
  inactive: 'contactStatusInactive',
  other: 'contactStatusOther',
} as const satisfies Record<ContactStatus, string>

/**
 * The contact's details as the report lists them (website spec 3, Contact; Guardian and other
 * info fields), label and value, leaving out what is empty; labels, statuses, the balance and
 * dates in `language` (what the contact typed stays as typed).
 */
export function reportDetails(contact: ContactRow, settings: TenantSettings, language: Language = 'en'): Array<{ label: string; value: string }> {
  const t = tFor(language, 'documents')
  const statuses = (Object.keys(CONTACT_STATUS_COLUMN) as Array<keyof typeof CONTACT_STATUS_COLUMN>)
    .filter((status) => contact[CONTACT_STATUS_COLUMN[status]])
    .map((status) => t(STATUS_KEYS[status]))
  const address = [contact.address_line1, contact.address_line2, [contact.city, contact.state, contact.zip].filter(Boolean).join(' '), contact.country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ')
  const rows: Array<[string, string | null | undefined]> = [
    [t('detailEmail'), contact.email],
    [t('detailPhone'), contact.phone],
    [t('detailAddress'), address],
    [t('detailDateOfBirth'), birthDate(contact.date_of_birth, settings, language)],
    [t('detailCompany'), contact.company],
    [t('detailStatus'), statuses.join(', ')],
    [t('detailLeadSource'), contact.lead_source],
    [t('detailBalance'), balanceText(Number(contact.balance_minor), settings.defaultCurrency, language)],
    [t('detailEmergencyContact'), [contact.emergency_contact_name, contact.emergency_contact_phone].filter(Boolean).join(', ')],
    [t('detailMother'), [contact.mother_name, contact.mother_email, contact.mother_phone].filter(Boolean).join(', ')],
    [t('detailFather'), [contact.father_name, contact.father_email, contact.father_phone].filter(Boolean).join(', ')],
    [t('detailEmailVerified'), t(contact.is_email_verified ? 'yes' : 'no')],
    [t('detailContactSince'), dateInLanguage(new Date(contact.created_at), settings, 'date', language)],
    [t('detailDescription'), contact.description],
  ]
  return rows.flatMap(([label, value]) => (value && value.trim() ? [{ label, value: value.trim() }] : []))
}

/** The birth date as stored in English (as the report always printed it); a calendar day in Turkish's order otherwise. */
function birthDate(value: string | null, settings: TenantSettings, language: Language): string | null {
  if (!value || language === 'en' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return value
  return dayInLanguage(value, settings, language)
}
