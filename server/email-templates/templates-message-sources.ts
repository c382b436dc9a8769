import type { MessageSource } from '#server/i18n/message-source'

/**
 * The messages the email and SMS template screens and the widgets answer with, each of which
 * has its Turkish (server/i18n/locales/tr/messages/templates.json).
 */
export const TEMPLATES_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = []
