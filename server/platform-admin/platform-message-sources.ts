import type { MessageSource } from '#server/i18n/message-source'
import { TENANT_ADMIN_MESSAGES } from './all-tenants'

/**
 * The messages the master tenant's screens (all tenants, the plan catalogue) and the staff
 * reviews screen answer with, each of which has its Turkish
 * (server/i18n/locales/tr/messages/platform.json).
 */
export const PLATFORM_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = [{ name: 'TENANT_ADMIN_MESSAGES', source: TENANT_ADMIN_MESSAGES }]
