import { z } from 'zod'
import { FORM_TYPE_VALUES } from './form-types'
import { FORM_HTML_MAX_LENGTH } from './sanitize-form-html'

export const FORM_NAME_REQUIRED_MESSAGE = 'Form Name is required!'
export const FORM_NEEDS_NAME_MESSAGE =
  'Switch on Name, or add a custom field named Name: visitors must give their first and last name.'

/** The domain's length refusals, after the descriptor's own checks. */
export const CUSTOM_FORM_INPUT_MESSAGES = {
  nameTooLong: 'Form Name must be at most 255 characters',
  descriptionTooLong: `A description must be at most ${FORM_HTML_MAX_LENGTH} characters`,
  tooManyFields: 'A form can have at most 100 custom fields',
} as const

const html = z.string().max(FORM_HTML_MAX_LENGTH, CUSTOM_FORM_INPUT_MESSAGES.descriptionTooLong).default('')

/** A custom form as the staff editor saves it (the descriptor has checked shapes and words). */
export const customFormInputSchema = z.object({
  name: z.string().trim().min(1, FORM_NAME_REQUIRED_MESSAGE).max(255, CUSTOM_FORM_INPUT_MESSAGES.nameTooLong),
  formType: z.enum(FORM_TYPE_VALUES),
  isName: z.boolean().default(false),
  isEmail: z.boolean().default(false),
  isPhone: z.boolean().default(false),
  isShowEmergencyContact: z.boolean().default(false),
  isShowBirthdate: z.boolean().default(false),
  isShowGuardian: z.boolean().default(false),
  isSignRequired: z.boolean().default(false),
  isAskedAtCheckout: z.boolean().default(false),
  beforeFormHtml: html,
  subHeaderHtml: html,
  afterFormHtml: html,
  /** The form's custom fields, in order, by guid. */
  fieldGuIds: z.array(z.string().uuid()).max(100, CUSTOM_FORM_INPUT_MESSAGES.tooManyFields).default([]),
})

export type CustomFormInput = z.output<typeof customFormInputSchema>
