import type { MessageSource } from '#server/i18n/message-source'

/**
 * The messages the integrations screens (payments, email sender, SMS, meetings), email
 * templates and widgets answer with, each of which has its Turkish
 * (server/i18n/locales/tr/messages/integrations.json).
 */
export const INTEGRATIONS_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = []
