import { sql } from 'kysely'
import { withTenant } from '#db/tenant-scope'
import { credentialsEmailLines, CREDENTIALS_LINK_LIFETIME_MINUTES, issuePasswordLink } from '#server/auth/password-link'
import type { Language } from '#server/i18n/languages'
import { recipientLanguage } from '#server/i18n/recipient-language'
import { tFor } from '#server/i18n/server-translator'
import { queueEmail } from '#server/mail/queue-email'
import type { Platform } from '#server/platform'
import { ROLE_STUDENT } from '#server/shell/roles'
import type { Tenant } from '#server/tenancy/tenant'

export type AccountOffer = 'sent' | 'has-login' | 'not-offered'

export const ACCOUNT_MESSAGES = {
  sent: (email: string) => `We emailed ${email} a link to choose the password of your new account.`,
  hasLogin: 'You already have an account with us: sign in with your email to see your order.',
} as const

/** The new account's email, in the buyer's language: the sign-in address and the link to choose a password. */
export function accountEmailText(input: { studio: string; name: string; email: string; origin: string; token: string }, language: Language = 'en'): { subject: string; text: string } {
  const t = tFor(language, 'emails')
  return {
    subject: t('accountSubject', { studio: input.studio }),
    text: [
      t('hello', { name: input.name }),
      '',
      t('accountCreatedAtCheckout', { studio: input.studio }),
      '',
      ...credentialsEmailLines({ email: input.email, origin: input.origin, token: input.token }, language),
      '',
      t('accountIgnore'),
    ].join('\n'),
  }
}

/**
 * The user form's 'Create an account' for a visitor: the buyer's contact becomes a student and
 * gets, by email, the sign-in address and a link (three days) to choose a password. Only a
 * contact without a login is given one, and the link goes to the contact's own email, so
 * typing someone else's address gives them nothing. Never throws: the order stands without it.
 */
export async function offerStudentAccount(
  platform: Pick<Platform, 'database' | 'jobs' | 'env' | 'logger'>,
  tenant: Tenant,
  input: { contactId: string; origin: string; ip: string | null; now: Date },
): Promise<AccountOffer> {
  try {
    const mail = await withTenant(platform.database, tenant.id, async (trx) => {
      const contact = await trx
        .selectFrom('contacts')
        .select(['email', 'first_name', 'last_name', 'role', 'password_hash', 'is_account_locked', 'language'])
        .where('id', '=', input.contactId)
        .forUpdate()
        .executeTakeFirst()
      if (!contact?.email || contact.is_account_locked) return 'not-offered' as const
      if (contact.password_hash !== null) return 'has-login' as const
      // Staff without a password are made by staff; a buyer's form never changes their role.
      if (contact.role !== null && contact.role !== ROLE_STUDENT) return 'not-offered' as const
      if (contact.role === null) await trx.updateTable('contacts').set({ role: ROLE_STUDENT, updated_at: sql`now()` }).where('id', '=', input.contactId).execute()
      const token = await issuePasswordLink(trx, { tenantId: tenant.id, contactId: input.contactId, lifetimeMinutes: CREDENTIALS_LINK_LIFETIME_MINUTES, ip: input.ip, now: input.now })
      return { email: contact.email, name: `${contact.first_name} ${contact.last_name}`.trim(), token, language: recipientLanguage(contact.language, tenant) }
    })
    if (typeof mail === 'string') return mail
    await queueEmail(platform, { tenantId: tenant.id, to: mail.email, ...accountEmailText({ studio: tenant.name, name: mail.name, email: mail.email, origin: input.origin, token: mail.token }, mail.language) })
    return 'sent'
  } catch (error) {
    platform.logger.error({ err: error }, 'an account asked for at checkout could not be offered')
    return 'not-offered'
  }
}
