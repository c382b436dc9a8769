import { LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'

/** A count as the page's language writes it: '1,250' in English, '1.250' in Turkish. */
export function shownCount(count: number, language: Language): string {
  return count.toLocaleString(LANGUAGE_LOCALES[language])
}
