import { formatPattern } from '#server/dates/date-pattern'
import { shownDate, type ShownDate } from '#server/dates/tenant-dates'
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
  title: string
  items: DetailItem[]
}

const text = (value: string | null | undefined): string | null => (value && value.trim() ? value.trim() : null)
const yesNo = (value: boolean): string => (value ? 'Yes' : 'No')
const email = (label: string, value: string | null): DetailItem => ({ label, value: text(value), href: text(value) ? `mailto:${value}` : undefined })
const phone = (label: string, value: string | null): DetailItem => ({ label, value: text(value), href: text(value) ? `tel:${value?.replace(/[^\d+]/g, '')}` : undefined })

/** A calendar date ('YYYY-MM-DD', no zone) in the tenant's date format. */
function calendarDate(value: string | Date | null, dateFormat: string): string | null {
  if (!value) return null
  // A driver that parses dates after all hands over a Date at UTC midnight.
  const day = value instanceof Date ? value.toISOString().slice(0, 10) : value
  const date = new Date(`${day}T00:00:00Z`)
  // Read at UTC midnight in UTC, so a birthday is the same day in every zone.
  return Number.isNaN(date.getTime()) ? day : formatPattern(date, 'UTC', dateFormat)
}

function addressOf(contact: ProfileContactRow): string | null {
  const cityLine = [text(contact.city), [text(contact.state), text(contact.zip)].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  const lines = [text(contact.address_line1), text(contact.address_line2), cityLine || null, text(contact.country)].filter(Boolean)
  return lines.length ? lines.join('\n') : null
}

/** Every profile field, grouped as the Details section shows them (GRN only where the tenant uses it). */
export function profileDetailsOf(contact: ProfileContactRow, tenant: Pick<Tenant, 'settings'>): DetailGroup[] {
  const { settings } = tenant
  const identity: DetailItem[] = [
    { label: 'First name', value: text(contact.first_name) },
    { label: 'Last name', value: text(contact.last_name) },
    email('Email', contact.email),
    email('Alternate email 1', contact.alt_email1),
    email('Alternate email 2', contact.alt_email2),
    email('Alternate email 3', contact.alt_email3),
    phone('Phone', contact.phone),
    { label: 'Address', value: addressOf(contact) },
    { label: 'Date of birth', value: calendarDate(contact.date_of_birth, settings.dateFormat) },
    { label: 'Company', value: text(contact.company) },
    { label: 'Description', value: text(contact.description) },
  ]
  if (settings.isSupportGrn) identity.push({ label: 'GRN number', value: text(contact.grn_number) })
  return [
    { title: 'Contact', items: identity },
    {
      title: 'Guardian and other info',
      items: [
        { label: 'Emergency contact name', value: text(contact.emergency_contact_name) },
        phone('Emergency contact phone', contact.emergency_contact_phone),
        { label: "Mother's name", value: text(contact.mother_name) },
        email("Mother's email", contact.mother_email),
        phone("Mother's phone", contact.mother_phone),
        { label: "Father's name", value: text(contact.father_name) },
        email("Father's email", contact.father_email),
        phone("Father's phone", contact.father_phone),
      ],
    },
    {
      title: 'Studio',
      items: [
        { label: 'Lead source', value: text(contact.lead_source) },
        { label: 'Category', value: text(contact.category) },
        { label: 'Sales stage', value: text(contact.sales_stage) },
        { label: 'Account stage', value: text(contact.account_stage) },
        { label: 'Barcode', value: text(contact.barcode) },
        { label: 'Teacher', value: yesNo(contact.is_teacher) },
        { label: 'Waiver Form Signed', value: yesNo(contact.has_signed_waiver_form) },
        { label: 'Subscribed to Mailing List', value: yesNo(contact.subscribe_to_mailing_list) },
        { label: 'Email reminders', value: yesNo(contact.is_send_reminder) },
        { label: 'SMS reminders', value: yesNo(contact.is_send_sms_reminder) },
        { label: 'Created', value: null, date: shownDate(contact.created_at, settings, 'dateTime') },
        { label: 'Updated', value: null, date: shownDate(contact.updated_at, settings, 'dateTime') },
      ],
    },
  ]
}
