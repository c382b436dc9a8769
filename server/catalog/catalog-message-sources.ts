import type { MessageSource } from '#server/i18n/message-source'
import { IMAGE_TOO_LARGE, IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE, NOT_AN_IMAGE } from '#server/files/upload-limits'
import { CLASS_FORM_MESSAGES, ROOM_MESSAGES } from './classes/class-form-schema'
import { CLASS_RULE_MESSAGES } from './classes/class-rule-schema'
import { CLASS_SERIES_MESSAGES } from './classes/class-series'
import { MEETING_MESSAGES } from '#server/meetings/meeting-providers'
import { CLASS_TOASTS, MEETING_LINK_REFUSALS } from './classes/class-toasts'
import { OCCURRENCE_MESSAGES } from './classes/occurrence-form-schema'
import { COURSE_CONTENT_MESSAGES } from './courses/chapter-input'
import { COURSE_CONTENT_TOASTS } from './courses/content-screen'
import { CLASS_RULE_REFUSALS } from './classes/save-class-rule'
import { BUNDLE_FORM_MESSAGES } from './items/bundle-form'
import { GALLERY_MESSAGES } from './items/cover-variants'
import { DONATION_FORM_MESSAGES } from './items/donation-form'
import { EVENT_ADDRESS_FIELDS, EVENT_FORM_MESSAGES } from './items/event-form'
import { ITEM_FORM_MESSAGES } from './items/item-form'
import { EDITED_ITEM_KINDS, ITEM_KIND_SCREENS } from './items/item-kinds'
import { ITEM_TOASTS } from './items/item-toasts'
import { PRICE_OPTION_ROW_MESSAGES } from './items/price-option-rows'
import { PRICE_OPTION_MESSAGES } from './price-options'

const { slugTaken, ...fixedItemFormMessages } = ITEM_FORM_MESSAGES
const { required, tooLong, ...otherEventMessages } = EVENT_FORM_MESSAGES

/**
 * The messages the staff catalog and schedule screens answer with (services, products,
 * bundles, donations, memberships, rules, schedule), each of which has its Turkish
 * (server/i18n/locales/tr/messages/catalog.json).
 */
export const CATALOG_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = [
  { name: 'ITEM_FORM_MESSAGES', source: fixedItemFormMessages },
  // The kind's word is English inside the sentence: each kind's sentence has its own entry.
  { name: 'ITEM_FORM_MESSAGES.slugTaken', source: Object.fromEntries(EDITED_ITEM_KINDS.map((kind) => [kind, slugTaken(ITEM_KIND_SCREENS[kind].singular)])) },
  { name: 'ITEM_TOASTS', source: ITEM_TOASTS },
  { name: 'PRICE_OPTION_MESSAGES', source: PRICE_OPTION_MESSAGES },
  { name: 'PRICE_OPTION_ROW_MESSAGES', source: PRICE_OPTION_ROW_MESSAGES },
  { name: 'GALLERY_MESSAGES', source: GALLERY_MESSAGES },
  { name: 'DONATION_FORM_MESSAGES', source: DONATION_FORM_MESSAGES },
  { name: 'BUNDLE_FORM_MESSAGES', source: BUNDLE_FORM_MESSAGES },
  { name: 'EVENT_FORM_MESSAGES', source: otherEventMessages },
  // The address field's English label is inside the sentence: each field's sentences have their own entries.
  {
    name: 'EVENT_FORM_MESSAGES.required and tooLong',
    source: Object.fromEntries([
      ['venueTooLong', tooLong('Venue', 200)],
      ...EVENT_ADDRESS_FIELDS.flatMap(([name, label, max]) => [
        [`${name}Required`, required(label)],
        [`${name}TooLong`, tooLong(label, max)],
      ]),
    ]),
  },
  { name: 'CLASS_FORM_MESSAGES', source: CLASS_FORM_MESSAGES },
  { name: 'CLASS_RULE_MESSAGES', source: CLASS_RULE_MESSAGES },
  { name: 'CLASS_RULE_REFUSALS', source: CLASS_RULE_REFUSALS },
  { name: 'ROOM_MESSAGES', source: ROOM_MESSAGES },
  { name: 'CLASS_SERIES_MESSAGES', source: CLASS_SERIES_MESSAGES },
  { name: 'CLASS_TOASTS', source: CLASS_TOASTS },
  { name: 'OCCURRENCE_MESSAGES', source: { ...OCCURRENCE_MESSAGES, cancelledOne: OCCURRENCE_MESSAGES.cancelled(1) } },
  // A class's or event's new meeting link (/classrule/{guId}/regenerateurl) answers with these.
  { name: 'MEETING_LINK_REFUSALS', source: MEETING_LINK_REFUSALS },
  { name: 'MEETING_MESSAGES (a new meeting link)', source: { generated: MEETING_MESSAGES.generated, regenerated: MEETING_MESSAGES.regenerated, notConnected: MEETING_MESSAGES.notConnected } },
  { name: 'COURSE_CONTENT_MESSAGES', source: COURSE_CONTENT_MESSAGES },
  { name: 'COURSE_CONTENT_TOASTS', source: COURSE_CONTENT_TOASTS },
  { name: 'cover and picture upload messages', source: { IMAGE_TOO_LARGE, NOT_AN_IMAGE, IMAGE_TOO_MANY_PIXELS, IMAGE_UNREADABLE } },
]
