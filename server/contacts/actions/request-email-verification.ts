import { recordActivity, ACTIVITY_TYPES } from '#server/activities/record-activity'
import { ACTIVITY_LINES } from '#server/activities/activity-lines'
import { issueVerificationLink, verificationLinkPath } from '#server/auth/email-verification'
import { emailVerificationMail } from '#server/auth/email-verification-mail'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { err, ok } from '#server/errors/result'
import type { Language } from '#server/i18n/languages'
import { recipientLanguage } from '#server/i18n/recipient-language'
import type { Tenant } from '#server/tenancy/tenant'
import { CONTACT_ACTION_MESSAGES } from './action-messages'
import { mailContact, type ContactActor, type ContactMailPlatform, type ContactMailResult } from './mail-contact'

/**
 * 'Request email verification' (website spec 7: PUT contact/{id}/verification): mails a
 * single-use link, valid two days, whose page on the tenant's site marks the address verified.
 * An address already verified is said so, and nothing is sent. The email is in the language
 * given (the person asking for their own address gets their page's), else in the contact's own
 * (staff sending it), else the studio's.
 */
export function requestEmailVerification(
  platform: ContactMailPlatform,
  input: { tenant: Tenant; unverifiedGuid: unknown; actor: ContactActor; requestUrl: URL; language?: Language },
): Promise<ContactMailResult> {
  const { tenant, actor } = input
  return mailContact(platform, input, async (trx, target, now) => {
    if (target.isEmailVerified) return err('conflict', CONTACT_ACTION_MESSAGES.alreadyVerified)
    const token = await issueVerificationLink(trx, { tenantId: tenant.id, contactId: target.id, email: target.email, now })
    await recordActivity(trx, {
      tenantId: tenant.id,
      contactId: target.id,
      type: ACTIVITY_TYPES.verificationSent,
      text: ACTIVITY_LINES.verificationSent(target.email),
      details: { sentBy: actor.fullName },
    })
    const link = `${tenantOrigin(tenant, input.requestUrl, platform.env)}${verificationLinkPath(token)}`
    return ok({
      ...emailVerificationMail(input.language ?? recipientLanguage(target.language, tenant), { organisation: tenant.name, name: target.fullName, email: target.email, link }),
      done: CONTACT_ACTION_MESSAGES.verificationSent,
    })
  })
}
