import type { MessageSource } from '#server/i18n/message-source'

/**
 * The messages the staff catalog and schedule screens answer with (services, products,
 * bundles, donations, memberships, rules, schedule), each of which has its Turkish
 * (server/i18n/locales/tr/messages/catalog.json).
 */
export const CATALOG_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = []
