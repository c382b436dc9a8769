import { sendEmailJob } from '#jobs/send-email'
import { asSystem, withTenant } from '#db/tenant-scope'
import { enqueueAll } from '#server/jobs/job-contract'
import type { Platform } from '#server/platform'

export interface OutgoingEmail {
  tenantId: string | null
  to: string
  subject: string
  text: string
  html?: string
  /** Display name and address; defaults to MAIL_FROM. */
  from?: string
}

/**
 * Writes the message to the outbox table, then hands it to the send-email job. The row is the
 * record of truth: delivery status, attempts and errors are kept there for staff to see.
 */
export async function queueEmail(
  platform: Pick<Platform, 'database' | 'jobs' | 'env'>,
  email: OutgoingEmail,
): Promise<string> {
  const values = outboxRowOf(email, platform.env.MAIL_FROM)
  const insert = (trx: Parameters<Parameters<typeof asSystem>[2]>[0]) =>
    trx.insertInto('outbound_emails').values(values).returning('id').executeTakeFirstOrThrow()
  const row = email.tenantId
    ? await withTenant(platform.database, email.tenantId, insert)
    : await asSystem(platform.database, 'platform email that belongs to no tenant', insert)
  await platform.jobs.enqueue(sendEmailJob, { emailId: row.id, tenantId: email.tenantId }, { jobId: `send-email-${row.id}` })
  return row.id
}

/**
 * queueEmail for many emails of one studio (a billing run's receipts and notices): the outbox
 * rows in one insert, their send-email jobs in one bulk add. Answers the rows' ids.
 */
export async function queueTenantEmails(
  platform: Pick<Platform, 'database' | 'jobs' | 'env'>,
  tenantId: string,
  emails: ReadonlyArray<Omit<OutgoingEmail, 'tenantId'>>,
): Promise<string[]> {
  if (emails.length === 0) return []
  const rows = await withTenant(platform.database, tenantId, (trx) =>
    trx
      .insertInto('outbound_emails')
      .values(emails.map((email) => outboxRowOf({ ...email, tenantId }, platform.env.MAIL_FROM)))
      .returning('id')
      .execute(),
  )
  await enqueueAll(
    platform.jobs,
    sendEmailJob,
    rows.map((row) => ({ payload: { emailId: row.id, tenantId }, options: { jobId: `send-email-${row.id}` } })),
  )
  return rows.map((row) => row.id)
}

function outboxRowOf(email: OutgoingEmail, mailFrom: string) {
  return {
    tenant_id: email.tenantId,
    to_address: email.to,
    from_address: email.from ?? mailFrom,
    subject: email.subject,
    text_body: email.text,
    html_body: email.html ?? null,
  }
}
