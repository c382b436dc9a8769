import { sql } from 'kysely'
import { ACTIVITY_LINES } from '#server/activities/activity-lines'
import { recordActivity, ACTIVITY_TYPES } from '#server/activities/record-activity'
import { writeAuditLog } from '#server/auth/audit-log'
import { credentialsEmailLines, CREDENTIALS_LINK_LIFETIME_MINUTES, issuePasswordLink } from '#server/auth/password-link'
import { tenantOrigin } from '#server/auth/tenant-origin'
import { err, ok } from '#server/errors/result'
import type { Language } from '#server/i18n/languages'
import { recipientLanguage } from '#server/i18n/recipient-language'
import { tFor } from '#server/i18n/server-translator'
import { ROLE_STUDENT } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'
import { CONTACT_ACTION_MESSAGES } from './action-messages'
import { mailContact, type ContactActor, type ContactMailPlatform, type ContactMailResult } from './mail-contact'

/** The login details' email in the contact's language: a new account, or a new password for one they have. */
export function credentialsEmailText(
  input: { studio: string; name: string; email: string; origin: string; token: string; hadLogin: boolean },
  language: Language = 'en',
): { subject: string; text: string } {
  const t = tFor(language, 'emails')
  return {
    subject: t('credentialsSubject', { studio: input.studio }),
    text: [
      t('hello', { name: input.name }),
      '',
      input.hadLogin ? t('credentialsNewPassword', { studio: input.studio }) : t('credentialsAccountCreated', { studio: input.studio }),
      '',
      ...credentialsEmailLines({ email: input.email, origin: input.origin, token: input.token }, language),
      '',
      t('credentialsIgnore'),
    ].join('\n'),
  }
}

/**
 * 'Send credentials' (website spec 7: POST message/sendCredentials). A contact without a login
 * gets one: a contact with no role becomes a student (staff keep theirs), and the email carries
 * the sign-in address and a link, valid three days, to choose a password on the tenant's own
 * site (the reset-password page). A contact who already has a login gets the same link, which
 * replaces the password only once it is used.
 */
export function sendCredentials(
  platform: ContactMailPlatform,
  input: { tenant: Tenant; unverifiedGuid: unknown; actor: ContactActor; requestUrl: URL },
): Promise<ContactMailResult> {
  const { tenant, actor } = input
  return mailContact(platform, input, async (trx, target, now) => {
    if (target.isAccountLocked) return err('conflict', CONTACT_ACTION_MESSAGES.accountLocked)
    const role = target.role ?? ROLE_STUDENT
    if (target.role === null) {
      await trx.updateTable('contacts').set({ role: ROLE_STUDENT, updated_at: sql`now()` }).where('id', '=', target.id).execute()
    }
    const token = await issuePasswordLink(trx, { tenantId: tenant.id, contactId: target.id, lifetimeMinutes: CREDENTIALS_LINK_LIFETIME_MINUTES, ip: actor.ip, now })
    const origin = tenantOrigin(tenant, input.requestUrl, platform.env)
    await writeAuditLog(trx, {
      tenantId: tenant.id,
      actorContactId: actor.contactId,
      action: 'contact.credentials_sent',
      targetType: 'contact',
      targetId: target.guid,
      details: { hadLogin: target.hasLogin, before: { role: target.role }, after: { role } },
      ip: actor.ip,
    })
    await recordActivity(trx, {
      tenantId: tenant.id,
      contactId: target.id,
      type: ACTIVITY_TYPES.credentialsSent,
      text: ACTIVITY_LINES.credentialsSent(target.email),
      details: { sentBy: actor.fullName, hadLogin: target.hasLogin },
    })
    return ok({
      ...credentialsEmailText({ studio: tenant.name, name: target.fullName, email: target.email, origin, token, hadLogin: target.hasLogin }, recipientLanguage(target.language, tenant)),
      done: target.hasLogin ? CONTACT_ACTION_MESSAGES.passwordLinkSent(target.email) : CONTACT_ACTION_MESSAGES.credentialsSent(target.email),
    })
  })
}
