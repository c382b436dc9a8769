import { sql } from 'kysely'
import type { TenantExecutor } from '#db/tenant-scope'
import { ACTIVITY_TYPES } from '#server/activities/record-activity'
import { loginInstants, mergeTimeline, type TimelineEntry } from './merge-timeline'

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

const EMAIL_STATUS_WORDS = { sent: 'sent', queued: 'queued', outbox: 'kept in the outbox', failed: 'not delivered' } as const

/**
 * What happened with a contact, newest first, from everything that records it: the activity
 * log, their form submissions, staff notes, emails to their address and their sign-ins. Each
 * source is asked for its newest `limit + 1` rows, so the merge knows whether there is more.
 */
export async function listContactTimeline(
  trx: TenantExecutor,
  contact: { id: string; email: string | null; last_login_at: Date | string | null },
  limit: number,
): Promise<{ entries: TimelineEntry[]; hasMore: boolean }> {
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

  const logins = loginInstants(
    sessions.map((row) => new Date(row.created_at)),
    contact.last_login_at ? new Date(contact.last_login_at) : null,
  )
  return mergeTimeline(
    [
      activities.map((row) => ({ key: `activity:${row.id}`, kind: 'activity' as const, at: new Date(row.created_at), text: row.text })),
      submissions.map((row) => ({ key: `form:${row.id}`, kind: 'form' as const, at: new Date(row.created_at), text: `Submitted the form "${row.form_name}"` })),
      notes.map((row) => ({
        key: `note:${row.guid}`,
        kind: 'note' as const,
        at: new Date(row.created_at),
        text: `Note${row.author_name ? ` by ${row.author_name}` : ''}: ${excerpt(row.body)}`,
      })),
      emails.map((row) => ({
        key: `email:${row.id}`,
        kind: 'email' as const,
        at: new Date(row.sent_at ?? row.created_at),
        text: `Email "${excerpt(row.subject)}" ${EMAIL_STATUS_WORDS[row.status] ?? row.status}`,
      })),
      logins.map((at) => ({ key: `login:${at.toISOString()}`, kind: 'login' as const, at, text: 'Signed in' })),
    ],
    limit,
  )
}
