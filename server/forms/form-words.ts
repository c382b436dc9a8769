import type { TFunction } from 'i18next'
import type { Language } from '#server/i18n/languages'
import { tFor } from '#server/i18n/server-translator'

/**
 * A t() of the forms namespace for server code (page titles, widget options), its keys checked
 * against the English catalog: tFor answers for any namespace, so it is typed for the default.
 */
export function formWordsFor(language: Language): TFunction<'forms'> {
  return tFor(language, 'forms') as unknown as TFunction<'forms'>
}
