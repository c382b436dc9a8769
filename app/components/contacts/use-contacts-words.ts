import { useTranslation } from 'react-i18next'
import { isLanguage, LANGUAGE_LOCALES } from '#server/i18n/languages'

/**
 * The contacts screens' words and a number in the page's language ('1,250' or '1.250'), and
 * 'N contacts' with its number so written: the count words most of these screens need.
 */
export function useContactsWords() {
  const { t, i18n } = useTranslation('contacts')
  const locale = LANGUAGE_LOCALES[isLanguage(i18n.language) ? i18n.language : 'en']
  const shown = (value: number) => value.toLocaleString(locale)
  const contactCount = (count: number) => t('contactCount', { count, shown: shown(count) })
  return { t, shown, contactCount }
}
