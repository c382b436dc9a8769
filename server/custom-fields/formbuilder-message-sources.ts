import type { MessageSource } from '#server/i18n/message-source'

/**
 * The messages the staff custom-form screens, the custom fields and the screen customiser
 * answer with, each of which has its Turkish (server/i18n/locales/tr/messages/formbuilder.json).
 */
export const FORMBUILDER_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = []
