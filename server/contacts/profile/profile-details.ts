import { formatPattern } from '#server/dates/date-pattern'
import { dayInLanguage, shownDateIn } from '#server/dates/language-dates'
import type { ShownDate } from '#server/dates/tenant-dates'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import type { Tenant } from '#server/tenancy/tenant'
import type { ProfileContactRow } from './find-profile-contact'

/** One read-only line of the Details section: a value, or null for 'Not given'. */
export interface DetailItem {
  label: string
  value: string | null
  /** Shown as a link: mailto: or tel:. */
  href?: string
  date?: ShownDate | null
}

export interface DetailGroup {
  /** Which group it is, the same in every language. */
  id: 'contact' | 'guardian' | 'studio'
  title: string
  items: DetailItem[]
}

const text = (value: string | null | undefined): string | null => (value && value.trim() ? value.trim() : null)
const email = (label: string, value: string | null): DetailItem => ({ label, value: text(value), href: text(value) ? `mailto:${value}` : undefined })
const phone = (label: string, value: string | null): DetailItem => ({ label, value: text(value), href: text(value) ? `tel:${value?.replace(/[^\d+]/g, '')}` : undefined })

/** A calendar date ('YYYY-MM-DD', no zone) in the tenant's date format, or Turkish's own. */
function calendarDate(value: string | Date | null, settings: Tenant['settings'], language: Language): string | null {
  if (!value) return null
  // A driver that parses dates after all hands over a Date at UTC midnight.
  const day = value instanceof Date ? value.toISOString().slice(0, 10) : value
  const date = new Date(`${day}T00:00:00Z`)
  if (Number.isNaN(date.getTime())) return day
  // Read at UTC midnight in UTC, so a birthday is the same day in every zone.
  return language === 'en' ? formatPattern(date, 'UTC', settings.dateFormat) : dayInLanguage(day, settings, language)
}

function addressOf(contact: ProfileContactRow): string | null {
  const cityLine = [text(contact.city), [text(contact.state), text(contact.zip)].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  const lines = [text(contact.address_line1), text(contact.address_line2), cityLine || null, text(contact.country)].filter(Boolean)
  return lines.length ? lines.join('\n') : null
}

/** Every profile field, grouped as the Details section shows them (GRN only where the tenant uses it). */
export function profileDetailsOf(contact: ProfileContactRow, tenant: Pick<Tenant, 'settings'>, language: Language = 'en'): DetailGroup[] {
  const { settings } = tenant
  const t = tFor(language, 'contacts')
  const yesNo = (value: boolean): string => (value ? t('yes') : t('no'))
  const identity: DetailItem[] = [
    { label: t('detail_firstName'), value: text(contact.first_name) },
    { label: t('detail_lastName'), value: text(contact.last_name) },
    email(t('email'), contact.email),
    email(t('detail_altEmail1'), contact.alt_email1),
    email(t('detail_altEmail2'), contact.alt_email2),
    email(t('detail_altEmail3'), contact.alt_email3),
    phone(t('phone'), contact.phone),
    { label: t('address'), value: addressOf(contact) },
    { label: t('detail_dateOfBirth'), value: calendarDate(contact.date_of_birth, settings, language) },
    { label: t('company'), value: text(contact.company) },
    { label: t('description'), value: text(contact.description) },
  ]
  if (settings.isSupportGrn) identity.push({ label: t('detail_grnNumber'), value: text(contact.grn_number) })
  return [
    { id: 'contact', title: t('cardContact'), items: identity },
    {
      id: 'guardian',
      title: t('detail_guardianTitle'),
      items: [
        { label: t('detail_emergencyName'), value: text(contact.emergency_contact_name) },
        phone(t('detail_emergencyPhone'), contact.emergency_contact_phone),
        { label: t('detail_motherName'), value: text(contact.mother_name) },
        email(t('detail_motherEmail'), contact.mother_email),
        phone(t('detail_motherPhone'), contact.mother_phone),
        { label: t('detail_fatherName'), value: text(contact.father_name) },
        email(t('detail_fatherEmail'), contact.father_email),
        phone(t('detail_fatherPhone'), contact.father_phone),
      ],
    },
    {
      id: 'studio',
      title: t('detail_studioTitle'),
      items: [
        { label: t('detail_leadSource'), value: text(contact.lead_source) },
        { label: t('category'), value: text(contact.category) },
        { label: t('salesStage'), value: text(contact.sales_stage) },
        { label: t('accountStage'), value: text(contact.account_stage) },
        { label: t('barcode'), value: text(contact.barcode) },
        { label: t('teacher'), value: yesNo(contact.is_teacher) },
        { label: t('waiverFormSigned'), value: yesNo(contact.has_signed_waiver_form) },
        { label: t('detail_subscribed'), value: yesNo(contact.subscribe_to_mailing_list) },
        { label: t('emailReminders'), value: yesNo(contact.is_send_reminder) },
        { label: t('smsReminders'), value: yesNo(contact.is_send_sms_reminder) },
        { label: t('created'), value: null, date: shownDateIn(contact.created_at, settings, 'dateTime', language) },
        { label: t('updated'), value: null, date: shownDateIn(contact.updated_at, settings, 'dateTime', language) },
      ],
    },
  ]
}
