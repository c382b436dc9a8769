import { translateMessage } from '#server/i18n/translate-message'
import type { Language } from '#server/i18n/languages'
import type { Toast } from './toast.server'

/** A toast of the portal in the page's language: actions write it in English, the page shows it. */
export function portalToast(toast: Toast | null, language: Language): Toast | null {
  return toast ? { ...toast, message: translateMessage(language, toast.message) } : null
}
