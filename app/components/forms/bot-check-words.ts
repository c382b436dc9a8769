import type { BotCheckWords } from './bot-check'

/** The keys of the bot check's words: the same in every namespace that draws one (forms, auth). */
type BotCheckKey =
  | 'honeypotLabel'
  | 'botCheckLabel'
  | 'botCheckLoading'
  | 'botCheckVerify'
  | 'botCheckVerifying'
  | 'botCheckVerified'
  | 'botCheckWait'
  | 'botCheckRequired'
  | 'botCheckError'
  | 'botCheckExpired'
  | 'botCheckReload'

/** The bot check's words in the page's language, as ALTCHA's own text keys; `words` reads the namespace the page draws with. */
export function botCheckWords(words: (key: BotCheckKey) => string): BotCheckWords {
  return {
    honeypotLabel: words('honeypotLabel'),
    widgetStrings: JSON.stringify({
      label: words('botCheckLabel'),
      loading: words('botCheckLoading'),
      verify: words('botCheckVerify'),
      verifying: words('botCheckVerifying'),
      verified: words('botCheckVerified'),
      waitAlert: words('botCheckWait'),
      verificationRequired: words('botCheckRequired'),
      error: words('botCheckError'),
      expired: words('botCheckExpired'),
      reload: words('botCheckReload'),
    }),
  }
}
