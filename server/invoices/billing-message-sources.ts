import type { MessageSource } from '#server/i18n/message-source'

/**
 * The messages the staff invoice, offer and report screens answer with, each of which has its
 * Turkish (server/i18n/locales/tr/messages/billing.json).
 */
export const BILLING_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = []
