import type { MessageSource } from '#server/i18n/message-source'
import { ACTIVITY_LINES } from '#server/activities/activity-lines'
import { SEND_FROM_ACCOUNT_MESSAGES } from '#server/connected-emails/send-from-account-messages'
import { IMAGE_TOO_LARGE, IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE, NOT_AN_IMAGE } from '#server/files/upload-limits'
import { CONTACT_ACTION_MESSAGES } from './actions/action-messages'
import { CONTACT_EMAIL_MESSAGES } from './actions/contact-email-schema'
import { CONTACT_SELECTION_MESSAGES } from './contact-selection'
import { CUSTOM_FIELD_FILTER_MESSAGES } from './custom-field-filter'
import { CONTACT_PICTURE_MESSAGES } from './profile/picture-form'
import { linkCycleMessage, PROFILE_MESSAGES, tagCreatedMessage } from './profile/profile-forms'
import { TAG_FORM_MESSAGES } from './tag-contacts'
import { CONTACT_FILES_MESSAGES } from './contact-files'
import { UPLOAD_MESSAGES } from './import/create-contact-import'
import { MAPPING_MESSAGES } from './import/import-mapping'
import { ROW_MESSAGES } from './import/import-row'
import { STANDARD_TARGETS } from './import/import-targets'
import { MAPPING_STEP_MESSAGES } from './import/mapping-step'
import { PREVIEW_NOTES } from './import/preview-import'
import { IMPORT_FAILURES } from './import/run-contact-import'
import { SHARED_FILE_MESSAGES } from '#server/shared-files/shared-files'

/**
 * The messages the staff Contacts screens answer with, each of which has its Turkish
 * (server/i18n/locales/tr/messages/contacts.json).
 */
export const CONTACTS_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = [
  { name: 'ACTIVITY_LINES', source: ACTIVITY_LINES },
  { name: 'CUSTOM_FIELD_FILTER_MESSAGES', source: CUSTOM_FIELD_FILTER_MESSAGES },
  { name: 'TAG_FORM_MESSAGES', source: TAG_FORM_MESSAGES },
  // A custom field's problem comes before 'Nothing was changed.', sentence by sentence.
  { name: 'CONTACT_SELECTION_MESSAGES', source: { ...CONTACT_SELECTION_MESSAGES, nothingChangedAlone: 'Nothing was changed.' } },
  { name: "the profile's notes, tags and family", source: { ...PROFILE_MESSAGES, tagCreatedMessage, linkCycleMessage } },
  { name: 'a contact picture', source: { ...CONTACT_PICTURE_MESSAGES, IMAGE_TOO_LARGE, NOT_AN_IMAGE, IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE } },
  { name: 'CONTACT_ACTION_MESSAGES', source: CONTACT_ACTION_MESSAGES },
  { name: 'the Send email form', source: { ...CONTACT_EMAIL_MESSAGES, correctFields: 'Please correct the highlighted fields.' } },
  { name: 'SEND_FROM_ACCOUNT_MESSAGES', source: SEND_FROM_ACCOUNT_MESSAGES },
  { name: 'UPLOAD_MESSAGES', source: UPLOAD_MESSAGES },
  { name: 'MAPPING_STEP_MESSAGES', source: MAPPING_STEP_MESSAGES },
  { name: 'MAPPING_MESSAGES', source: MAPPING_MESSAGES },
  // 'This row has 1 value...' reads as its own sentence.
  { name: 'ROW_MESSAGES', source: { ...ROW_MESSAGES, raggedOne: 'This row has {{1}} value where the header has {{2}} columns.' } },
  { name: 'IMPORT_FAILURES', source: IMPORT_FAILURES },
  { name: 'PREVIEW_NOTES', source: PREVIEW_NOTES },
  { name: 'the import fields', source: Object.fromEntries(STANDARD_TARGETS.map((target) => [target.key, target.label])) },
  { name: "a contact's Files page", source: { ...CONTACT_FILES_MESSAGES, noContact: SHARED_FILE_MESSAGES.noContact } },
]
