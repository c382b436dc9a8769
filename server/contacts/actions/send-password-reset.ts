import { recordActivity, ACTIVITY_TYPES } from '#server/activities/record-activity'
import { ACTIVITY_LINES } from '#server/activities/activity-lines'
import { writeAuditLog } from '#server/auth/audit-log'
import { issuePasswordLink, passwordLinkPath, RESET_LINK_LIFETIME_MINUTES } from '#server/auth/password-link'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { err, ok } from '#server/errors/result'
import type { Language } from '#server/i18n/languages'
import { recipientLanguage } from '#server/i18n/recipient-language'
import { tFor } from '#server/i18n/server-translator'
import type { Tenant } from '#server/tenancy/tenant'
import { CONTACT_ACTION_MESSAGES } from './action-messages'
import { mailContact, type ContactActor, type ContactMailPlatform, type ContactMailResult } from './mail-contact'

/** The reset link staff send, in the contact's language. */
export function staffPasswordResetText(input: { studio: string; name: string; link: string }, language: Language = 'en'): { subject: string; text: string } {
  const t = tFor(language, 'emails')
  return {
    subject: t('staffResetSubject', { studio: input.studio }),
    text: [t('hello', { name: input.name }), '', t('staffResetSent', { studio: input.studio }), '', t('staffResetOpenLink'), input.link, '', t('staffResetIgnore')].join('\n'),
  }
}

/**
 * 'Reset password' from the profile: the same single-use, one-hour link as 'Forgot password',
 * to the tenant's own site, mailed to a contact who has a login. The password stays as it is
 * until the link is used.
 */
export function sendPasswordReset(
  platform: ContactMailPlatform,
  input: { tenant: Tenant; unverifiedGuid: unknown; actor: ContactActor; requestUrl: URL },
): Promise<ContactMailResult> {
  const { tenant, actor } = input
  return mailContact(platform, input, async (trx, target, now) => {
    if (!target.hasLogin) return err('invalid_input', CONTACT_ACTION_MESSAGES.noLoginYet)
    if (target.isAccountLocked) return err('conflict', CONTACT_ACTION_MESSAGES.accountLocked)
    const token = await issuePasswordLink(trx, { tenantId: tenant.id, contactId: target.id, lifetimeMinutes: RESET_LINK_LIFETIME_MINUTES, ip: actor.ip, now })
    await writeAuditLog(trx, {
      tenantId: tenant.id,
      actorContactId: actor.contactId,
      action: 'contact.password_reset_sent',
      targetType: 'contact',
      targetId: target.guid,
      ip: actor.ip,
    })
    await recordActivity(trx, {
      tenantId: tenant.id,
      contactId: target.id,
      type: ACTIVITY_TYPES.passwordResetSent,
      text: ACTIVITY_LINES.passwordResetSent(target.email),
      details: { sentBy: actor.fullName },
    })
    const link = `${tenantOrigin(tenant, input.requestUrl, platform.env)}${passwordLinkPath(token)}`
    return ok({
      ...staffPasswordResetText({ studio: tenant.name, name: target.fullName, link }, recipientLanguage(target.language, tenant)),
      done: CONTACT_ACTION_MESSAGES.resetSent(target.email),
    })
  })
}
