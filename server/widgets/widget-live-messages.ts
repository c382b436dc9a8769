import type { Language } from '#server/i18n/languages'
import { translateMessage } from '#server/i18n/translate-message'
import { WIDGET_MESSAGES } from './widget-messages'

/** The messages the widget form shows as it is typed in, before anything is posted. */
export interface WidgetLiveMessages {
  nameRequired: string
  urlRequired: string
}

/**
 * Those messages in the page's language, worked out by the loader: the translation tables stay
 * on the server, and the form gets only these two sentences.
 */
export function widgetLiveMessages(language: Language): WidgetLiveMessages {
  return { nameRequired: translateMessage(language, WIDGET_MESSAGES.nameRequired), urlRequired: translateMessage(language, WIDGET_MESSAGES.urlRequired) }
}
