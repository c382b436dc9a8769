import { MAX_EVENT_COUNT } from './widget-types'

/** The spec's words where it gives them ('Name is required!', 'Url is required!', the update toast), ours elsewhere. */
export const WIDGET_MESSAGES = {
  nameRequired: 'Name is required!',
  nameTooLong: 'Name must be at most 100 characters.',
  typeRequired: 'Choose a widget type.',
  titleTooLong: 'Title must be at most 200 characters.',
  bodyRequired: 'Announcement text is required!',
  bodyTooLong: 'The announcement is too long.',
  urlRequired: 'Url is required!',
  urlInvalid: 'Enter a full web address that starts with https:// or http://.',
  urlTooLong: 'The web address must be at most 2000 characters.',
  countInvalid: `Show between 1 and ${MAX_EVENT_COUNT} events.`,
  widthInvalid: 'Width must be a whole number of pixels from 100 to 4000, or empty.',
  heightInvalid: 'Height must be a whole number of pixels from 40 to 4000, or empty.',
  invalid: 'Please correct the highlighted fields.',
  unreadable: 'Invalid Form!',
  created: 'Widget created successfully',
  updated: 'Widget updated successfully',
  published: 'Widget published',
  unpublished: 'Widget unpublished',
  deleted: 'Widget deleted successfully',
  notFound: 'Widget not found',
} as const
