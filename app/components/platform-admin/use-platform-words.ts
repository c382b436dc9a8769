import { useTranslation } from 'react-i18next'
import { isLanguage, LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'

/** The master tenant's screens' and the reviews list's words, and the page's locale for numbers. */
export function usePlatformWords() {
  const { t, i18n } = useTranslation('platform')
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'en'
  return { t, language, locale: LANGUAGE_LOCALES[language] }
}
