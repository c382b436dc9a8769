import type { TFunction } from 'i18next'
import type { BotCheckWords } from '#app/components/forms/bot-check'

/** The bot check's words on the sign-in pages, from the auth namespace: ALTCHA's own text keys, in the page's language. */
export function authBotCheckWords(t: TFunction<'auth'>): BotCheckWords {
  return {
    honeypotLabel: t('honeypotLabel'),
    widgetStrings: JSON.stringify({
      label: t('botCheckLabel'),
      loading: t('botCheckLoading'),
      verify: t('botCheckVerify'),
      verifying: t('botCheckVerifying'),
      verified: t('botCheckVerified'),
      waitAlert: t('botCheckWait'),
      verificationRequired: t('botCheckRequired'),
      error: t('botCheckError'),
      expired: t('botCheckExpired'),
      reload: t('botCheckReload'),
    }),
  }
}
