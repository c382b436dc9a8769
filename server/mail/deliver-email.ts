import { asSystem } from '#db/tenant-scope'
import { UnrecoverableJobError, type JobContext } from '#server/jobs/job-contract'
import { readSigningSender } from '#server/email-sender/campaign-sender'
import type { Platform } from '#server/platform'

/**
 * Sends one outbox row. Safe to run twice: a row already sent is left alone, and the
 * Message-ID is the row id so a receiving server can drop a duplicate after a crash between
 * sending and recording it.
 */
export async function deliverEmail(
  platform: Pick<Platform, 'database' | 'mailer' | 'logger' | 'env'>,
  input: { emailId: string; tenantId: string | null },
  context: JobContext,
): Promise<void> {
  const email = await asSystem(platform.database, 'outbound email delivery job', (trx) => {
    let query = trx.selectFrom('outbound_emails').selectAll().where('id', '=', input.emailId)
    query = input.tenantId ? query.where('tenant_id', '=', input.tenantId) : query.where('tenant_id', 'is', null)
    return query.executeTakeFirst()
  })
  if (!email) throw new UnrecoverableJobError(`outbound email ${input.emailId} not found for its tenant`)
  if (email.status === 'sent' || email.status === 'outbox') return

  if (!platform.mailer) {
    await markEmail(platform, email.id, { status: 'outbox' })
    // The body holds single-use links (password resets): it reaches the log only on a
    // developer's machine, never in production, where the outbox row is the record.
    platform.logger.info(
      platform.env.isProduction
        ? { emailId: email.id, subject: email.subject }
        : { emailId: email.id, to: email.to_address, subject: email.subject, text: email.text_body },
      'SMTP is not configured: email kept in the outbox',
    )
    return
  }

  try {
    // A tenant with a verified, connected sender domain sends From its address, DKIM-signed.
    const signing = email.tenant_id ? await readSigningSender(platform, email.tenant_id) : null
    const from = signing?.from ?? email.from_address
    // The From may carry a display name ("Sunrise Yoga <hello@sunrise.test>"): take the domain only.
    const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'localhost'
    await platform.mailer.send({
      messageId: `<${email.id}@${domain}>`,
      from,
      dkim: signing?.dkim ?? null,
      to: email.to_address,
      subject: email.subject,
      text: email.text_body,
      html: email.html_body,
    })
    await markEmail(platform, email.id, { status: 'sent', sent_at: new Date(), attempts: email.attempts + 1, last_error: null })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    await markEmail(platform, email.id, {
      status: context.isLastAttempt ? 'failed' : 'queued',
      attempts: email.attempts + 1,
      last_error: message.slice(0, 1000),
    })
    throw error
  }
}

async function markEmail(
  platform: Pick<Platform, 'database'>,
  id: string,
  changes: { status: 'sent' | 'failed' | 'queued' | 'outbox'; sent_at?: Date; attempts?: number; last_error?: string | null },
): Promise<void> {
  await asSystem(platform.database, 'outbound email delivery job', (trx) =>
    trx.updateTable('outbound_emails').set(changes).where('id', '=', id).execute(),
  )
}
