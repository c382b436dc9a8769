import type { Language } from '#server/i18n/languages'
import { dateInLanguage } from './language-dates'
import { formatInZone, type DateInput, type DatePreferences } from './tenant-dates'

/**
 * A list's date in the page's language: English keeps the spec's mediumDate ('Nov 27, 2026'),
 * Turkish writes its day first with its own month names ('27 Kas 2026').
 */
export function mediumDateIn(value: DateInput, preferences: DatePreferences, language: Language): string {
  return language === 'en' ? formatInZone(value, preferences, 'mediumDate') : dateInLanguage(value, preferences, 'date', language)
}
