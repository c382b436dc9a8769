import type { TFunction } from 'i18next'
import type { BotCheckWords } from './bot-check'

/** The bot check's words from the forms namespace: ALTCHA's own text keys, in the page's language. */
export function botCheckWords(t: TFunction<'forms'>): BotCheckWords {
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
