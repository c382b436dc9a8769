import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'
import { VERIFICATION_LINK_LIFETIME_HOURS } from './email-verification'

/**
 * The email asking a contact to verify their address, in the given language: the person's own
 * page language when they ask for it themselves, the contact's own (else the studio's) when staff send it.
 */
export function emailVerificationMail(
  language: Language,
  input: { organisation: string; name: string; email: string; link: string },
): { subject: string; text: string } {
  const t = tFor(language, 'auth')
  return {
    subject: t('verifyMailSubject', { organisation: input.organisation }),
    text: [
      t('verifyMailHello', { name: input.name }),
      '',
      t('verifyMailAsks', { organisation: input.organisation, email: input.email }),
      '',
      t('verifyMailOpenLink', { hours: VERIFICATION_LINK_LIFETIME_HOURS }),
      input.link,
      '',
      t('verifyMailIgnore'),
    ].join('\n'),
  }
}
