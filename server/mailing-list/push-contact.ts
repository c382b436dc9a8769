import { withTenant } from '#db/tenant-scope'
import { MAILING_LIST_PUSH_BATCH, mailingListBatchPushJobId, mailingListPushJob, mailingListPushJobId } from '#jobs/mailing-list-push'
import type { JobContext } from '#server/jobs/job-contract'
import type { Platform } from '#server/platform'
import { memberOf } from './contact-member'
import { connectedList } from './mailing-list-store'
import { ProviderGaveUp, sendWithBackoff } from './send-with-backoff'

/** Edits of one contact within this window are sent once, as the contact is when the push runs. */
export const PUSH_WINDOW_MS = 3000

/** What of a contact the mailing list holds: a change to any of these is pushed. */
export interface ContactMailingState {
  email: string | null
  first_name: string
  last_name: string
  subscribe_to_mailing_list: boolean
}

/**
 * Whether a contact write concerns the mailing list: a contact who agreed (new, or with a new
 * email or name), or one whose agreement changed (an unsubscribe is sent as 'unsubscribed').
 */
export function concernsMailingList(before: ContactMailingState | null, after: ContactMailingState): boolean {
  if (!after.email) return false
  if (!before) return after.subscribe_to_mailing_list
  if (before.subscribe_to_mailing_list !== after.subscribe_to_mailing_list) return true
  if (!after.subscribe_to_mailing_list) return false
  return before.email !== after.email || before.first_name !== after.first_name || before.last_name !== after.last_name
}

/**
 * Queues pushes for contacts, after the write that changed them committed (the caller calls
 * this once its transaction returned). One contact waits a moment so several edits in a row
 * send it once; many (an import's batch, a bulk archive) go in batches of the provider's size.
 * A studio without a mailing list queues nothing. Never fails the write it follows: a queue
 * that cannot be reached is logged.
 */
export async function queueMailingListPushes(platform: Pick<Platform, 'database' | 'jobs' | 'logger' | 'clock'>, tenantId: string, contactIds: readonly string[]): Promise<void> {
  if (contactIds.length === 0) return
  try {
    const list = await withTenant(platform.database, tenantId, (trx) => trx.selectFrom('mailing_lists').select('is_active_list').executeTakeFirst())
    if (!list?.is_active_list) return
    const [only] = contactIds
    if (contactIds.length === 1 && only) {
      const window = Math.floor(platform.clock.now().getTime() / PUSH_WINDOW_MS)
      await platform.jobs.enqueue(mailingListPushJob, { tenantId, contactId: only }, { jobId: `${mailingListPushJobId(only)}-${window}`, delayMs: PUSH_WINDOW_MS })
      return
    }
    for (let start = 0; start < contactIds.length; start += MAILING_LIST_PUSH_BATCH) {
      const batch = contactIds.slice(start, start + MAILING_LIST_PUSH_BATCH)
      await platform.jobs.enqueue(mailingListPushJob, { tenantId, contactIds: batch }, { jobId: mailingListBatchPushJobId(batch) })
    }
  } catch (error) {
    platform.logger.error({ err: error, tenantId, contacts: contactIds.length }, 'mailing list pushes could not be queued')
  }
}

/**
 * The push job's work: the contacts as they are now, upserted at the provider (subscribed, or
 * unsubscribed once they withdrew or were archived). Contacts gone or without an email, or a
 * studio without a list, are nothing to do. Rate limits are waited out; a refusal of a member is
 * logged, not retried.
 */
export async function pushContactToMailingList(
  platform: Pick<Platform, 'database' | 'env' | 'logger'>,
  payload: { tenantId: string; contactId?: string | undefined; contactIds?: string[] | undefined },
  _context: JobContext,
  options: { sleep?: (ms: number) => Promise<void> } = {},
): Promise<void> {
  const ids = [...(payload.contactId ? [payload.contactId] : []), ...(payload.contactIds ?? [])]
  if (ids.length === 0) return
  const contacts = await withTenant(platform.database, payload.tenantId, (trx) =>
    trx.selectFrom('contacts').select(['email', 'first_name', 'last_name', 'subscribe_to_mailing_list', 'is_archived']).where('id', 'in', ids).where('email', 'is not', null).execute(),
  )
  const members = contacts.flatMap((contact) => (contact.email ? [memberOf({ ...contact, email: contact.email })] : []))
  if (members.length === 0) return
  const list = await connectedList(platform, payload.tenantId)
  if (!list) return
  try {
    const answer = await sendWithBackoff(() => list.client.batchMembers(list.listId, members), options)
    // The refusal's words, not the address: logs carry no contact's email.
    for (const refused of answer.errors) platform.logger.warn({ tenantId: payload.tenantId, error: refused.error, code: refused.error_code }, 'the mailing list refused a contact')
  } catch (error) {
    if (error instanceof ProviderGaveUp) {
      platform.logger.warn({ tenantId: payload.tenantId, contacts: ids.length, reason: error.message }, 'contacts could not be sent to the mailing list')
      return
    }
    throw error
  }
}
