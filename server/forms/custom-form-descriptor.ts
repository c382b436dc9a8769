import type { Language } from '#server/i18n/languages'
import { translateMessage } from '#server/i18n/translate-message'
import { parseDescriptor, type ScreenDescriptor } from '#server/screens/descriptor'
import { formbuilderWords, formTypeLabelIn } from '#server/custom-fields/formbuilder-words'
import { FORM_NAME_REQUIRED_MESSAGE } from './custom-form-input'
import { FORM_TYPE_VALUES } from './form-types'
import { FORM_HTML_MAX_LENGTH } from './sanitize-form-html'

/** The standard inputs a form switches on or off, each with its word key. */
export const FORM_SWITCHES = [
  ['isName', 'switch_isName'],
  ['isEmail', 'switch_isEmail'],
  ['isPhone', 'switch_isPhone'],
  ['isShowBirthdate', 'switch_isShowBirthdate'],
  ['isShowEmergencyContact', 'switch_isShowEmergencyContact'],
  ['isShowGuardian', 'switch_isShowGuardian'],
  ['isSignRequired', 'switch_isSignRequired'],
  ['isAskedAtCheckout', 'switch_isAskedAtCheckout'],
] as const

const cache = new Map<Language, ScreenDescriptor>()

/**
 * The staff form editor as a descriptor screen: name, type, the standard-field switches and
 * the three descriptions, in the page's language (drawn and checked with the same words).
 */
export function customFormDescriptor(language: Language = 'en'): ScreenDescriptor {
  const hit = cache.get(language)
  if (hit) return hit
  const t = formbuilderWords(language)
  const html = { type: 'string' as const, maxLength: FORM_HTML_MAX_LENGTH }
  const parsed = parseDescriptor({
    key: 'custom-form',
    version: 1,
    title: t('customFormTitle'),
    schema: {
      type: 'object',
      properties: {
        name: { type: 'string', title: t('formName'), maxLength: 255 },
        formType: { type: 'string', title: t('formType'), enum: [...FORM_TYPE_VALUES] },
        ...Object.fromEntries(FORM_SWITCHES.map(([key, word]) => [key, { type: 'boolean', title: t(word) }])),
        beforeForm: { ...html, title: t('beforeForm') },
        subHeader: { ...html, title: t('subHeader') },
        afterForm: { ...html, title: t('afterForm') },
      },
      required: ['name', 'formType'],
    },
    uiSchema: {
      'ui:options': {
        sections: [
          { title: t('section_form'), fields: ['name', 'formType'] },
          { title: t('section_standard'), fields: FORM_SWITCHES.map(([key]) => key) },
          { title: t('section_descriptions'), fields: ['beforeForm', 'subHeader', 'afterForm'] },
        ],
      },
      name: { 'ui:autofocus': true },
      formType: { 'ui:widget': 'select', 'ui:options': { enumNames: Object.fromEntries(FORM_TYPE_VALUES.map((type) => [type, formTypeLabelIn(type, language)])) } },
      ...Object.fromEntries(FORM_SWITCHES.map(([key]) => [key, { 'ui:widget': 'switch' }])),
      isSignRequired: { 'ui:widget': 'switch', 'ui:help': t('signRequiredHelp') },
      isAskedAtCheckout: { 'ui:widget': 'switch', 'ui:help': t('askedAtCheckoutHelp') },
      beforeForm: { 'ui:widget': 'richText', 'ui:options': { wide: true } },
      subHeader: { 'ui:widget': 'richText', 'ui:options': { wide: true } },
      afterForm: { 'ui:widget': 'richText', 'ui:options': { wide: true } },
    },
    messages: {
      invalid: translateMessage(language, 'Invalid Form!'),
      fields: { name: { required: translateMessage(language, FORM_NAME_REQUIRED_MESSAGE) } },
    },
  })
  // The sentences made from a label ('Form Adı en fazla 255 karakter olmalıdır') follow the descriptor's language.
  const descriptor = language === 'en' ? parsed : { ...parsed, language }
  cache.set(language, descriptor)
  return descriptor
}
