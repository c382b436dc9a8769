import { recordActivity, ACTIVITY_TYPES } from '#server/activities/record-activity'
import { issueVerificationLink, VERIFICATION_LINK_LIFETIME_HOURS, verificationLinkPath } from '#server/auth/email-verification'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { err, ok } from '#server/errors/result'
import type { Tenant } from '#server/tenancy/tenant'
import { CONTACT_ACTION_MESSAGES } from './action-messages'
import { mailContact, type ContactActor, type ContactMailPlatform, type ContactMailResult } from './mail-contact'

/**
 * 'Request email verification' (website spec 7: PUT contact/{id}/verification): mails a
 * single-use link, valid two days, whose page on the tenant's site marks the address verified.
 * An address already verified is said so, and nothing is sent.
 */
export function requestEmailVerification(
  platform: ContactMailPlatform,
  input: { tenant: Tenant; unverifiedGuid: unknown; actor: ContactActor; requestUrl: URL },
): Promise<ContactMailResult> {
  const { tenant, actor } = input
  return mailContact(platform, input, async (trx, target, now) => {
    if (target.isEmailVerified) return err('conflict', CONTACT_ACTION_MESSAGES.alreadyVerified)
    const token = await issueVerificationLink(trx, { tenantId: tenant.id, contactId: target.id, email: target.email, now })
    await recordActivity(trx, {
      tenantId: tenant.id,
      contactId: target.id,
      type: ACTIVITY_TYPES.verificationSent,
      text: `Verification email sent to ${target.email}`,
      details: { sentBy: actor.fullName },
    })
    return ok({
      subject: `Please verify your email for ${tenant.name}`,
      text: [
        `Hello ${target.fullName},`,
        '',
        `${tenant.name} asks you to confirm that ${target.email} is your email address.`,
        '',
        `Open this link within the next ${VERIFICATION_LINK_LIFETIME_HOURS} hours to verify it:`,
        `${tenantOrigin(tenant, input.requestUrl, platform.env)}${verificationLinkPath(token)}`,
        '',
        'If you do not know this studio, you can ignore this email.',
      ].join('\n'),
      done: CONTACT_ACTION_MESSAGES.verificationSent,
    })
  })
}
