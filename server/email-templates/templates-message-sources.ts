import type { MessageSource } from '#server/i18n/message-source'
import { WIDGET_MESSAGES } from '#server/widgets/widget-messages'
import { TEMPLATE_MESSAGES, UNKNOWN_TAG_MESSAGES, UNREADABLE_TEMPLATE_FORM } from './email-template-form'

// The unknown-tags message is put together from UNKNOWN_TAG_MESSAGES, which are listed sentence by sentence.
const { unknownTags, ...fixedTemplateMessages } = TEMPLATE_MESSAGES

/**
 * The messages the email and SMS template screens and the widgets answer with, each of which
 * has its Turkish (server/i18n/locales/tr/messages/templates.json).
 */
export const TEMPLATES_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = [
  { name: 'TEMPLATE_MESSAGES', source: { ...fixedTemplateMessages, unreadable: UNREADABLE_TEMPLATE_FORM } },
  { name: 'UNKNOWN_TAG_MESSAGES', source: UNKNOWN_TAG_MESSAGES },
  { name: 'WIDGET_MESSAGES', source: WIDGET_MESSAGES },
]
