import { useTranslation } from 'react-i18next'
import type { CATALOG } from '#server/i18n/catalog'
import { isLanguage, LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'

/** A word of the integrations, email templates and widgets screens, checked against the English catalog. */
export type IntegrationsKey = keyof (typeof CATALOG)['en']['integrations']

/** These screens' words, and the page's language and locale for dates and numbers. */
export function useIntegrationsWords() {
  const { t, i18n } = useTranslation('integrations')
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en'
  return { t, language, locale: LANGUAGE_LOCALES[language] }
}
