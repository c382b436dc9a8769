import { withTenant } from '#db/tenant-scope'
import { ACTIVITY_LINES } from '#server/activities/activity-lines'
import { ACTIVITY_TYPES, recordActivity } from '#server/activities/record-activity'
import { CONTACT_ACTION_MESSAGES } from '#server/contacts/actions/action-messages'
import type { ContactEmailInput } from '#server/contacts/actions/contact-email-schema'
import { findContactActionSummary } from '#server/contacts/actions/contact-action-summary'
import { writeContactBook } from '#server/contacts/write-contact-book'
import { err, ok, type WordedResult } from '#server/errors/result'
import type { Platform } from '#server/platform'
import type { Tenant } from '#server/tenancy/tenant'
import { openSendingAccount } from './connected-email-accounts'
import { sendFromMailbox } from './email-oauth'
import { EMAIL_PROVIDER_NAMES, emailProviderConfig } from './email-providers'
import { SEND_FROM_ACCOUNT_MESSAGES } from './send-from-account-messages'

export type SendFromAccountPlatform = Pick<Platform, 'database' | 'env' | 'logger' | 'attemptLimiter' | 'caches' | 'clock'>

/**
 * A contact email sent from a staff member's connected mailbox (their own or a shared one)
 * through the provider's send API, rather than from the platform's address. The token is made
 * usable first (refreshed and stored in its own transaction, so a rotated refresh token is
 * never lost to a later failure); the message then goes out, and the contact's activity log
 * says what was sent, from which address and by whom. Another tenant's contact is not found.
 */
export async function sendEmailFromAccount(
  platform: SendFromAccountPlatform,
  input: { tenant: Tenant; unverifiedGuid: unknown; unverifiedAccountId: unknown; actor: { contactId: string; fullName: string; ip: string | null }; email: ContactEmailInput },
): Promise<WordedResult<{ message: string }, 'not_found' | 'invalid_input' | 'rate_limited' | 'unavailable'>> {
  const { tenant, actor, email } = input
  const contact = await findContactActionSummary({ database: platform.database, tenant, unverifiedGuid: input.unverifiedGuid })
  if (!contact) return err('not_found', 'Contact not found')
  if (!contact.email) return err('invalid_input', CONTACT_ACTION_MESSAGES.noEmail)
  const to = contact.email
  const limitKeys = { tenantId: tenant.id, ip: actor.ip ?? '', email: to }
  const allowed = await platform.attemptLimiter.check('contact-email', limitKeys)
  if (!allowed.ok) return err('rate_limited', allowed.message)
  const now = platform.clock.now()
  const account = await withTenant(platform.database, tenant.id, (trx) => openSendingAccount(platform, trx, tenant.id, { unverifiedId: input.unverifiedAccountId, senderContactId: actor.contactId, now }))
  if (!account.ok) return err(account.error === 'not_found' ? 'invalid_input' : 'unavailable', account.message)
  const { provider, userName, accessToken } = account.value
  try {
    await sendFromMailbox(emailProviderConfig(platform.env, provider), accessToken, { from: userName, fromName: actor.fullName, to, subject: email.subject, text: email.message })
  } catch (error) {
    platform.logger.warn({ err: error, provider }, 'mail provider did not send the email')
    return err('unavailable', SEND_FROM_ACCOUNT_MESSAGES.notSent(EMAIL_PROVIDER_NAMES[provider]))
  }
  await platform.attemptLimiter.record('contact-email', limitKeys)
  await writeContactBook(platform, tenant.id, (trx) =>
    recordActivity(trx, {
      tenantId: tenant.id,
      contactId: contact.id,
      type: ACTIVITY_TYPES.emailSent,
      text: ACTIVITY_LINES.emailSent(email.subject),
      details: { subject: email.subject, to, from: userName, sentBy: actor.fullName },
    }),
  )
  return ok({ message: SEND_FROM_ACCOUNT_MESSAGES.sent(to, userName) })
}
