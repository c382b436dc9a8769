import { useTranslation } from 'react-i18next'
import english from '#server/i18n/locales/en/settings.json'

/** The schema form's own words (buttons, widgets' labels), as keys of the settings namespace. */
export type SchemaFormWord = Extract<keyof typeof english, `sf_${string}`>

/**
 * The schema form's own words in the page's language. The form and its widgets also serve
 * pages that do not carry the settings namespace (public registration forms, onboarding):
 * there they keep their English words, as before.
 */
export function useSchemaFormWords(): (word: SchemaFormWord) => string {
  const { t } = useTranslation('settings')
  return (word) => t(word, { defaultValue: english[word] })
}
