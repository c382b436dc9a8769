import { dateInLanguage } from '#server/dates/language-dates'
import type { DatePreferences } from '#server/dates/tenant-dates'
import type { Language } from '#server/i18n/languages'

/**
 * The day a file was uploaded on the staff Files screen: English keeps the ISO day it has always
 * shown ('2026-11-27'), Turkish writes it its own way in the studio's zone ('27 Kas 2026').
 */
export function fileDateText(createdAt: string, preferences: DatePreferences, language: Language): string {
  return language === 'en' ? createdAt.slice(0, 10) : dateInLanguage(createdAt, preferences, 'date', language)
}
