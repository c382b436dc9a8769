import { recordActivity, ACTIVITY_TYPES } from '#server/activities/record-activity'
import { writeAuditLog } from '#server/auth/audit-log'
import { issuePasswordLink, passwordLinkPath, RESET_LINK_LIFETIME_MINUTES } from '#server/auth/password-link'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { err, ok } from '#server/errors/result'
import type { Tenant } from '#server/tenancy/tenant'
import { CONTACT_ACTION_MESSAGES } from './action-messages'
import { mailContact, type ContactActor, type ContactMailPlatform, type ContactMailResult } from './mail-contact'

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
      text: `Password reset link sent to ${target.email}`,
      details: { sentBy: actor.fullName },
    })
    return ok({
      subject: `Reset your ${tenant.name} password`,
      text: [
        `Hello ${target.fullName},`,
        '',
        `${tenant.name} sent you a link to reset the password of your account.`,
        '',
        'To choose a new password, open this link within the next hour:',
        `${tenantOrigin(tenant, input.requestUrl, platform.env)}${passwordLinkPath(token)}`,
        '',
        'If you did not ask for this, ignore this email: your password stays as it is.',
      ].join('\n'),
      done: CONTACT_ACTION_MESSAGES.resetSent(target.email),
    })
  })
}
