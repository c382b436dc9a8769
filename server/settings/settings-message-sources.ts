import type { MessageSource } from '#server/i18n/message-source'

/**
 * The messages the settings screens (users, roles, franchises, the descriptor screens and
 * custom fields) answer with, each of which has its Turkish
 * (server/i18n/locales/tr/messages/settings.json).
 */
export const SETTINGS_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = []
