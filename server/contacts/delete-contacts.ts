import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import { writeAuditLog } from '#server/auth/audit-log'
import { ok, type Ok } from '#server/errors/result'
import { isStaffRole } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import type { ContactSelection } from './contact-selection'
import { notFoundCount, selectedContactsWhere } from './selected-contacts'
import type { Platform } from '#server/platform'
import { queueMailingListPushes } from '#server/mailing-list/push-contact'
import { writeContactBook } from '#server/contacts/write-contact-book'
import { removeImageVariants } from '#server/files/remove-image-variants'
import { CONTACT_PICTURE_VARIANT_NAMES } from './profile/contact-picture-url'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { shownCount } from './shown-count'

type ContactRecordTable = 'form_submissions' | 'contact_memberships' | 'class_bookings' | 'course_enrolments' | 'event_registrations' | 'invoices'

/**
 * Records that must outlive a contact: while one of these points at a contact, deleting the
 * contact would lose it (or leave it pointing at nobody), so the contact is archived instead.
 */
const RECORDS_THAT_KEEP_A_CONTACT: ReadonlyArray<{ reason: string; table: ContactRecordTable }> = [
  { reason: 'form submissions', table: 'form_submissions' },
  { reason: 'memberships', table: 'contact_memberships' },
  { reason: 'class bookings', table: 'class_bookings' },
  { reason: 'course enrolments', table: 'course_enrolments' },
  { reason: 'event registrations', table: 'event_registrations' },
  { reason: 'invoices', table: 'invoices' },
]

async function contactsWithAny(trx: TenantExecutor, table: ContactRecordTable, ids: string[]): Promise<string[]> {
  const rows = await trx.selectFrom(table).select('contact_id').distinct().where(sql<boolean>`contact_id = any(${ids}::uuid[])`).execute()
  return rows.flatMap((row) => (row.contact_id ? [row.contact_id] : []))
}

export type ContactFate = { kind: 'delete' } | { kind: 'archive'; reasons: string[] } | { kind: 'refuse'; reason: string }

interface Candidate {
  id: string
  role: string | null
}

/**
 * What happens to each selected contact: a staff or admin login, or the person doing it, is
 * refused (never deleted, never archived); one with records that must be kept is archived;
 * anyone else is deleted.
 */
export async function decideContactFates(trx: TenantExecutor, candidates: Candidate[], protectedIds: ReadonlySet<string>): Promise<Map<string, ContactFate>> {
  const fates = new Map<string, ContactFate>()
  const open: string[] = []
  for (const contact of candidates) {
    if (protectedIds.has(contact.id)) fates.set(contact.id, { kind: 'refuse', reason: 'yourself' })
    else if (isStaffRole(contact.role)) fates.set(contact.id, { kind: 'refuse', reason: 'a staff login' })
    else {
      fates.set(contact.id, { kind: 'delete' })
      open.push(contact.id)
    }
  }
  for (const record of RECORDS_THAT_KEEP_A_CONTACT) {
    if (open.length === 0) break
    for (const id of await contactsWithAny(trx, record.table, open)) {
      const fate = fates.get(id)
      if (fate?.kind === 'delete') fates.set(id, { kind: 'archive', reasons: [record.reason] })
      else if (fate?.kind === 'archive') fate.reasons.push(record.reason)
    }
  }
  return fates
}

export interface DeleteContactsOutcome {
  deleted: number
  archived: number
  refused: number
  notFound: number
  /** What the person reads, e.g. '3 contacts deleted; 2 archived because they have form submissions.' */
  message: string
}

/** Statements stay a sensible size however many contacts 'all that match' reaches. */
const BATCH = 5_000
/** The audit line names at most this many contacts of each kind; the counts are always whole. */
const AUDIT_GUIDS = 1_000

/**
 * Deletes the selected contacts, archiving those with records that must be kept and refusing
 * staff logins and the signed-in person. One transaction: all of it happens or none. The
 * contact totals follow by themselves (statement triggers of migration contact-list-speed).
 */
export async function deleteContacts(input: {
  platform: Pick<Platform, 'database' | 'caches' | 'env' | 'jobs' | 'logger' | 'clock'>
  tenant: Tenant
  /** The signed-in contact and, while previewing, the staff contact behind the preview. */
  actorContactIds: string[]
  selection: ContactSelection
  ip?: string | null
  /** The language of the page that shows the outcome's message. */
  language?: Language
}): Promise<Ok<DeleteContactsOutcome>> {
  const { tenant, selection } = input
  const done = await writeContactBook(input.platform, tenant.id, async (trx) => {
    const candidates = await trx.selectFrom('contacts').select(['id', 'guid', 'role', 'picture_key', 'email', 'subscribe_to_mailing_list']).where(await selectedContactsWhere(trx, selection, tenant)).execute()
    const fates = await decideContactFates(trx, candidates, new Set(input.actorContactIds))
    const toDelete: string[] = []
    const toArchive: string[] = []
    const archiveReasons = new Set<string>()
    const refusals = new Map<string, number>()
    for (const [id, fate] of fates) {
      if (fate.kind === 'delete') toDelete.push(id)
      else if (fate.kind === 'archive') {
        toArchive.push(id)
        for (const reason of fate.reasons) archiveReasons.add(reason)
      } else refusals.set(fate.reason, (refusals.get(fate.reason) ?? 0) + 1)
    }
    for (let start = 0; start < toArchive.length; start += BATCH) {
      const ids = toArchive.slice(start, start + BATCH)
      await trx.updateTable('contacts').set({ is_archived: true, updated_at: new Date() }).where(sql<boolean>`id = any(${ids}::uuid[])`).execute()
    }
    for (let start = 0; start < toDelete.length; start += BATCH) {
      const ids = toDelete.slice(start, start + BATCH)
      await trx.deleteFrom('contacts').where(sql<boolean>`id = any(${ids}::uuid[])`).execute()
    }
    const refused = [...refusals.values()].reduce((sum, count) => sum + count, 0)
    const notFound = notFoundCount(selection, candidates.length)
    if (toDelete.length + toArchive.length > 0) {
      // One line per bulk delete, naming who went (up to a point: 'all that match' can be the whole book).
      const guidOf = new Map(candidates.map((contact) => [contact.id, contact.guid]))
      const named = (ids: string[]) => ids.slice(0, AUDIT_GUIDS).map((id) => guidOf.get(id))
      await writeAuditLog(trx, {
        tenantId: tenant.id,
        actorContactId: input.actorContactIds[0] ?? null,
        action: 'contacts.deleted',
        targetType: 'contact',
        details: { deleted: toDelete.length, archived: toArchive.length, refused, deletedGuids: named(toDelete), archivedGuids: named(toArchive) },
        ip: input.ip ?? null,
      })
    }
    const deleted = new Set(toDelete)
    const pictures = candidates.flatMap((contact) => (deleted.has(contact.id) && contact.picture_key ? [contact.picture_key] : []))
    const outcome = ok({
      deleted: toDelete.length,
      archived: toArchive.length,
      refused,
      notFound,
      message: deleteMessage(toDelete.length, toArchive.length, [...archiveReasons], refusals, notFound, input.language),
    })
    // Archived subscribers leave the mailing list too (the push sends them as unsubscribed).
    const archived = new Set(toArchive)
    const leavingList = candidates.flatMap((contact) => (archived.has(contact.id) && contact.email && contact.subscribe_to_mailing_list ? [contact.id] : []))
    return { outcome, pictures, leavingList }
  })
  await queueMailingListPushes(input.platform, tenant.id, done.leavingList)
  // Only once the rows are gone for good: an archived contact keeps its picture.
  for (const key of done.pictures) await removeImageVariants(input.platform.env, tenant, key, CONTACT_PICTURE_VARIANT_NAMES)
  return done.outcome
}

/** The words of each kind of record that keeps a contact, in the contacts namespace. */
const ARCHIVE_REASON_KEYS: Readonly<Record<string, 'reasonFormSubmissions' | 'reasonMemberships' | 'reasonClassBookings' | 'reasonCourseEnrolments' | 'reasonEventRegistrations' | 'reasonInvoices'>> = {
  'form submissions': 'reasonFormSubmissions',
  memberships: 'reasonMemberships',
  'class bookings': 'reasonClassBookings',
  'course enrolments': 'reasonCourseEnrolments',
  'event registrations': 'reasonEventRegistrations',
  invoices: 'reasonInvoices',
}

/** '3 contacts deleted; 2 archived because they have form submissions.' and what was left alone, in the page's language. */
export function deleteMessage(
  deleted: number,
  archived: number,
  archiveReasons: string[],
  refusals: ReadonlyMap<string, number>,
  notFound: number,
  language: Language = 'en',
): string {
  const t = tFor(language, 'contacts')
  const counted = (count: number) => ({ count, shown: shownCount(count, language) })
  const parts = [t('deletedCount', counted(deleted))]
  if (archived > 0) {
    const reasons = archiveReasons.map((reason) => {
      const key = ARCHIVE_REASON_KEYS[reason]
      return key ? t(key) : reason
    })
    parts.push(t('archivedBecause', { ...counted(archived), reasons: reasons.join(t('orJoiner')) }))
  }
  const sentences = [`${parts.join('; ')}.`]
  const staff = refusals.get('a staff login') ?? 0
  if (staff > 0) sentences.push(t('staffNotDeleted', counted(staff)))
  if (refusals.has('yourself')) sentences.push(t('cannotDeleteYourself'))
  if (notFound > 0) sentences.push(t('notFoundLeftAlone', counted(notFound)))
  return sentences.join(' ')
}
