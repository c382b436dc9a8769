import type { TenantExecutor } from '#db/tenant-scope'
import { err, ok, type Result } from '#server/errors/result'
import { addToOutbox, sendFromOutbox } from '#server/mail/outbox-email'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { parseContactGuid } from '#server/contacts/contact-guid'
import { CONTACT_ACTION_MESSAGES } from './action-messages'
import { lockActionTarget, type ContactActionTarget } from './action-target'
import { writeContactBook } from '#server/contacts/write-contact-book'

export type ContactMailPlatform = Pick<Platform, 'database' | 'env' | 'jobs' | 'attemptLimiter' | 'clock' | 'caches'>

/** Who presses the button, from where. */
export interface ContactActor {
  contactId: string
  fullName: string
  ip: string | null
}

/** What one action mails, and the words the staff member reads once it is on its way. */
export interface ContactMail {
  subject: string
  text: string
  done: string
}

/** Sent (with the words to show), or refused: not_found for another tenant's or a bad guid, the rest worded. */
export type ContactMailResult = Result<{ message: string; emailId: string }, 'not_found' | 'invalid_input' | 'conflict' | 'rate_limited'>

/**
 * The frame every "email this contact" action shares. In one tenant transaction: find and lock
 * the contact, refuse one without an email address, apply the per-recipient rate limit, let the
 * action check and write what it writes (a link, an activity, an audit line), and put the
 * message in the outbox. The send job is enqueued only after the commit, so a refusal or a
 * failure leaves neither a row nor a mail behind.
 */
export async function mailContact(
  platform: ContactMailPlatform,
  input: { tenant: Tenant; unverifiedGuid: unknown; actor: ContactActor },
  compose: (trx: TenantExecutor, target: ContactActionTarget & { email: string }, now: Date) => Promise<Result<ContactMail, 'invalid_input' | 'conflict'>>,
): Promise<ContactMailResult> {
  const guid = parseContactGuid(input.unverifiedGuid)
  if (!guid) return err('not_found')
  const { tenant, actor } = input
  const limitKeys = (email: string) => ({ tenantId: tenant.id, ip: actor.ip ?? '', email })
  const outcome = await writeContactBook(platform, tenant.id, async (trx): Promise<Result<{ message: string; queued: { emailId: string; tenantId: string }; to: string }, 'not_found' | 'invalid_input' | 'conflict' | 'rate_limited'>> => {
    const target = await lockActionTarget(trx, guid)
    if (!target) return err('not_found')
    const email = target.email
    if (!email) return err('invalid_input', CONTACT_ACTION_MESSAGES.noEmail)
    const allowed = await platform.attemptLimiter.check('contact-email', limitKeys(email))
    if (!allowed.ok) return err('rate_limited', allowed.message)
    const composed = await compose(trx, { ...target, email }, platform.clock.now())
    if (!composed.ok) return composed
    const queued = await addToOutbox(trx, platform.env, { tenantId: tenant.id, to: email, subject: composed.value.subject, text: composed.value.text })
    return ok({ message: composed.value.done, queued, to: email })
  })
  if (!outcome.ok) return outcome
  await platform.attemptLimiter.record('contact-email', limitKeys(outcome.value.to))
  await sendFromOutbox(platform, outcome.value.queued)
  return ok({ message: outcome.value.message, emailId: outcome.value.queued.emailId })
}
