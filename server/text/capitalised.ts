import { LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'

/** The text with its first letter in capitals as the language writes it (Turkish 'i' is 'İ'). */
export function capitalised(text: string, language: Language): string {
  return text.charAt(0).toLocaleUpperCase(LANGUAGE_LOCALES[language]) + text.slice(1)
}
