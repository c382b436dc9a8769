import { z } from 'zod'
import { FORM_TYPE_VALUES } from './form-types'
import { FORM_HTML_MAX_LENGTH } from './sanitize-form-html'

export const FORM_NAME_REQUIRED_MESSAGE = 'Form Name is required!'
export const FORM_NEEDS_NAME_MESSAGE =
  'Switch on Name, or add a custom field named Name: visitors must give their first and last name.'

const html = z.string().max(FORM_HTML_MAX_LENGTH, `A description must be at most ${FORM_HTML_MAX_LENGTH} characters`).default('')

/** A custom form as the staff editor saves it (the descriptor has checked shapes and words). */
export const customFormInputSchema = z.object({
  name: z.string().trim().min(1, FORM_NAME_REQUIRED_MESSAGE).max(255, 'Form Name must be at most 255 characters'),
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
  fieldGuIds: z.array(z.string().uuid()).max(100, 'A form can have at most 100 custom fields').default([]),
})

export type CustomFormInput = z.output<typeof customFormInputSchema>
