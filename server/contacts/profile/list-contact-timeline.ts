import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import { ACTIVITY_TYPES } from '#server/activities/record-activity'
import { loginInstants, mergeTimeline, type TimelineEntry } from './merge-timeline'
import { moneyText } from '#server/catalog/public/price-text'
import { invoiceNumberText } from '#server/checkout/order-view'
import { invoiceStatusText } from '#server/invoices/invoice-status-text'
import { LONG_DATE_PATTERNS } from '#server/dates/date-formats'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { translateMessage } from '#server/i18n/translate-message'
import { formatPattern } from '#server/dates/date-pattern'

const EXCERPT_LENGTH = 160

const SHOWN_ON_THEIR_OWN = [
  ACTIVITY_TYPES.noteAdded,
  ACTIVITY_TYPES.emailSent,
  ACTIVITY_TYPES.credentialsSent,
  ACTIVITY_TYPES.passwordResetSent,
  ACTIVITY_TYPES.verificationSent,
]

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH - 1)}…` : flat
}

/** 'Monday, November 30, 2026' ('30 Kasım 2026 Pazartesi') for a class's local date ('2026-11-30'), which has no zone to convert. */
const localDateText = (date: string, language: Language) => formatPattern(new Date(`${date}T12:00:00Z`), 'UTC', LONG_DATE_PATTERNS[language], language)

const EMAIL_STATUS_KEYS = { sent: 'emailSent', queued: 'emailQueued', outbox: 'emailOutbox', failed: 'emailFailed' } as const
const INVOICE_STATUS_KEYS = {
  Pending: 'invoicePending',
  Complete: 'invoiceComplete',
  'On account': 'invoiceOnAccount',
  Failed: 'invoiceFailed',
  Void: 'invoiceVoid',
  Refunded: 'invoiceRefunded',
  Partial: 'invoicePartial',
} as const

/**
 * What happened with a contact, newest first, from everything that records it: the activity
 * log, their form submissions, staff notes, emails to their address, their sign-ins, their
 * invoices, memberships (and gifts on repeat), class bookings, event registrations and course
 * enrolments. Each source is asked for its newest `limit + 1` rows, so the merge knows whether there is more.
 */
export async function listContactTimeline(
  trx: TenantExecutor,
  contact: { id: string; email: string | null; last_login_at: Date | string | null },
  limit: number,
  language: Language = 'en',
): Promise<{ entries: TimelineEntry[]; hasMore: boolean }> {
  const t = tFor(language, 'contacts')
  const take = limit + 1
  const activities = await trx
    .selectFrom('activities')
    .select(['id', 'type', 'text', 'created_at'])
    .where('contact_id', '=', contact.id)
    // A note and a mail are on the timeline themselves (the note's words, the email's subject
    // and delivery); their log entries would say them twice.
    .where('type', 'not in', SHOWN_ON_THEIR_OWN)
    .orderBy('created_at', 'desc')
    .limit(take)
    .execute()
  const submissions = await trx
    .selectFrom('form_submissions')
    .select(['id', 'form_name', 'created_at'])
    .where('contact_id', '=', contact.id)
    .orderBy('created_at', 'desc')
    .limit(take)
    .execute()
  const notes = await trx
    .selectFrom('contact_notes')
    .select(['guid', 'body', 'author_name', 'created_at'])
    .where('contact_id', '=', contact.id)
    .orderBy('created_at', 'desc')
    .limit(take)
    .execute()
  const emails = contact.email
    ? await trx
        .selectFrom('outbound_emails')
        .select(['id', 'subject', 'status', 'created_at', 'sent_at'])
        .where(sql<boolean>`lower(to_address) = lower(${contact.email})`)
        .orderBy('created_at', 'desc')
        .limit(take)
        .execute()
    : []
  const sessions = await trx
    .selectFrom('sessions')
    .select(['created_at'])
    .where('contact_id', '=', contact.id)
    .orderBy('created_at', 'desc')
    .limit(take)
    .execute()

  const invoices = await trx
    .selectFrom('invoices')
    .select(['id', 'number', 'status', 'total_minor', 'paid_minor', 'currency', 'created_at'])
    .where('contact_id', '=', contact.id)
    .orderBy('created_at', 'desc')
    .limit(take)
    .execute()
  const memberships = await trx
    .selectFrom('contact_memberships')
    .select(['id', 'name', 'is_gift', 'starts_at'])
    .where('contact_id', '=', contact.id)
    .orderBy('starts_at', 'desc')
    .limit(take)
    .execute()
  const bookings = await trx
    .selectFrom('class_bookings')
    .innerJoin('class_occurrences', 'class_occurrences.id', 'class_bookings.occurrence_id')
    .innerJoin('catalog_items', 'catalog_items.id', 'class_occurrences.class_id')
    .select(['class_bookings.id', 'class_bookings.status', 'class_bookings.booked_at', 'class_occurrences.occurrence_date', 'catalog_items.name'])
    .where('class_bookings.contact_id', '=', contact.id)
    .orderBy('class_bookings.booked_at', 'desc')
    .limit(take)
    .execute()
  const registrations = await trx
    .selectFrom('event_registrations')
    .innerJoin('catalog_items', 'catalog_items.id', 'event_registrations.event_id')
    .select(['event_registrations.id', 'event_registrations.status', 'event_registrations.registered_at', 'catalog_items.name'])
    .where('event_registrations.contact_id', '=', contact.id)
    .orderBy('event_registrations.registered_at', 'desc')
    .limit(take)
    .execute()
  const enrolments = await trx
    .selectFrom('course_enrolments')
    .innerJoin('catalog_items', 'catalog_items.id', 'course_enrolments.course_id')
    .select(['course_enrolments.id', 'course_enrolments.enrolled_at', 'catalog_items.name'])
    .where('course_enrolments.contact_id', '=', contact.id)
    .orderBy('course_enrolments.enrolled_at', 'desc')
    .limit(take)
    .execute()

  const logins = loginInstants(
    sessions.map((row) => new Date(row.created_at)),
    contact.last_login_at ? new Date(contact.last_login_at) : null,
  )
  return mergeTimeline(
    [
      // An entry is kept as it was written; it reads in the page's language (activity-lines.ts).
      activities.map((row) => ({ key: `activity:${row.id}`, kind: 'activity' as const, at: new Date(row.created_at), text: translateMessage(language, row.text) })),
      submissions.map((row) => ({ key: `form:${row.id}`, kind: 'form' as const, at: new Date(row.created_at), text: t('timelineForm', { form: row.form_name }) })),
      notes.map((row) => ({
        key: `note:${row.guid}`,
        kind: 'note' as const,
        at: new Date(row.created_at),
        text: row.author_name ? t('timelineNoteBy', { author: row.author_name, text: excerpt(row.body) }) : t('timelineNote', { text: excerpt(row.body) }),
      })),
      emails.map((row) => ({
        key: `email:${row.id}`,
        kind: 'email' as const,
        at: new Date(row.sent_at ?? row.created_at),
        text: t(row.status in EMAIL_STATUS_KEYS ? `timeline_${EMAIL_STATUS_KEYS[row.status as keyof typeof EMAIL_STATUS_KEYS]}` : 'timelineEmailOther', { subject: excerpt(row.subject), status: row.status }),
      })),
      logins.map((at) => ({ key: `login:${at.toISOString()}`, kind: 'login' as const, at, text: t('timelineSignedIn') })),
      invoices.map((row) => ({
        key: `invoice:${row.id}`,
        kind: 'sale' as const,
        at: new Date(row.created_at),
        text: t('timelineInvoice', {
          number: invoiceNumberText(row.number),
          amount: moneyText(Number(row.total_minor), row.currency, language),
          status: t(INVOICE_STATUS_KEYS[invoiceStatusText({ status: row.status, paidMinor: Number(row.paid_minor) })]),
        }),
      })),
      memberships.map((row) => ({ key: `membership:${row.id}`, kind: 'membership' as const, at: new Date(row.starts_at), text: row.is_gift ? t('timelineGift', { name: row.name }) : t('timelineMembership', { name: row.name }) })),
      bookings.map((row) => ({
        key: `booking:${row.id}`,
        kind: 'booking' as const,
        at: new Date(row.booked_at),
        text: t(row.status === 'cancelled' ? 'timelineBookedCancelled' : 'timelineBooked', { name: row.name, date: localDateText(String(row.occurrence_date), language) }),
      })),
      registrations.map((row) => ({
        key: `registration:${row.id}`,
        kind: 'booking' as const,
        at: new Date(row.registered_at),
        text: t(row.status === 'cancelled' ? 'timelineRegisteredCancelled' : 'timelineRegistered', { name: row.name }),
      })),
      enrolments.map((row) => ({ key: `enrolment:${row.id}`, kind: 'booking' as const, at: new Date(row.enrolled_at), text: t('timelineEnrolled', { name: row.name }) })),
    ],
    limit,
  )
}
