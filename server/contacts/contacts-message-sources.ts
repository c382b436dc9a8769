import type { MessageSource } from '#server/i18n/message-source'
import { CONTACT_SELECTION_MESSAGES } from './contact-selection'
import { CUSTOM_FIELD_FILTER_MESSAGES } from './custom-field-filter'
import { TAG_FORM_MESSAGES } from './tag-contacts'

/**
 * The messages the staff Contacts screens answer with, each of which has its Turkish
 * (server/i18n/locales/tr/messages/contacts.json).
 */
export const CONTACTS_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = [
  { name: 'CUSTOM_FIELD_FILTER_MESSAGES', source: CUSTOM_FIELD_FILTER_MESSAGES },
  { name: 'TAG_FORM_MESSAGES', source: TAG_FORM_MESSAGES },
  // A custom field's problem comes before 'Nothing was changed.', sentence by sentence.
  { name: 'CONTACT_SELECTION_MESSAGES', source: { ...CONTACT_SELECTION_MESSAGES, nothingChangedAlone: 'Nothing was changed.' } },
]
