import { z } from 'zod'
import { CUSTOM_FIELD_TYPES, hasHelpText, hasOptions, canBeMandatory, MAX_OPTIONS } from './custom-field-types'

export const NAME_REQUIRED_MESSAGE = 'Name is required!'
export const OPTION_REQUIRED_MESSAGE = 'Option 1 is required!'

/** The domain's length refusals, after the descriptor's own checks. */
export const CUSTOM_FIELD_INPUT_MESSAGES = {
  nameTooLong: 'Name must be at most 255 characters',
  helpTextTooLong: 'Help text must be at most 500 characters',
  optionTooLong: 'An option must be at most 255 characters',
} as const

/**
 * A custom field as the dialog saves it: the domain's own check, run after the descriptor's.
 * Parts that do not apply to the type (options of a text field, help text of a radio) are
 * dropped rather than refused, since the 'all' dialog shows them for every type.
 */
export const customFieldInputSchema = z
  .object({
    type: z.enum(CUSTOM_FIELD_TYPES),
    name: z.string().trim().min(1, NAME_REQUIRED_MESSAGE).max(255, CUSTOM_FIELD_INPUT_MESSAGES.nameTooLong),
    /** Empty means "not edited": the tag is made from the name. */
    tag: z.string().trim().max(100).default(''),
    placeholder: z.string().trim().max(255).default(''),
    helpText: z.string().trim().max(500, CUSTOM_FIELD_INPUT_MESSAGES.helpTextTooLong).default(''),
    isMandatory: z.boolean().default(false),
    options: z.array(z.string().trim().max(255, CUSTOM_FIELD_INPUT_MESSAGES.optionTooLong)).max(MAX_OPTIONS).default([]),
  })
  .transform((input) => ({
    ...input,
    options: hasOptions(input.type) ? input.options.filter((option) => option !== '') : [],
    helpText: hasHelpText(input.type) ? input.helpText : '',
    isMandatory: canBeMandatory(input.type) ? input.isMandatory : false,
  }))
  .superRefine((input, ctx) => {
    if (hasOptions(input.type) && input.options.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['option1'], message: OPTION_REQUIRED_MESSAGE })
    }
  })

export type CustomFieldInput = z.output<typeof customFieldInputSchema>
