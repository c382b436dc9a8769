/** The languages the product speaks (spec: "Languages: English and Turkish"). */
export const LANGUAGES = ['en', 'tr'] as const

export type Language = (typeof LANGUAGES)[number]

export const DEFAULT_LANGUAGE: Language = 'en'

/** Each language by its own name, as a switcher lists them. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', tr: 'Türkçe' }

/** The locale that formats dates and numbers for each language. */
export const LANGUAGE_LOCALES: Record<Language, string> = { en: 'en-US', tr: 'tr-TR' }

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}
