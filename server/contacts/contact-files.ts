import { LANGUAGE_LOCALES, type Language } from '#server/i18n/languages'

/** The answers of a contact's Files page (/contacts/{guId}/files). */
export const CONTACT_FILES_MESSAGES = {
  chooseFile: 'Choose a file.',
  shared: 'File shared.',
  unshared: 'No longer shared.',
} as const

/**
 * A file's size as the Files page writes it ('1.5 KB'), with the page's decimal mark ('1,5 KB').
 * No grouping, so English reads exactly as formatFileSize writes it.
 */
export function contactFileSize(bytes: number, language: Language): string {
  const decimal = (value: number) => value.toLocaleString(LANGUAGE_LOCALES[language], { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false })
  if (bytes < 1024) return `${bytes} B`
  if (bytes < 1024 * 1024) return `${decimal(bytes / 1024)} KB`
  return `${decimal(bytes / (1024 * 1024))} MB`
}
