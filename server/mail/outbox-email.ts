import { sendEmailJob } from '#jobs/send-email'
import type { TenantExecutor } from '#db/tenant-scope'
import type { Platform } from '#server/platform'
import type { OutgoingEmail } from './queue-email'

/**
 * The two halves of queueEmail for a message that belongs with other writes: the outbox row
 * goes in the caller's transaction (so a refused or failed action leaves no mail behind), and
 * the send job is enqueued once that transaction has committed.
 */
export async function addToOutbox(
  trx: TenantExecutor,
  env: Pick<Platform['env'], 'MAIL_FROM'>,
  email: OutgoingEmail & { tenantId: string },
): Promise<{ emailId: string; tenantId: string }> {
  const row = await trx
    .insertInto('outbound_emails')
    .values({
      tenant_id: email.tenantId,
      to_address: email.to,
      from_address: email.from ?? env.MAIL_FROM,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { emailId: row.id, tenantId: email.tenantId }
}

/** Hands a committed outbox row to the send-email job (deduplicated by the row's id). */
export async function sendFromOutbox(platform: Pick<Platform, 'jobs'>, queued: { emailId: string; tenantId: string }): Promise<void> {
  await platform.jobs.enqueue(sendEmailJob, queued, { jobId: `send-email-${queued.emailId}` })
}
