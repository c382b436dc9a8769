import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'

/** The "Forgot password" email, in the language of the page it was asked for on. */
export function passwordResetMail(language: Language, input: { organisation: string; link: string }): { subject: string; text: string } {
  const t = tFor(language, 'auth')
  return {
    subject: t('resetMailSubject', { organisation: input.organisation }),
    text: [t('resetMailAsked', { organisation: input.organisation }), '', t('resetMailOpenLink'), input.link, '', t('resetMailNotYou')].join('\n'),
  }
}
