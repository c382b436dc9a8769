import { COUNTRIES } from '#server/shell/dial-codes'
import { parseDescriptor, type FieldSchema, type ScreenDescriptor } from '#server/screens/descriptor'
import { BROWSER_EMAIL_PATTERN } from './email-pattern'
import type { FormDefinition } from './form-definition'
import { formInputsFor, type FormInput, type FormInputOptions } from './form-inputs'
import { FORM_MESSAGES, invalidDateMessage, notANumberMessage, notAnOptionMessage, requiredMessage, tooLongMessage } from './form-messages'
import { phonePatternFor } from './phone-mask'

/** "First and last name": two words at least. */
const FULL_NAME_PATTERN = '\\S+\\s+\\S+'

const cache = new Map<string, ScreenDescriptor>()
const MAX_CACHED = 2000

/**
 * The descriptor of a public registration form, generated from the custom form and its
 * fields: one property per input of `formInputsFor` (the same list the server validates
 * with), with the spec's rules and words as schema keywords and messages, so the browser
 * checks what the server will. Cached per form version and render options.
 */
export function publicFormDescriptor(form: FormDefinition, options: FormInputOptions): ScreenDescriptor {
  const key = `${form.id}:${form.version}:${options.country.code}:${options.multiCountry}:${options.isStudent}`
  const hit = cache.get(key)
  if (hit) return hit
  const inputs = formInputsFor(form, options)
  const properties: Record<string, FieldSchema> = {}
  const uiSchema: Record<string, unknown> = { 'ui:order': inputs.map((input) => input.key) }
  const fields: ScreenDescriptor['messages']['fields'] = {}
  const required: string[] = []
  for (const input of inputs) {
    const built = describe(input, options)
    properties[input.key] = built.schema
    uiSchema[input.key] = built.ui
    fields[input.key] = built.messages
    if (input.required && input.kind !== 'checkbox') required.push(input.key)
  }
  const descriptor = parseDescriptor({
    key: 'registration-form',
    version: form.version,
    title: form.name,
    schema: { type: 'object', properties, required },
    uiSchema,
    messages: { invalid: FORM_MESSAGES.invalidForm, fields },
  })
  if (cache.size >= MAX_CACHED) cache.clear()
  cache.set(key, descriptor)
  return descriptor
}

interface Described {
  schema: FieldSchema
  ui: Record<string, unknown>
  messages: Partial<Record<'required' | 'pattern' | 'maxLength' | 'type' | 'enum' | 'const', string>>
}

function describe(input: FormInput, options: FormInputOptions): Described {
  const title = input.label
  const common = {
    ...(input.placeholder ? { 'ui:placeholder': input.placeholder } : {}),
    ...(input.help ? { 'ui:help': input.help } : {}),
  }
  const tooLong = tooLongMessage(title, input.maxLength)
  switch (input.kind) {
    case 'name':
      return {
        schema: { type: 'string', title, maxLength: input.maxLength, pattern: FULL_NAME_PATTERN },
        ui: { ...common, 'ui:autocomplete': 'name' },
        messages: { required: FORM_MESSAGES.nameRequired, pattern: FORM_MESSAGES.nameRequired, maxLength: tooLong },
      }
    case 'email':
      return {
        schema: { type: 'string', title, maxLength: input.maxLength, pattern: BROWSER_EMAIL_PATTERN },
        ui: { ...common, 'ui:options': { inputType: 'email' }, ...(input.key === 'email' ? { 'ui:autocomplete': 'email' } : {}) },
        messages: {
          required: input.field ? requiredMessage(title) : FORM_MESSAGES.emailRequired,
          pattern: FORM_MESSAGES.emailInvalid,
          maxLength: tooLong,
        },
      }
    case 'phoneCountry':
      return {
        schema: { type: 'string', title, enum: COUNTRIES.map((country) => country.code), default: options.country.code },
        ui: {
          'ui:widget': 'select',
          'ui:options': { enumNames: Object.fromEntries(COUNTRIES.map((country) => [country.code, `${country.name} (${country.dialCode})`])) },
        },
        messages: { enum: notAnOptionMessage(title) },
      }
    case 'phone': {
      const multi = options.multiCountry && input.key === 'phone'
      return {
        // Other countries' masks differ, so with several countries the server alone checks the length.
        schema: { type: 'string', title, maxLength: input.maxLength, ...(multi ? {} : { pattern: phonePatternFor(options.country.mask) }) },
        ui: {
          ...common,
          'ui:widget': 'phone',
          ...(input.key === 'phone' ? { 'ui:autocomplete': 'tel-national' } : {}),
          ...(multi
            ? { 'ui:options': { countryField: 'phoneCountry', dialCodes: Object.fromEntries(COUNTRIES.map((c) => [c.code, c.dialCode])) } }
            : {}),
        },
        messages: { required: FORM_MESSAGES.phoneRequired, pattern: FORM_MESSAGES.phoneRequired, maxLength: FORM_MESSAGES.phoneRequired },
      }
    }
    case 'date':
      return {
        schema: { type: 'string', title, maxLength: 10, pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        ui: { ...common, 'ui:options': { inputType: 'date' }, 'ui:autocomplete': 'bday' },
        messages: { required: requiredMessage(title), pattern: invalidDateMessage(title) },
      }
    case 'number':
      return {
        schema: { type: 'number', title },
        ui: common,
        messages: { required: requiredMessage(title), type: notANumberMessage(title) },
      }
    case 'checkbox':
      return {
        schema: { type: 'boolean', title, ...(input.required ? { const: true } : {}) },
        ui: { ...common, 'ui:widget': 'checkbox' },
        messages: { const: requiredMessage(title), required: requiredMessage(title) },
      }
    case 'radio':
    case 'dropdown':
      return {
        schema: input.options.length > 0 ? { type: 'string', title, enum: input.options } : { type: 'string', title, maxLength: input.maxLength },
        ui: { ...common, 'ui:widget': input.kind === 'radio' ? 'radio' : 'select' },
        messages: { required: requiredMessage(title), enum: notAnOptionMessage(title) },
      }
    case 'header':
      return {
        schema: { type: 'string', title, readOnly: true },
        ui: { 'ui:widget': 'heading', 'ui:label': false, 'ui:options': { wide: true } },
        messages: {},
      }
    case 'textarea':
      return {
        schema: { type: 'string', title, maxLength: input.maxLength },
        ui: { ...common, 'ui:widget': 'textarea', 'ui:options': { rows: 4, wide: true } },
        messages: { required: requiredMessage(title), maxLength: tooLong },
      }
    case 'text':
      return {
        schema: { type: 'string', title, maxLength: input.maxLength },
        ui: common,
        messages: { required: requiredMessage(title), maxLength: tooLong },
      }
  }
}
