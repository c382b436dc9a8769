import { parseDescriptor, type ScreenDescriptor } from '#server/screens/descriptor'
import { FORM_NAME_REQUIRED_MESSAGE } from './custom-form-input'
import { FORM_TYPES } from './form-types'
import { FORM_HTML_MAX_LENGTH } from './sanitize-form-html'

export const FORM_SWITCHES = [
  ['isName', 'Name'],
  ['isEmail', 'Email'],
  ['isPhone', 'Phone'],
  ['isShowBirthdate', 'Birth Date'],
  ['isShowEmergencyContact', 'Emergency Contact'],
  ['isShowGuardian', 'Guardian Details'],
  ['isSignRequired', 'Signature Required'],
  ['isAskedAtCheckout', 'Ask at Checkout'],
] as const

let cached: ScreenDescriptor | null = null

/** The staff form editor as a descriptor screen: name, type, the standard-field switches and the three descriptions. */
export function customFormDescriptor(): ScreenDescriptor {
  if (cached) return cached
  const html = { type: 'string' as const, maxLength: FORM_HTML_MAX_LENGTH }
  cached = parseDescriptor({
    key: 'custom-form',
    version: 1,
    title: 'Custom Form',
    schema: {
      type: 'object',
      properties: {
        name: { type: 'string', title: 'Form Name', maxLength: 255 },
        formType: { type: 'string', title: 'Form Type', enum: FORM_TYPES.map((type) => type.value) },
        ...Object.fromEntries(FORM_SWITCHES.map(([key, title]) => [key, { type: 'boolean', title }])),
        beforeForm: { ...html, title: 'Before Form Description' },
        subHeader: { ...html, title: 'Sub Header' },
        afterForm: { ...html, title: 'After Form Description' },
      },
      required: ['name', 'formType'],
    },
    uiSchema: {
      'ui:options': {
        sections: [
          { title: 'Form', fields: ['name', 'formType'] },
          { title: 'Standard fields', fields: FORM_SWITCHES.map(([key]) => key) },
          { title: 'Descriptions', fields: ['beforeForm', 'subHeader', 'afterForm'] },
        ],
      },
      name: { 'ui:autofocus': true },
      formType: { 'ui:widget': 'select', 'ui:options': { enumNames: Object.fromEntries(FORM_TYPES.map((type) => [type.value, type.label])) } },
      ...Object.fromEntries(FORM_SWITCHES.map(([key]) => [key, { 'ui:widget': 'switch' }])),
      isSignRequired: { 'ui:widget': 'switch', 'ui:help': 'Visitors sign by drawing, or by typing their full name without JavaScript.' },
      isAskedAtCheckout: {
        'ui:widget': 'switch',
        'ui:help': 'Student Registration forms only: checkout asks every buyer this form’s custom fields (and guardian details when switched on). One form at a time.',
      },
      beforeForm: { 'ui:widget': 'richText', 'ui:options': { wide: true } },
      subHeader: { 'ui:widget': 'richText', 'ui:options': { wide: true } },
      afterForm: { 'ui:widget': 'richText', 'ui:options': { wide: true } },
    },
    messages: {
      invalid: 'Invalid Form!',
      fields: { name: { required: FORM_NAME_REQUIRED_MESSAGE } },
    },
  })
  return cached
}
