import type { MessageSource } from '#server/i18n/message-source'
import { BUILDER_PAGE_MESSAGES } from './builder/builder-pages'
import { BUILDER_MESSAGES } from './builder/page-rules'
import { TEMPLATE_MESSAGES } from './builder/template-messages'

/**
 * The messages the website builder, the media library and the staff Files screen answer with,
 * each of which has its Turkish (server/i18n/locales/tr/messages/website.json).
 */
export const WEBSITE_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = [
  { name: 'BUILDER_MESSAGES', source: { ...BUILDER_MESSAGES, invalidForm: 'Invalid Form!' } },
  { name: 'TEMPLATE_MESSAGES', source: TEMPLATE_MESSAGES },
  { name: 'BUILDER_PAGE_MESSAGES', source: BUILDER_PAGE_MESSAGES },
]
