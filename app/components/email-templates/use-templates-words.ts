import { useTranslation } from 'react-i18next'
import type { CATALOG } from '#server/i18n/catalog'

/** A word of the email template and widget screens, checked against the English catalog. */
export type TemplatesKey = keyof (typeof CATALOG)['en']['templates']

/** The email template and widget screens' words. */
export function useTemplatesWords() {
  const { t } = useTranslation('templates')
  return { t }
}
