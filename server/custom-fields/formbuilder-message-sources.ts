import type { MessageSource } from '#server/i18n/message-source'
import { CUSTOM_FORM_INPUT_MESSAGES, FORM_NAME_REQUIRED_MESSAGE, FORM_NEEDS_NAME_MESSAGE } from '#server/forms/custom-form-input'
import { FORM_EDITOR_TOASTS } from '#server/forms/custom-form-editor'
import { FIELD_GONE_MESSAGE } from '#server/forms/save-custom-form'
import { OVERLAY_PROBLEMS } from '#server/screens/apply-overlay'
import { CUSTOMISATION_RESET, CUSTOMISATION_SAVED, CUSTOMISE_MESSAGES } from '#server/screens/customise-screen'
import { CUSTOM_FIELD_TOASTS } from './custom-field-dialog'
import { CUSTOM_FIELD_INPUT_MESSAGES, OPTION_REQUIRED_MESSAGE } from './custom-field-input'
import { TAG_FORMAT_MESSAGE, TAG_HINT, TAG_IN_USE_MESSAGE, TAG_TOO_LONG_MESSAGE } from './tag-rules'

/**
 * The messages the staff custom-form screens, the custom fields and the screen customiser
 * answer with, each of which has its Turkish (server/i18n/locales/tr/messages/formbuilder.json).
 * 'Invalid Form!', 'Name is required!', the editor's "... is added/updated successfully." and
 * the PDF states already have theirs with the screens that listed them first.
 */
export const FORMBUILDER_MESSAGE_SOURCES: { name: string; source: MessageSource }[] = [
  { name: 'CUSTOM_FIELD_TOASTS', source: CUSTOM_FIELD_TOASTS },
  { name: 'custom field refusals', source: { ...CUSTOM_FIELD_INPUT_MESSAGES, OPTION_REQUIRED_MESSAGE } },
  // The tag hint is the dialog's help under Tag, drawn with the tag's refusals.
  { name: 'tag rules', source: { TAG_HINT, TAG_FORMAT_MESSAGE, TAG_TOO_LONG_MESSAGE, TAG_IN_USE_MESSAGE } },
  { name: 'custom form refusals', source: { ...CUSTOM_FORM_INPUT_MESSAGES, FORM_NAME_REQUIRED_MESSAGE, FORM_NEEDS_NAME_MESSAGE, FIELD_GONE_MESSAGE } },
  { name: 'FORM_EDITOR_TOASTS', source: { published: FORM_EDITOR_TOASTS.published, private: FORM_EDITOR_TOASTS.private } },
  { name: 'the screen customiser', source: { CUSTOMISATION_SAVED, CUSTOMISATION_RESET, ...CUSTOMISE_MESSAGES } },
  { name: 'OVERLAY_PROBLEMS', source: OVERLAY_PROBLEMS },
]
