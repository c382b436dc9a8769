import { recordActivity, ACTIVITY_TYPES } from '#server/activities/record-activity'
import { ACTIVITY_LINES } from '#server/activities/activity-lines'
import { ok } from '#server/errors/result'
import type { Tenant } from '#server/tenancy/tenant'
import { CONTACT_ACTION_MESSAGES } from './action-messages'
import type { ContactEmailInput } from './contact-email-schema'
import { mailContact, type ContactActor, type ContactMailPlatform, type ContactMailResult } from './mail-contact'

/**
 * 'Send email' (website spec 7: POST esend/email/contact): staff's own words to the contact,
 * plain text, through the platform's mail (the outbox, or SMTP when configured), and a line in
 * the contact's activity log so the timeline shows what was sent and by whom.
 */
export function sendContactEmail(
  platform: ContactMailPlatform,
  input: { tenant: Tenant; unverifiedGuid: unknown; actor: ContactActor; email: ContactEmailInput },
): Promise<ContactMailResult> {
  const { tenant, actor, email } = input
  return mailContact(platform, input, async (trx, target) => {
    await recordActivity(trx, {
      tenantId: tenant.id,
      contactId: target.id,
      type: ACTIVITY_TYPES.emailSent,
      text: ACTIVITY_LINES.emailSent(email.subject),
      details: { subject: email.subject, to: target.email, sentBy: actor.fullName },
    })
    return ok({ subject: email.subject, text: email.message, done: CONTACT_ACTION_MESSAGES.emailSent(target.email) })
  })
}
