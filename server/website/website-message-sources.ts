import type { MessageSource } from '#server/i18n/message-source'
import { BUILDER_PAGE_MESSAGES } from './builder/builder-pages'
import { BUILDER_MESSAGES } from './builder/page-rules'
import { TEMPLATE_MESSAGES } from './builder/template-messages'
import { MEDIA_MESSAGES, refusedMessage, uploadedMessage } from '#server/media/media-rules'
import { SHARED_FILE_MESSAGES, UNNAMED_FILE } from '#server/shared-files/shared-files'
import { FILES_SCREEN_MESSAGES } from '#server/shared-files/files-screen-messages'

/**
 * The messages the website builder, the media library and the staff Files screen answer with,
 * each of which has its Turkish (server/i18n/locales/tr/messages/website.json).
 */
export const WEBSITE_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = [
  { name: 'BUILDER_MESSAGES', source: { ...BUILDER_MESSAGES, invalidForm: 'Invalid Form!' } },
  { name: 'TEMPLATE_MESSAGES', source: TEMPLATE_MESSAGES },
  { name: 'BUILDER_PAGE_MESSAGES', source: BUILDER_PAGE_MESSAGES },
  // One file and several are worded apart; the count of several is a value.
  { name: 'MEDIA_MESSAGES', source: { ...MEDIA_MESSAGES, uploadedOne: uploadedMessage(1), uploadedMany: uploadedMessage, refusedMessage } },
  // A file too large to be read has no name yet, and is called 'A file'.
  { name: 'SHARED_FILE_MESSAGES', source: { ...SHARED_FILE_MESSAGES, tooLargeUnnamed: SHARED_FILE_MESSAGES.tooLarge(UNNAMED_FILE) } },
  { name: 'FILES_SCREEN_MESSAGES', source: FILES_SCREEN_MESSAGES },
]
