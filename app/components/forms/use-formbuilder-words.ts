import { useTranslation } from 'react-i18next'
import type { CATALOG } from '#server/i18n/catalog'

/** A word of the staff custom forms, custom fields and screen customiser, checked against the English catalog. */
export type FormbuilderKey = keyof (typeof CATALOG)['en']['formbuilder']

/**
 * These screens' words. Only for components their own routes draw: those declare the
 * 'formbuilder' namespace (the custom field dialog, also opened from the template editor,
 * takes its words from its loader instead).
 */
export function useFormbuilderWords() {
  return useTranslation('formbuilder')
}
