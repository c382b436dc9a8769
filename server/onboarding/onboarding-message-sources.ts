import type { MessageSource } from '#server/i18n/message-source'
import { ONBOARDING_MESSAGES } from './onboarding-steps'

/**
 * The messages the onboarding wizard answers a new studio's staff with (a refused step, the
 * verification email resent), each of which has its Turkish
 * (server/i18n/locales/tr/messages/platform.json).
 */
export const ONBOARDING_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = [{ name: 'ONBOARDING_MESSAGES', source: ONBOARDING_MESSAGES }]
