import { useTranslation } from 'react-i18next'
import { isLanguage, LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'

/** The invoice, offer and report screens' words, and the page's locale for numbers. */
export function useBillingWords() {
  const { t, i18n } = useTranslation('billing')
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en'
  return { t, language, locale: LANGUAGE_LOCALES[language] }
}
